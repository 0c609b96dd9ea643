// planner_client.mjs drives mcp-agentify with the official TypeScript SDK
// client declaring the sampling capability, for e2e/planner_*_test.go. It
// answers the gateway's sampling/createMessage requests with scripted
// replies, as an IDE's own model would.
//
// Input: the JSON script in $PLANNER_SCRIPT:
//   {sdk: "<node_modules>/@modelcontextprotocol/sdk", command, args, env, cwd,
//    capabilities: {sampling: {...}},
//    replies: [CreateMessageResult, ...]  // one per sampling request, in order
//    elicitReplies: [ElicitResult, ...]   // one per elicitation/create request, in order
//    steps: [{op: "waitTools" | "callTool" | "request" | "callToolCancelDuringSampling", ...}]}
// A reply {hang: true} is never sent: the handler waits for the gateway to
// cancel that sampling request.
// Output: one JSON line on stdout:
//   {server, results: [{op, ok, result | error, ...}], sampling: [params, ...], aborted: [n, ...], elicitation: [params, ...]}
// where sampling lists the params of every sampling/createMessage request
// received, in order, aborted the numbers of those the gateway
// cancelled, and elicitation the params of every elicitation/create
// request. A request beyond the scripted replies gets a JSON-RPC
// error, so a test sees it fail rather than hang.
import { pathToFileURL } from "node:url";

const script = JSON.parse(process.env.PLANNER_SCRIPT);
const imp = (p) => import(pathToFileURL(`${script.sdk}/dist/esm/${p}`).href);
const { Client } = await imp("client/index.js");
const { StdioClientTransport } = await imp("client/stdio.js");
const { ResultSchema, CreateMessageRequestSchema, ElicitRequestSchema, McpError, ErrorCode } = await imp("types.js");

const transport = new StdioClientTransport({
  command: script.command,
  args: script.args ?? [],
  env: script.env,
  cwd: script.cwd,
  stderr: "inherit",
});
const client = new Client(
  { name: "planner-e2e-ts", version: "1.0.0" },
  { capabilities: script.capabilities ?? {} },
);
const sampling = [];
const aborted = []; // numbers (1-based) of sampling requests the gateway cancelled
const replies = script.replies ?? [];
let onSampling = () => {};
if (script.capabilities?.sampling) {
  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
    sampling.push(request.params);
    const n = sampling.length;
    onSampling();
    const reply = replies[n - 1];
    if (!reply) {
      throw new McpError(ErrorCode.InternalError, `no scripted reply for sampling request ${n}`);
    }
    if (reply.hang) {
      // Never answer: wait for the gateway's notifications/cancelled.
      await new Promise((resolve) => {
        if (extra.signal.aborted) resolve();
        extra.signal.addEventListener("abort", resolve);
      });
      aborted.push(n);
      throw new McpError(ErrorCode.InternalError, "cancelled");
    }
    return reply;
  });
}
const elicitation = [];
if (script.capabilities?.elicitation) {
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    elicitation.push(request.params);
    const reply = (script.elicitReplies ?? [])[elicitation.length - 1];
    if (!reply) {
      throw new McpError(ErrorCode.InternalError, `no scripted reply for elicitation request ${elicitation.length}`);
    }
    return reply;
  });
}
const timeout = script.timeoutMs ?? 60000;
await client.connect(transport, { timeout });

const results = [];
for (const step of script.steps) {
  const out = { op: step.op };
  try {
    switch (step.op) {
      case "waitTools": {
        const until = Date.now() + timeout;
        let r;
        for (;;) {
          r = await client.listTools();
          if (r.tools.length >= step.count || Date.now() > until) break;
          await new Promise((res) => setTimeout(res, 50));
        }
        out.result = r;
        break;
      }
      case "callTool":
        out.result = await client.callTool({ name: step.name, arguments: step.arguments ?? {} }, undefined, { timeout });
        break;
      case "request":
        out.result = await client.request({ method: step.method, params: step.params }, ResultSchema, { timeout });
        break;
      case "callToolCancelDuringSampling": {
        // Call a tool, cancel it once a sampling request has arrived, then
        // wait (bounded) until that sampling request is cancelled too.
        const ac = new AbortController();
        const seen = sampling.length;
        const arrived = new Promise((res) => {
          onSampling = () => { if (sampling.length > seen) res(); };
        });
        const call = client.callTool({ name: step.name, arguments: step.arguments ?? {} }, undefined, { timeout, signal: ac.signal });
        call.catch(() => {});
        await arrived;
        ac.abort("the user cancelled");
        out.result = {};
        try {
          out.result.callResult = await call;
        } catch (e) {
          out.result.callError = String(e.message ?? e);
        }
        const until = Date.now() + timeout;
        while (!aborted.includes(seen + 1) && Date.now() < until) {
          await new Promise((res) => setTimeout(res, 20));
        }
        out.result.aborted = aborted.includes(seen + 1);
        break;
      }
      default:
        throw new Error(`unknown op ${step.op}`);
    }
    out.ok = true;
  } catch (e) {
    out.ok = false;
    out.error = { code: e.code ?? null, message: String(e.message ?? e) };
  }
  results.push(out);
}
const server = client.getServerVersion();
await client.close();
process.stdout.write(JSON.stringify({ server, results, sampling, aborted, elicitation }) + "\n");
