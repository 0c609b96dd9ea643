// Drives the real gateway with the official TypeScript SDK client, with
// handlers for sampling, elicitation (form and URL) and roots. Behind the
// gateway: server-everything ("everything") and server-filesystem ("fs").
// Prints one JSON line per check ({name, ok, detail}) and exits 1 if any
// check failed. Env: NM (node_modules), GATEWAY (binary), CONFIG, ROOT_DIR.
const NM = process.env.NM;
const sdk = (p) => import(`${NM}/@modelcontextprotocol/sdk/dist/esm/${p}`);
const { Client } = await sdk("client/index.js");
const { StdioClientTransport } = await sdk("client/stdio.js");
const T = await sdk("types.js");

const rootURI = "file://" + process.env.ROOT_DIR;
const client = new Client({ name: "ts-e2e", version: "1.0.0" }, {
  capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } },
});
const seen = { sampling: [], elicitForm: [], elicitURL: [], roots: 0 };
client.setRequestHandler(T.CreateMessageRequestSchema, async (req) => {
  seen.sampling.push(req.params);
  return { model: "e2e-model", role: "assistant", content: { type: "text", text: "SAMPLED-REPLY-42" } };
});
client.setRequestHandler(T.ElicitRequestSchema, async (req) => {
  if (req.params.mode === "url") {
    seen.elicitURL.push(req.params);
    return { action: "accept" };
  }
  seen.elicitForm.push(req.params);
  return { action: "accept", content: { name: "Ada Lovelace" } };
});
client.setRequestHandler(T.ListRootsRequestSchema, async () => {
  seen.roots++;
  return { roots: [{ uri: rootURI, name: "e2e root" }] };
});
// Every notification wakes the waiters; waitUntil re-checks on each.
let wake = [];
const notified = () => { const w = wake; wake = []; w.forEach((f) => f()); };
const updates = [];
client.setNotificationHandler(T.ResourceUpdatedNotificationSchema, (n) => { updates.push(n.params.uri); notified(); });
for (const s of [T.ToolListChangedNotificationSchema, T.PromptListChangedNotificationSchema, T.ResourceListChangedNotificationSchema]) {
  client.setNotificationHandler(s, notified);
}
async function waitUntil(what, check, ms = 30000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error("timed out waiting for " + what);
    // Wait for the next notification, or re-check after a while (bounded).
    await new Promise((r) => { wake.push(r); setTimeout(r, 250); });
  }
}

let failed = false;
async function check(name, f) {
  try {
    const detail = await f();
    console.log(JSON.stringify({ name, ok: true, detail }));
  } catch (e) {
    failed = true;
    console.log(JSON.stringify({ name, ok: false, detail: String(e && e.stack || e) }));
  }
}
function assert(c, msg) { if (!c) throw new Error(msg); }
const text = (r) => (r.content || []).map((c) => c.text || "").join("\n");

const transport = new StdioClientTransport({
  command: process.env.GATEWAY, args: ["--config", process.env.CONFIG], stderr: "inherit",
  env: { ...process.env, AGENTIFY_PAGE_SIZE: "3" },
});
await client.connect(transport);

// The wire as the client received it, in order. The TS SDK runs
// notification handlers in a microtask but responses synchronously, so a
// progress notification that arrives in the same read chunk as its
// response reaches onprogress after the handler is gone (a client-side
// race, also seen without the gateway). Order on the wire is what the
// gateway controls, so that is what the progress check asserts.
const wire = [];
const deliver = transport.onmessage;
transport.onmessage = (msg, extra) => {
  if (msg.method === "notifications/progress") wire.push({ progress: msg.params.progress, token: msg.params.progressToken });
  else if (msg.id !== undefined && msg.method === undefined) wire.push({ response: msg.id });
  deliver(msg, extra);
};

await check("capabilities", async () => {
  const c = client.getServerCapabilities();
  assert(c.tools && c.prompts && c.resources && c.resources.subscribe && c.completions && c.logging, JSON.stringify(c));
  assert(!c.tasks, "tasks must be stripped");
  return c;
});

const tools = await waitUntil("backend tools", async () => {
  const names = [];
  let cursor;
  do {
    const r = await client.listTools({ cursor });
    names.push(...r.tools.map((t) => t.name));
    cursor = r.nextCursor;
  } while (cursor);
  return names.includes("everything__trigger-sampling-request") && names.includes("everything__trigger-url-elicitation") &&
    names.includes("fs__list_allowed_directories") ? names : null;
});

await check("sampling round trip", async () => {
  const r = await client.callTool({ name: "everything__trigger-sampling-request", arguments: { prompt: "say hi", maxTokens: 20 } });
  assert(text(r).includes("SAMPLED-REPLY-42"), "reply not in result: " + text(r));
  assert(seen.sampling.length === 1, "sampling handler calls: " + seen.sampling.length);
  return text(r).slice(0, 120);
});

await check("progress with the client's token", async () => {
  const got = [];
  wire.length = 0;
  const r = await client.callTool({ name: "everything__trigger-long-running-operation", arguments: { duration: 1, steps: 4 } },
    undefined, { onprogress: (p) => got.push(p.progress) });
  // On the wire: progress 1..4 under one token (the client's own: the SDK
  // uses the request id), all before the response.
  const seq = wire.map((w) => (w.response !== undefined ? "r" : String(w.progress))).join(",");
  assert(seq === "1,2,3,4,r", "wire order: " + seq);
  const tokens = new Set(wire.filter((w) => w.token !== undefined).map((w) => String(w.token)));
  const respId = wire.find((w) => w.response !== undefined).response;
  assert(tokens.size === 1 && tokens.has(String(respId)), "progress tokens " + JSON.stringify([...tokens]) + " for request " + respId);
  assert(got.length >= 3 && JSON.stringify(got.slice(0, 3)) === "[1,2,3]", "onprogress saw: " + JSON.stringify(got));
  return { wire: seq, onprogress: got, result: text(r) };
});

