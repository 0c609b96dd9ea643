package schemas

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var printer = message.NewPrinter(language.English)

// FieldError is one validation failure at one place in a JSON document.
type FieldError struct {
	// Pointer is an RFC 6901 JSON pointer to the offending value ("/backends/1/command").
	// The empty string is the document root.
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

func (e FieldError) String() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return p + ": " + e.Message
}

// FieldErrors is a list of validation failures, sorted by pointer.
type FieldErrors []FieldError

func (es FieldErrors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.String()
	}
	return strings.Join(parts, "; ")
}

// fieldErrors flattens a santhosh-tekuri validation error into leaf errors,
// each with its JSON pointer. A missing required property is reported at the
// pointer of the property itself ("/backends/1/command: missing property"),
// which is where a user looks for it.
func fieldErrors(err error) FieldErrors {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return FieldErrors{{Message: err.Error()}}
	}
	var out FieldErrors
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		base := pointer(e.InstanceLocation)
		switch k := e.ErrorKind.(type) {
		case *kind.Required:
			for _, m := range k.Missing {
				out = append(out, FieldError{Pointer: base + "/" + escapePointer(m), Message: "missing property"})
			}
		case *kind.AdditionalProperties:
			for _, p := range k.Properties {
				out = append(out, FieldError{Pointer: base + "/" + escapePointer(p), Message: "unknown property"})
			}
		default:
			out = append(out, FieldError{Pointer: base, Message: k.LocalizedString(printer)})
		}
	}
	walk(ve)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	// oneOf/anyOf branches can report the same leaf more than once.
	dedup := out[:0]
	for i, e := range out {
		if i > 0 && e == out[i-1] {
			continue
		}
		dedup = append(dedup, e)
	}
	return dedup
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// noLoader refuses every external reference: tool schemas come from backends
// and must not make the gateway read files or fetch URLs.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external schema reference %q not loaded", url)
}

// ErrSchemaTooComplex is matched (with errors.Is) by the error
// [CompileArgSchema] returns for a schema over [ArgSchemaLimits], and by the
// error [ArgSchema.Validate] returns when validating the given arguments
// would cost more than the work budget.
//
// Policy: such a schema or call is not an invalid call. The caller logs a
// warning (once per tool definition for a compile error, which is cached)
// and forwards the arguments unvalidated; the backend still validates them
// itself. Refusing the call instead would let one backend's schema, or one
// client's deeply nested arguments, make a tool unusable.
var ErrSchemaTooComplex = errors.New("too complex to validate")

// ErrValidatorFailed is matched by the error of a compile or validation
// that the JSON Schema library could not finish (it panicked, as it does
// on a number such as 1e1000010 beside a "maximum"). The gateway treats it
// as [ErrSchemaTooComplex]: the call goes through unvalidated, with a
// warning, and the backend validates its arguments itself.
var ErrValidatorFailed = errors.New("the schema validator failed")

// Undecided reports whether err (from [CompileArgSchema] or
// [ArgSchema.Validate]) means the arguments could not be checked, by the
// limits ([ErrSchemaTooComplex]) or a failure of the library
// ([ErrValidatorFailed]), rather than that they are invalid: the call then
// goes through unvalidated, with a warning, and the backend decides.
func Undecided(err error) bool {
	return errors.Is(err, ErrSchemaTooComplex) || errors.Is(err, ErrValidatorFailed)
}

// guard runs fn, turning a panic of the validator library into an error
// matching [ErrValidatorFailed]: schemas and arguments come from backends
// and clients, and no input may crash the gateway.
func guard(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrValidatorFailed, r)
		}
	}()
	return fn()
}

