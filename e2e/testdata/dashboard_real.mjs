// Drives the dashboard of the REAL gateway (not a fake source) in headless
// Chromium. Run by e2e/dashboard_test.go with AGENTIFY_URL (page URL with
// token), AGENTIFY_E2E_DIR (the npm project holding playwright-core),
// AGENTIFY_ARTIFACTS (screenshot directory), AGENTIFY_BACKEND (the test
// backend's id) and AGENTIFY_SECRETS (JSON array that must never be shown).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(path.join(process.env.AGENTIFY_E2E_DIR, 'package.json'));
const { chromium } = require('playwright-core');
const backend = process.env.AGENTIFY_BACKEND;
const secrets = JSON.parse(process.env.AGENTIFY_SECRETS || '[]');
function fail(msg) { throw new Error(msg); }
function step(msg) { console.log('step: ' + msg); }

const userDataDir = mkdtempSync(path.join(tmpdir(), 'agentify-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.AGENTIFY_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1440, height: 900 },
});
const problems = [];
try {
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(20000);
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push('HTTP ' + r.status() + ' ' + r.url()); });

  step('load: the real backend is listed, ready, with its tools');
  await page.goto(process.env.AGENTIFY_URL, { waitUntil: 'load' });
  await page.locator('#backends tbody tr', { hasText: backend }).filter({ hasText: 'ready' }).waitFor();
  await page.locator('#conn-trace.on').waitFor();
  await page.click('button[data-tab=tools]');
  await page.locator('.tool', { hasText: backend + '__echo' }).waitFor();

  step('console: plan and run a task through the real pipeline');
  await page.click('button[data-tab=console]');
  await page.fill('#console-q', 'echo "hello from chromium"');
  await page.click('#console-run');
  await page.locator('.run', { hasText: 'hello from chromium' }).waitFor();

  step('trace: the planner decision and the backend call, paired');
  await page.click('button[data-tab=trace]');
  await page.locator('#trace tbody tr.planner', { hasText: 'hello from chromium' }).waitFor();
  const resp = page.locator('#trace tbody tr', { hasText: 'backend→gw' }).filter({ hasText: 'tools/call' }).filter({ hasText: '↩ #' });
  await resp.first().waitFor();
  await page.screenshot({ path: path.join(process.env.AGENTIFY_ARTIFACTS, 'real-trace.png') });
  await page.click('button[data-tab=overview]');
  await page.screenshot({ path: path.join(process.env.AGENTIFY_ARTIFACTS, 'real-overview.png') });

  const all = await page.evaluate(() => document.body.innerText + ' ' + document.body.innerHTML);
  for (const s of secrets) if (all.includes(s)) fail('secret visible in the page: ' + s);
  if (problems.length) fail('browser problems:\n' + problems.join('\n'));
  console.log('ok');
} finally {
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
