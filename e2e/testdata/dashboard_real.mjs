// Drives the dashboard of the REAL gateway (not a fake source) in headless
// Chromium. Run by e2e/dashboard_test.go with AGENTIFY_URL (page URL with
// token), AGENTIFY_E2E_DIR (the npm project holding playwright-core),
// AGENTIFY_ARTIFACTS (screenshot directory), AGENTIFY_BACKEND (the test
// backend's id) and AGENTIFY_SECRETS (JSON array that must never be shown).
import path from 'node:path';
import { fail, step, withPage } from './chromium.mjs';

const backend = process.env.AGENTIFY_BACKEND;
const secrets = JSON.parse(process.env.AGENTIFY_SECRETS || '[]');

await withPage(async (page) => {
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
});