// ArgSchemaLimits bounds the cost of compiling and validating one tool input
// schema. Every limit is checked before the schema library sees the schema,
// so a hostile schema costs at most a linear scan of its bytes plus the
// analysis below, never the library's own (super-linear) compile.
type ArgSchemaLimits struct {
	// MaxBytes bounds the schema's encoded size.
	MaxBytes int
	// MaxDepth bounds the nesting of JSON objects and arrays in the schema
	// document. The library's compile time grows with the cube of the
	// subschema nesting (800 nested "properties" took 5 s and 4.6 GB), so
	// this is the limit that keeps a small schema from a slow compile.
	MaxDepth int
	// MaxSubschemas bounds the number of subschemas (every object or
	// boolean in a subschema position, $defs included).
	MaxSubschemas int
	// MaxRefs bounds the number of $ref, $dynamicRef and $recursiveRef.
	MaxRefs int
	// MaxWork bounds the number of (subschema, instance value) evaluations
	// one validation may perform, counted as explained at [ArgSchema.Validate].
	// At compile time the same bound is applied to every subschema against
	// a value with no members, which rejects reference chains whose
	// expansion is exponential (a 2 KB chain of oneOf $refs) once, up front.
	MaxWork int
}

// DefaultArgSchemaLimits are the limits [CompileArgSchema] uses. They are far
// above real tool schemas (a few hundred subschemas, nesting under 20) and,
// measured on a 2-core machine, keep one compile under about 100 ms (the
// library spends ~50 µs per subschema) and one validation under about
// 100 ms and 20 MB (~3 µs and ~700 bytes per counted step in the worst case,
// oneOf collecting errors).
var DefaultArgSchemaLimits = ArgSchemaLimits{
	MaxBytes:      256 << 10,
	MaxDepth:      64,
	MaxSubschemas: 2000,
	MaxRefs:       1000,
	MaxWork:       30000,
}

// ArgSchema validates tool arguments against a backend tool's input schema.
// It is safe for concurrent use.
type ArgSchema struct {
	s       *jsonschema.Schema
	g       *schemaGraph
	maxWork int
	fast    *fastSchema // nil unless the schema is of the fast path's subset (fastvalidate.go)
}

// CompileArgSchema compiles a tool's input schema with
// [DefaultArgSchemaLimits], through the package's compile cache: a schema
// whose bytes were compiled before (by any tool, in any catalog) is not
// compiled again. Schemas with no "$schema" are read as draft 2020-12;
// draft-04 to 2020-12 are accepted. External references are refused.
//
// An error means the schema itself is unusable: errors.Is(err,
// ErrSchemaTooComplex) for one over the limits, any other error for one that
// is not a valid schema. In both cases the caller should forward arguments
// unvalidated rather than reject the call. Compiling does not block on
// other compiles of different schemas; it may be called from any goroutine
// but costs up to tens of milliseconds: keep it off a connection's read loop.
func CompileArgSchema(raw json.RawMessage) (*ArgSchema, error) {
	return defaultArgCache.Compile(raw)
}

// CompileArgSchemaLimits compiles raw with the given limits, without the
// cache.
func CompileArgSchemaLimits(raw json.RawMessage, lim ArgSchemaLimits) (*ArgSchema, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = json.RawMessage(`{"type":"object"}`)
	}
	if len(raw) > lim.MaxBytes {
		return nil, fmt.Errorf("input schema: %w: %d bytes (limit %d)", ErrSchemaTooComplex, len(raw), lim.MaxBytes)
	}
	if d := jsonDepth(raw); d > lim.MaxDepth {
		return nil, fmt.Errorf("input schema: %w: nested %d deep (limit %d)", ErrSchemaTooComplex, d, lim.MaxDepth)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	g, err := analyze(doc, lim)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	const loc = "mcp:///inputSchema.json"
	if err := c.AddResource(loc, doc); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	var s *jsonschema.Schema
	if err := guard(func() (err error) { s, err = c.Compile(loc); return err }); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	return &ArgSchema{s: s, g: g, maxWork: lim.MaxWork, fast: newFastSchema(doc, true)}, nil
}

// Validate checks args (raw JSON; empty means {}) and returns nil or
// [FieldErrors] naming each offending field by JSON pointer.
//
// Before validating, it counts an upper bound of the evaluations the
// validator can perform on these arguments: for each pair (subschema s,
// value v) reached, 1, plus the pairs s's in-place keywords (allOf, anyOf,
// oneOf, not, if/then/else, dependentSchemas, $ref...) reach at v, plus the
// pairs its child keywords (properties, patternProperties,
// additionalProperties, items, prefixItems, contains...) reach at v's
// members, taking every keyword that may apply as applying; uniqueItems on
// an array of n costs n². The count is a sum over paths, computed with one
// memo entry per distinct pair, so counting costs at most as many steps as
// the budget. A validation whose bound exceeds the budget is not run: the
// error then matches [ErrSchemaTooComplex] (see its policy). This makes
// exponential blowups impossible whatever the shape, recursive schemas
// included: the validator's work is the number of such paths, and the
// count stops at the budget.
func (a *ArgSchema) Validate(args json.RawMessage) error {
	return a.validate(args, false)
}

