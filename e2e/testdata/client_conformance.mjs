// client_conformance.mjs is the client command the MCP conformance suite
// runs for its core client scenarios (e2e/conformance_client_test.go):
// `node client_conformance.mjs SERVER_URL`. It configures SERVER_URL as
// the gateway's http backend and drives the gateway over stdio with the
// official TypeScript SDK client as an IDE would: it waits for the
// backend's tools, then calls the one the scenario offers. The suite
// judges the gateway, the client of its test server. Elicitation requests
// the backend sends reach this client through the gateway, which accepts
// them with the requested schema's defaults (the SDK's applyDefaults).
//
// Environment: AGENTIFY_BIN (the gateway binary), AGENTIFY_SDK (the
// @modelcontextprotocol/sdk directory), MCP_CONFORMANCE_SCENARIO.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const url = process.argv[process.argv.length - 1];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const dir = mkdtempSync(join(tmpdir(), "agentify-client-"));
const cfgPath = join(dir, "mcp-agentify.json");
writeFileSync(cfgPath, JSON.stringify({ expose: "all", backends: [{ id: "conf", type: "http", url }] }));

const imp = (p) => import(pathToFileURL(`${process.env.AGENTIFY_SDK}/dist/esm/${p}`).href);
const { Client } = await imp("client/index.js");
const { StdioClientTransport } = await imp("client/stdio.js");
const { ElicitRequestSchema } = await imp("types.js");
const transport = new StdioClientTransport({
  command: process.env.AGENTIFY_BIN,
  args: ["--config", cfgPath],
  env: { ...process.env, AGENTIFY_STATE_DIR: join(dir, "state") },
  stderr: "inherit",
});
const client = new Client({ name: "client-conformance", version: "1.0.0" }, { capabilities: { elicitation: { form: { applyDefaults: true } } } });
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: {} }));
await client.connect(transport, { timeout: 15000 });

// The backend's tools appear once the gateway's handshake with it is done;
// tools/list under expose "all" waits for that itself.
const tools = (await client.listTools()).tools.filter((t) => t.name.startsWith("conf__"));
console.error(`backend tools: ${tools.map((t) => t.name).join(", ")}`);
const args = { tools_call: { a: 5, b: 3 } }[scenario] ?? {};
let code = 0;
if (tools.length > 0 && scenario !== "initialize") {
  const res = await client.callTool({ name: tools[0].name, arguments: args }, undefined, { timeout: 30000 });
  console.error(`called ${tools[0].name}: isError=${!!res.isError} ${JSON.stringify(res.content).slice(0, 300)}`);
  if (res.isError) code = 1;
}
await client.close();
process.exit(code);
