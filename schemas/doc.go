// Package schemas holds the gateway's configuration types and loader, the
// generated configuration JSON Schema, and JSON Schema validation of tool
// arguments.
package schemas