// trimSpace is bytes.TrimSpace, without the call for bytes that start and
// end with printable ASCII (arguments as the fast lane scanned them):
// those are returned as they are.
func trimSpace(b []byte) []byte {
	if n := len(b); n > 0 && b[0] > ' ' && b[0] < utf8.RuneSelf && b[n-1] > ' ' && b[n-1] < utf8.RuneSelf {
		return b
	}
	return bytes.TrimSpace(b)
}

// ValidateScanned is [ArgSchema.Validate] for arguments the caller has
// already found to be exactly one valid JSON value, such as a value the
// fast lane's envelope scan (rpc.ScanCall) bounded: the same verdicts and
// errors, without checking the bytes' JSON again before the fast path.
// Given anything else it may accept what Validate rejects.
func (a *ArgSchema) ValidateScanned(args json.RawMessage) error {
	return a.validate(args, true)
}

// validate is Validate; scanned says args are known to be valid JSON.
func (a *ArgSchema) validate(args json.RawMessage, scanned bool) error {
	if len(trimSpace(args)) == 0 {
		args = json.RawMessage(`{}`)
	}
	if a.fast != nil && (scanned || rpc.Valid(args)) && a.fast.valid(args) {
		return nil
	}
	v, err := decodeArgs(args)
	if err != nil {
		return FieldErrors{{Message: "arguments are not valid JSON: " + err.Error()}}
	}
	// Fast path: an acyclic schema whose paths times the argument bytes is
	// within budget needs no exact count (see schemaGraph.paths).
	if a.g != nil && (a.g.paths == 0 || a.g.paths > a.maxWork/max(1, len(args))) {
		if w, ok := a.g.work(v, a.maxWork); !ok {
			return fmt.Errorf("input schema: %w: validating these arguments would take over %d steps (counted %d)", ErrSchemaTooComplex, a.maxWork, w)
		}
	}
	err = guard(func() error { return a.s.Validate(v) })
	if errors.Is(err, ErrValidatorFailed) {
		return fmt.Errorf("arguments: %w", err)
	}
	if err != nil {
		return fieldErrors(err)
	}
	return nil
}

// jsonDepth returns the deepest nesting of objects and arrays in b, which
// need not be valid JSON.
func jsonDepth(b []byte) int {
	depth, maxDepth := 0, 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
			maxDepth = max(maxDepth, depth)
		case '}', ']':
			depth--
		}
	}
	return maxDepth
}

// schemaGraph is the shape of a schema as the validator walks it: for each
// subschema, the subschemas it applies to the same value (in place) and to
// the value's members. It is built before the library compiles the schema
// and used to bound the work of every validation.
type schemaGraph struct {
	nodes []snode
	// paths is the number of paths from the root through every kind of
	// edge when the graph has no cycle and no uniqueItems, else 0. Every evaluation the
	// validator makes follows one such path to one value of the instance,
	// so paths × (values in the instance) bounds the work, and the
	// instance has at most as many values as it has bytes: validations
	// within that bound skip the exact count.
	paths int
}

// countPaths sets g.paths (saturating at limit+1; 0 if there is a cycle).
func (g *schemaGraph) countPaths(limit int) {
	memo := make([]int, len(g.nodes)) // 0 unknown, -1 on the stack, else paths+1
	cyclic := false
	var visit func(i int32) int
	visit = func(i int32) int {
		switch m := memo[i]; {
		case m == -1:
			cyclic = true
			return 0
		case m > 0:
			return m - 1
		}
		memo[i] = -1
		n := &g.nodes[i]
		total := 1
		add := func(ts []int32) {
			for _, t := range ts {
				total = min(total+visit(t), limit+1)
			}
		}
		add(n.inplace)
		for _, ts := range n.props {
			add(ts)
		}
		add(n.anyKey)
		add(n.keyNames)
		for _, ts := range n.prefix {
			add(ts)
		}
		add(n.anyItem)
		memo[i] = total + 1
		return total
	}
	if len(g.nodes) > 0 {
		g.paths = visit(0)
	}
	for i := range g.nodes {
		cyclic = cyclic || g.nodes[i].unique // uniqueItems costs n², not n: count exactly
	}
	if cyclic {
		g.paths = 0
	}
}

