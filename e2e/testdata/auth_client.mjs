// auth_client.mjs is the client command the MCP conformance suite runs for
// its auth/* scenarios (e2e/conformance_auth_test.go): `node auth_client.mjs
// SERVER_URL`. It configures SERVER_URL as the gateway's http backend, runs
// `mcp-agentify auth login` with $BROWSER set to auth_browser.mjs (which
// follows the authorization URL's redirects to the loopback callback; the
// suite's authorization server approves at once), then drives the gateway
// with the official TypeScript SDK client over stdio until a call to the
// backend's tool completes. Exit status 0 means the call completed.
//
// Environment: AGENTIFY_BIN (the gateway binary), AGENTIFY_SDK (the
// @modelcontextprotocol/sdk directory), MCP_CONFORMANCE_SCENARIO and
// MCP_CONFORMANCE_CONTEXT (set by the suite: JSON with the pre-registered
// client_id and client_secret, and for the extension scenarios a
// private_key_pem with its signing_algorithm (client credentials with
// private_key_jwt) or the identity provider's idp_issuer, idp_client_id and
// the user's idp_id_token (cross-app access)). The context becomes the
// backend's "auth" as a user would write it: keys and ID tokens in files.
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const url = process.argv[process.argv.length - 1];
const bin = process.env.AGENTIFY_BIN;
const sdk = process.env.AGENTIFY_SDK;
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const ctx = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");
const here = dirname(fileURLToPath(import.meta.url));

const dir = mkdtempSync(join(tmpdir(), "agentify-auth-"));
const secrets = join(dir, "secrets");
mkdirSync(secrets, { mode: 0o700 });
const auth = { type: "oauth" };
if (ctx.client_id) auth.clientId = ctx.client_id;
if (ctx.client_secret) auth.clientSecret = ctx.client_secret;
// Newer suites name the authorization server pre-registered credentials
// belong to.
if (ctx.issuer) auth.issuer = ctx.issuer;
if (scenario.startsWith("auth/client-credentials-")) auth.grant = "client_credentials";
if (ctx.private_key_pem) {
  writeFileSync(join(secrets, "client-key.pem"), ctx.private_key_pem, { mode: 0o600 });
  auth.privateKeyFile = join(secrets, "client-key.pem");
  if (ctx.signing_algorithm) auth.signingAlgorithm = ctx.signing_algorithm;
}
// Workload identity federation (newer suites): the platform's JWT, in a
// file as platforms mount it.
if (ctx.valid_jwt) {
  writeFileSync(join(secrets, "workload.jwt"), ctx.valid_jwt, { mode: 0o600 });
  auth.grant = "jwt_bearer";
  auth.assertionFile = join(secrets, "workload.jwt");
}
if (ctx.idp_id_token) {
  writeFileSync(join(secrets, "id-token.jwt"), ctx.idp_id_token, { mode: 0o600 });
  auth.grant = "cross_app_access";
  auth.idp = { issuer: ctx.idp_issuer, clientId: ctx.idp_client_id, idTokenFile: join(secrets, "id-token.jwt") };
}
// The suite's CIMD scenario expects this client id, a Client ID Metadata
// Document URL (configured as clientId, as a user would).
if (scenario === "auth/basic-cimd") auth.clientId = "https://conformance-test.local/client-metadata.json";
const cfg = { backends: [{ id: "conf", type: "http", url, auth }] };
const cfgPath = join(dir, "mcp-agentify.json");
writeFileSync(cfgPath, JSON.stringify(cfg));

const env = {
  ...process.env,
  AGENTIFY_STATE_DIR: join(dir, "state"),
  BROWSER: `${process.execPath} ${join(here, "auth_browser.mjs")}`,
};

// The grants without a browser need no `auth login`: the gateway runs the
// grant itself when the server first refuses it. For one of them (private
// key JWT) `auth login` runs it instead, and the gateway uses the stored
// token without a second token request.
const unattended = ["client_credentials", "cross_app_access", "jwt_bearer"].includes(auth.grant);
if (!unattended || ctx.private_key_pem) {
  const login = spawnSync(bin, ["auth", "login", "--config", cfgPath, "conf"], { env, encoding: "utf8", timeout: 20000 });
  process.stderr.write(`auth login: exit ${login.status}\n${login.stdout}${login.stderr}`);
  if (unattended && (login.status !== 0 || !login.stdout.includes(`token obtained by the ${auth.grant} grant`))) {
    console.error("auth login did not run the grant");
    process.exit(1);
  }
}

const imp = (p) => import(pathToFileURL(`${sdk}/dist/esm/${p}`).href);
const { Client } = await imp("client/index.js");
const { StdioClientTransport } = await imp("client/stdio.js");
const transport = new StdioClientTransport({ command: bin, args: ["--config", cfgPath, "--expose", "all"], env, stderr: "inherit" });
const client = new Client({ name: "auth-conformance", version: "1.0.0" }, { capabilities: {} });
await client.connect(transport, { timeout: 15000 });
let tools = [];
const until = Date.now() + 15000;
while (Date.now() < until) {
  tools = (await client.listTools()).tools.filter((t) => t.name.startsWith("conf__"));
  if (tools.length) break;
  await new Promise((r) => setTimeout(r, 200));
}
if (!tools.length) {
  console.error("no backend tools appeared");
  process.exit(1);
}
// A call refused for more scope (step-up) fails while the gateway
// re-authorizes the backend through $BROWSER; it is retried until then.
let res;
for (let i = 0; i < 30; i++) {
  res = await client.callTool({ name: tools[0].name, arguments: {} });
  if (!res.isError || scenario === "auth/scope-retry-limit") break;
  console.error(`call failed, retrying: ${JSON.stringify(res.content).slice(0, 200)}`);
  await new Promise((r) => setTimeout(r, 500));
}
console.error(`called ${tools[0].name}: isError=${!!res.isError} ${JSON.stringify(res.content).slice(0, 300)}`);
await client.close();
if (unattended) {
  // The token the gateway obtained is stored where `auth status` sees it.
  const st = spawnSync(bin, ["auth", "status", "--config", cfgPath], { env, encoding: "utf8", timeout: 20000 });
  process.stderr.write(`auth status: exit ${st.status}\n${st.stdout}${st.stderr}`);
  if (st.status !== 0 || !st.stdout.includes("valid until") || !st.stdout.includes(`${auth.grant} grant`)) {
    console.error("auth status does not show the grant's token");
    process.exit(1);
  }
}
process.exit(res.isError ? 1 : 0);