await check("cancel mid-way, then usable", async () => {
  const ac = new AbortController();
  const got = [];
  const p = client.callTool({ name: "everything__trigger-long-running-operation", arguments: { duration: 30, steps: 60 } },
    undefined, { signal: ac.signal, onprogress: (pr) => { got.push(pr.progress); if (got.length === 2) ac.abort("enough"); } });
  let err;
  try { await p; } catch (e) { err = e; }
  assert(err, "the cancelled call resolved");
  const echo = await client.callTool({ name: "everything__echo", arguments: { message: "after-cancel" } });
  assert(text(echo).includes("after-cancel"), text(echo));
  return { progressBeforeCancel: got, error: String(err).slice(0, 80) };
});

await check("prompts list and get", async () => {
  const names = [];
  let cursor, pages = 0;
  do {
    const r = await client.listPrompts({ cursor });
    names.push(...r.prompts.map((p) => p.name));
    cursor = r.nextCursor; pages++;
  } while (cursor);
  assert(names.includes("everything__args-prompt") && names.includes("everything__simple-prompt"), names.join(","));
  assert(new Set(names).size === names.length, "duplicates: " + names.join(","));
  const g = await client.getPrompt({ name: "everything__args-prompt", arguments: { city: "Paris", state: "IDF" } });
  const t = JSON.stringify(g.messages);
  assert(t.includes("Paris, IDF"), t);
  return { names, pages };
});

await check("completion by prompt", async () => {
  const r = await client.complete({ ref: { type: "ref/prompt", name: "everything__completable-prompt" }, argument: { name: "department", value: "Eng" } });
  assert(r.completion.values.includes("Engineering"), JSON.stringify(r));
  return r.completion.values;
});

let staticURI;
await check("resources list, templates, read", async () => {
  const uris = [];
  let cursor, pages = 0;
  do {
    const r = await client.listResources({ cursor });
    uris.push(...r.resources.map((x) => x.uri));
    cursor = r.nextCursor; pages++;
  } while (cursor);
  assert(new Set(uris).size === uris.length, "duplicate URIs");
  staticURI = uris.find((u) => u.startsWith("demo://resource/static/"));
  assert(staticURI, "no static resource in " + uris.join(","));
  const tm = await client.listResourceTemplates();
  const tmpl = tm.resourceTemplates.map((t) => t.uriTemplate);
  assert(tmpl.includes("demo://resource/dynamic/text/{resourceId}"), tmpl.join(","));
  const r1 = await client.readResource({ uri: staticURI });
  assert(r1.contents.length > 0 && r1.contents[0].uri === staticURI, JSON.stringify(r1).slice(0, 200));
  const r2 = await client.readResource({ uri: "demo://resource/dynamic/text/7" });
  assert(JSON.stringify(r2).includes("7"), JSON.stringify(r2).slice(0, 200));
  let code;
  try { await client.readResource({ uri: "nowhere://nothing" }); } catch (e) { code = e.code; }
  assert(code === -32602, "unknown URI gave code " + code);
  return { resources: uris.length, pages, templates: tmpl };
});

await check("subscribe then update", async () => {
  await client.subscribeResource({ uri: staticURI });
  await client.callTool({ name: "everything__toggle-subscriber-updates", arguments: {} });
  await waitUntil("resources/updated", async () => updates.includes(staticURI));
  assert(updates.every((u) => u === staticURI), "update for an unsubscribed URI: " + updates.join(","));
  await client.unsubscribeResource({ uri: staticURI });
  await client.callTool({ name: "everything__toggle-subscriber-updates", arguments: {} });
  return updates;
});

await check("elicitation form mode", async () => {
  const r = await client.callTool({ name: "everything__trigger-elicitation-request", arguments: {} });
  assert(seen.elicitForm.length === 1, "form handler calls: " + seen.elicitForm.length);
  assert(text(r).includes("Ada Lovelace"), text(r));
  return text(r).slice(0, 120);
});

await check("elicitation URL mode", async () => {
  const r = await client.callTool({ name: "everything__trigger-url-elicitation", arguments: { url: "https://example.com/authorize" } });
  assert(seen.elicitURL.length === 1 && seen.elicitURL[0].url === "https://example.com/authorize", JSON.stringify(seen.elicitURL));
  return text(r).slice(0, 120);
});

await check("roots: everything and filesystem adopt the client's roots", async () => {
  const r = await client.callTool({ name: "everything__get-roots-list", arguments: {} });
  assert(text(r).includes(rootURI), text(r));
  const dirs = await waitUntil("filesystem roots", async () => {
    const d = await client.callTool({ name: "fs__list_allowed_directories", arguments: {} });
    return text(d).includes(process.env.ROOT_DIR) ? text(d) : null;
  });
  return dirs;
});

await check("logging/setLevel", async () => {
  await client.setLoggingLevel("error");
  return "ok";
});

await client.close();
process.exit(failed ? 1 : 0);