type snode struct {
	inplace  []int32            // allOf, anyOf, oneOf, not, if, then, else, dependentSchemas, dependencies, $ref, $dynamicRef, $recursiveRef
	props    map[string][]int32 // properties, by member name
	anyKey   []int32            // patternProperties, additionalProperties, unevaluatedProperties: may apply to any member
	keyNames []int32            // propertyNames: applies to each member's name
	prefix   [][]int32          // prefixItems, or items as an array (draft 4 to 2019-09): by index
	anyItem  []int32            // items, additionalItems, contains, unevaluatedItems: may apply to any element
	unique   bool               // uniqueItems: true
}

func (n *snode) hasObject() bool { return n.props != nil || len(n.anyKey) > 0 || len(n.keyNames) > 0 }
func (n *snode) hasArray() bool  { return len(n.prefix) > 0 || len(n.anyItem) > 0 || n.unique }

type pendingRef struct {
	from int32
	kind string // "$ref", "$dynamicRef", "$recursiveRef"
	ref  string
}

type graphBuilder struct {
	lim     ArgSchemaLimits
	doc     any
	g       schemaGraph
	byPtr   map[string]int32
	roots   []string           // pointers of resource roots: the document and every subschema with a non-fragment $id
	idRoots []string           // the resource roots that have a non-fragment $id
	anchors map[string][]int32 // $anchor, $dynamicAnchor and "$id": "#name" by name
	recurse []int32            // subschemas with "$recursiveAnchor": true
	refs    []pendingRef
	err     error
}

// analyze builds the graph of doc and checks the static limits: number of
// subschemas and references, and the in-place work of each subschema. The
// references are resolved conservatively: a fragment pointer is tried
// against every resource root, a plain-name fragment matches every anchor of
// that name, and $recursiveRef every recursive anchor and resource root, so
// the graph has at least the edges the library resolves.
func analyze(doc any, lim ArgSchemaLimits) (*schemaGraph, error) {
	b := &graphBuilder{lim: lim, doc: doc, byPtr: map[string]int32{}, anchors: map[string][]int32{}, roots: []string{""}}
	b.walk(doc, "")
	for len(b.refs) > 0 && b.err == nil {
		r := b.refs[0]
		b.refs = b.refs[1:]
		b.resolve(r)
	}
	if b.err != nil {
		return nil, b.err
	}
	g := &b.g
	g.countPaths(lim.MaxWork)
	// Static bound: every subschema against a value with no members.
	c := g.newCounter(nil, lim.MaxWork)
	for i := range g.nodes {
		if w := c.cost(int32(i), 0); c.over {
			if c.cycle {
				return nil, fmt.Errorf("input schema: %w: a reference cycle that does not descend into the value", ErrSchemaTooComplex)
			}
			return nil, fmt.Errorf("input schema: %w: expanding its references takes over %d steps (counted %d)", ErrSchemaTooComplex, lim.MaxWork, w)
		}
	}
	return g, nil
}

