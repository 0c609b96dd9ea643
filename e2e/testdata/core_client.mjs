// core_client.mjs drives mcp-agentify with the official TypeScript SDK
// client, as an IDE would, for e2e/core_node_test.go.
//
// Input: the JSON script in $CORE_SCRIPT:
//   {sdk: "<node_modules>/@modelcontextprotocol/sdk", command, args, env, cwd,
//    steps: [{op: "listTools" | "callTool" | "request" | "waitTools" | "parallel", ...}]}
//   "parallel" runs its own "steps" at once and returns their outcomes.
// Output: one JSON line on stdout: {server, results: [{op, ok, result | error}]}.
import { pathToFileURL } from "node:url";

const script = JSON.parse(process.env.CORE_SCRIPT);
const imp = (p) => import(pathToFileURL(`${script.sdk}/dist/esm/${p}`).href);
const { Client } = await imp("client/index.js");
const { StdioClientTransport } = await imp("client/stdio.js");
const { ResultSchema } = await imp("types.js");

const transport = new StdioClientTransport({
  command: script.command,
  args: script.args ?? [],
  env: script.env,
  cwd: script.cwd,
  stderr: "inherit",
});
const client = new Client({ name: "core-e2e-ts", version: "1.0.0" }, { capabilities: {} });
const timeout = script.timeoutMs ?? 60000;
await client.connect(transport, { timeout });

// run performs one step and returns its outcome.
async function run(step) {
  const out = { op: step.op };
  try {
    switch (step.op) {
      case "listTools":
        out.result = await client.listTools();
        break;
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
      case "parallel":
        // Every sub-step sent at once, in the same tick.
        out.result = await Promise.all(step.steps.map(run));
        break;
      default:
        throw new Error(`unknown op ${step.op}`);
    }
    out.ok = true;
  } catch (e) {
    out.ok = false;
    out.error = { code: e.code ?? null, message: String(e.message ?? e) };
  }
  return out;
}

const results = [];
for (const step of script.steps) results.push(await run(step));
const server = client.getServerVersion();
await client.close();
process.stdout.write(JSON.stringify({ server, results }) + "\n");