func (b *graphBuilder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

// walk adds the subschema v at ptr (and its subschemas) and returns its index.
func (b *graphBuilder) walk(v any, ptr string) int32 {
	if i, ok := b.byPtr[ptr]; ok {
		return i
	}
	if b.err != nil {
		return 0
	}
	if len(b.g.nodes) >= b.lim.MaxSubschemas {
		b.fail(fmt.Errorf("input schema: %w: over %d subschemas", ErrSchemaTooComplex, b.lim.MaxSubschemas))
		return 0
	}
	i := int32(len(b.g.nodes))
	b.g.nodes = append(b.g.nodes, snode{})
	b.byPtr[ptr] = i
	obj, ok := v.(map[string]any)
	if !ok {
		return i // a boolean schema (or not a schema: the compiler says so)
	}
	var n snode
	one := func(key string) (int32, bool) {
		sv, ok := obj[key]
		if !ok {
			return 0, false
		}
		return b.walk(sv, ptr+"/"+escapePointer(key)), true
	}
	list := func(key string) []int32 {
		arr, _ := obj[key].([]any)
		out := make([]int32, 0, len(arr))
		for j, sv := range arr {
			out = append(out, b.walk(sv, ptr+"/"+escapePointer(key)+"/"+strconv.Itoa(j)))
		}
		return out
	}
	mapOf := func(key string, fn func(name string, j int32)) {
		m, _ := obj[key].(map[string]any)
		for _, name := range sortedKeys(m) {
			sv := m[name]
			if _, isArr := sv.([]any); isArr {
				continue // dependencies: a list of names, not a schema
			}
			fn(name, b.walk(sv, ptr+"/"+escapePointer(key)+"/"+escapePointer(name)))
		}
	}
	for _, k := range [...]string{"not", "if", "then", "else"} {
		if j, ok := one(k); ok {
			n.inplace = append(n.inplace, j)
		}
	}
	for _, k := range [...]string{"allOf", "anyOf", "oneOf"} {
		n.inplace = append(n.inplace, list(k)...)
	}
	for _, k := range [...]string{"dependentSchemas", "dependencies"} {
		mapOf(k, func(_ string, j int32) { n.inplace = append(n.inplace, j) })
	}
	if _, ok := obj["properties"].(map[string]any); ok {
		n.props = map[string][]int32{}
		mapOf("properties", func(name string, j int32) { n.props[name] = append(n.props[name], j) })
	}
	mapOf("patternProperties", func(_ string, j int32) { n.anyKey = append(n.anyKey, j) })
	for _, k := range [...]string{"additionalProperties", "unevaluatedProperties"} {
		if j, ok := one(k); ok {
			n.anyKey = append(n.anyKey, j)
		}
	}
	if j, ok := one("propertyNames"); ok {
		n.keyNames = append(n.keyNames, j)
	}
	if _, isArr := obj["items"].([]any); isArr {
		for _, j := range list("items") {
			n.prefix = append(n.prefix, []int32{j})
		}
	} else if j, ok := one("items"); ok {
		n.anyItem = append(n.anyItem, j)
	}
	for k, j := range list("prefixItems") {
		if k < len(n.prefix) {
			n.prefix[k] = append(n.prefix[k], j)
		} else {
			n.prefix = append(n.prefix, []int32{j})
		}
	}
	for _, k := range [...]string{"additionalItems", "contains", "unevaluatedItems"} {
		if j, ok := one(k); ok {
			n.anyItem = append(n.anyItem, j)
		}
	}
	n.unique, _ = obj["uniqueItems"].(bool)
	for _, k := range [...]string{"$defs", "definitions"} {
		mapOf(k, func(string, int32) {}) // reached only through references
	}
	for _, k := range [...]string{"$id", "id"} {
		if id, ok := obj[k].(string); ok {
			if name, frag := strings.CutPrefix(id, "#"); frag {
				b.anchors[name] = append(b.anchors[name], i)
			} else if id != "" {
				if ptr != "" {
					b.roots = append(b.roots, ptr)
				}
				b.idRoots = append(b.idRoots, ptr)
			}
		}
	}
	for _, k := range [...]string{"$anchor", "$dynamicAnchor"} {
		if name, ok := obj[k].(string); ok {
			b.anchors[name] = append(b.anchors[name], i)
		}
	}
	if r, _ := obj["$recursiveAnchor"].(bool); r {
		b.recurse = append(b.recurse, i)
	}
	for _, k := range [...]string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if ref, ok := obj[k].(string); ok {
			if len(b.refs)+1 > b.lim.MaxRefs {
				b.fail(fmt.Errorf("input schema: %w: over %d references", ErrSchemaTooComplex, b.lim.MaxRefs))
				return i
			}
			b.refs = append(b.refs, pendingRef{from: i, kind: k, ref: ref})
		}
	}
	b.g.nodes[i] = n
	return i
}

// resolve adds the in-place edges of one reference to every subschema it
// may resolve to.
func (b *graphBuilder) resolve(r pendingRef) {
	var targets []int32
	base, frag, _ := strings.Cut(r.ref, "#")
	roots := b.roots
	if base != "" {
		// Resolved against some $id, or refused by the loader: only
		// resources with an $id can be the target.
		roots = b.idRoots
	}
	switch {
	case r.kind == "$recursiveRef":
		targets = append(targets, b.recurse...)
		for _, root := range b.roots {
			targets = append(targets, b.walk(b.at(root), root))
		}
	case frag == "" || strings.HasPrefix(frag, "/"):
		if f, err := url.PathUnescape(frag); err == nil {
			frag = f
		}
		for _, root := range roots {
			if v, ok := b.lookup(root + frag); ok {
				targets = append(targets, b.walk(v, root+frag))
			}
		}
	default:
		targets = b.anchors[frag]
	}
	// A node's inplace slice may be shared with nothing else: append is safe.
	n := &b.g.nodes[r.from]
	n.inplace = append(n.inplace, targets...)
}

// at returns the value at a pointer known to exist.
func (b *graphBuilder) at(ptr string) any {
	v, _ := b.lookup(ptr)
	return v
}

// lookup returns the document's value at an RFC 6901 pointer.
func (b *graphBuilder) lookup(ptr string) (any, bool) {
	v := b.doc
	if ptr == "" {
		return v, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			j, err := strconv.Atoi(tok)
			if err != nil || j < 0 || j >= len(x) {
				return nil, false
			}
			v = x[j]
		default:
			return nil, false
		}
	}
	return v, true
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// inode is one value of the instance being validated. Index 0 is a value
// with no members (a string, as a member name is).
type inode struct {
	keys     []string // object member names, parallel to children
	children []int32
	obj, arr bool
}

func flatten(v any, out []inode) []inode {
	i := len(out)
	out = append(out, inode{})
	switch x := v.(type) {
	case map[string]any:
		n := inode{obj: true, keys: make([]string, 0, len(x)), children: make([]int32, 0, len(x))}
		for k, c := range x {
			n.keys = append(n.keys, k)
			n.children = append(n.children, int32(len(out)))
			out = flatten(c, out)
		}
		out[i] = n
	case []any:
		n := inode{arr: true, children: make([]int32, 0, len(x))}
		for _, c := range x {
			n.children = append(n.children, int32(len(out)))
			out = flatten(c, out)
		}
		out[i] = n
	}
	return out
}

// counter counts validation paths with a memo per (subschema, value) pair.
type counter struct {
	g      *schemaGraph
	inst   []inode
	memo   map[uint64]int // -1 while being counted
	budget int
	steps  int
	over   bool
	cycle  bool
}

func (g *schemaGraph) newCounter(inst []inode, budget int) *counter {
	if len(inst) == 0 {
		inst = []inode{{}}
	}
	return &counter{g: g, inst: inst, memo: map[uint64]int{}, budget: budget}
}

// work returns the bound on validating v and whether it is within budget.
func (g *schemaGraph) work(v any, budget int) (int, bool) {
	if len(g.nodes) == 0 {
		return 0, true
	}
	inst := flatten(v, []inode{{}})
	c := g.newCounter(inst, budget)
	w := c.cost(0, 1)
	return w, !c.over
}

// cost returns the number of evaluations subschema s can cause at value v,
// saturated at budget+1; it sets c.over once the count or its own steps
// exceed the budget.
func (c *counter) cost(s, v int32) int {
	key := uint64(s)<<32 | uint64(uint32(v))
	if x, ok := c.memo[key]; ok {
		if x < 0 { // s reaches itself at the same value: the validator would not end
			c.over, c.cycle = true, true
			return c.budget + 1
		}
		return x
	}
	if c.over {
		return c.budget + 1
	}
	c.steps++
	if c.steps > c.budget {
		c.over = true
		return c.budget + 1
	}
	c.memo[key] = -1
	total := 1
	add := func(x int) {
		total += x
		if total > c.budget {
			total = c.budget + 1
			c.over = true
		}
	}
	n := &c.g.nodes[s]
	for _, t := range n.inplace {
		if add(c.cost(t, v)); c.over {
			break
		}
	}
	in := &c.inst[v]
	if in.obj && n.hasObject() && !c.over {
		add(len(in.keys))
		c.steps += len(in.keys)
		for k, name := range in.keys {
			child := in.children[k]
			for _, t := range n.props[name] {
				add(c.cost(t, child))
			}
			for _, t := range n.anyKey {
				add(c.cost(t, child))
			}
			for _, t := range n.keyNames {
				add(c.cost(t, 0))
			}
			if c.over {
				break
			}
		}
	}
	if in.arr && n.hasArray() && !c.over {
		l := len(in.children)
		add(l)
		c.steps += l
		if n.unique {
			add(l * l)
		}
		for k, child := range in.children {
			if k < len(n.prefix) {
				for _, t := range n.prefix[k] {
					add(c.cost(t, child))
				}
			}
			for _, t := range n.anyItem {
				add(c.cost(t, child))
			}
			if c.over {
				break
			}
		}
	}
	if c.steps > c.budget {
		c.over = true
	}
	if c.over {
		delete(c.memo, key)
		return c.budget + 1
	}
	c.memo[key] = total
	return total
}

// ArgSchemaCache compiles input schemas once per distinct definition: the
// key is the SHA-256 of the schema's bytes, so a catalog rebuilt after a
// backend restart or a list_changed reuses what was compiled, and two tools
// sharing a schema share its compilation. Failures (including
// [ErrSchemaTooComplex]) are cached too, so a hostile schema is analysed
// once. Concurrent compiles of one schema wait for the first. It holds at
// most MaxEntries schemas totalling MaxBytes of source, evicting the least
// recently used. It is safe for concurrent use.
type ArgSchemaCache struct {
	lim        ArgSchemaLimits
	maxEntries int
	maxBytes   int

	mu    sync.Mutex
	ll    *list.List // of *cacheEntry, most recently used first
	m     map[[32]byte]*list.Element
	bytes int // source bytes of the entries in ll
}

type cacheEntry struct {
	key  [32]byte
	size int
	// once compiles; a concurrent Compile of the same schema waits in Do.
	// (Not a channel: the cache is package-global, and a channel made in
	// one testing/synctest bubble must not be waited on from another.)
	once sync.Once
	s    *ArgSchema
	err  error
}

// NewArgSchemaCache returns a cache compiling with lim, holding at most
// maxEntries schemas and maxBytes of schema source (at least one entry is
// always kept).
func NewArgSchemaCache(lim ArgSchemaLimits, maxEntries, maxBytes int) *ArgSchemaCache {
	return &ArgSchemaCache{lim: lim, maxEntries: max(1, maxEntries), maxBytes: maxBytes, ll: list.New(), m: map[[32]byte]*list.Element{}}
}

var defaultArgCache = NewArgSchemaCache(DefaultArgSchemaLimits, 4096, 64<<20)

// Compile returns the compiled schema of raw, compiling it unless this
// cache holds it. Errors are as for [CompileArgSchema].
func (c *ArgSchemaCache) Compile(raw json.RawMessage) (*ArgSchema, error) {
	raw = bytes.TrimSpace(raw)
	key := sha256.Sum256(raw)
	c.mu.Lock()
	if el, ok := c.m[key]; ok {
		c.ll.MoveToFront(el)
		e := el.Value.(*cacheEntry)
		c.mu.Unlock()
		e.once.Do(func() { e.s, e.err = CompileArgSchemaLimits(raw, c.lim) })
		return e.s, e.err
	}
	e := &cacheEntry{key: key, size: len(raw)}
	c.m[key] = c.ll.PushFront(e)
	c.bytes += e.size
	for c.ll.Len() > 1 && (c.ll.Len() > c.maxEntries || c.bytes > c.maxBytes) {
		old := c.ll.Back().Value.(*cacheEntry)
		c.ll.Remove(c.ll.Back())
		delete(c.m, old.key)
		c.bytes -= old.size
	}
	c.mu.Unlock()
	e.once.Do(func() { e.s, e.err = CompileArgSchemaLimits(raw, c.lim) })
	return e.s, e.err
}

// Len returns the number of schemas held.
func (c *ArgSchemaCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
