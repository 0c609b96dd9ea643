// Drives the dashboard in real Chromium. Run by debugui/browser_test.go:
//   node browser.mjs
// with AGENTIFY_URL (page URL with token), AGENTIFY_E2E_DIR (the npm project
// holding playwright-core), AGENTIFY_ARTIFACTS (screenshot directory) and
// AGENTIFY_SECRETS (JSON array of strings that must never be shown).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(path.join(process.env.AGENTIFY_E2E_DIR, 'package.json'));
const { chromium } = require('playwright-core');

const url = process.env.AGENTIFY_URL;
const artifacts = process.env.AGENTIFY_ARTIFACTS;
const secrets = JSON.parse(process.env.AGENTIFY_SECRETS || '[]');
const timeout = 15000;

function fail(msg) { throw new Error(msg); }
function step(msg) { console.log('step: ' + msg); }

const userDataDir = mkdtempSync(path.join(tmpdir(), 'agentify-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.AGENTIFY_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1440, height: 900 },
  colorScheme: 'light',
});
const problems = [];
try {
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('requestfailed', (r) => problems.push('request failed: ' + r.url() + ' ' + (r.failure() && r.failure().errorText)));
  page.on('response', (r) => { if (r.status() >= 400) problems.push('HTTP ' + r.status() + ' ' + r.url()); });

  step('load');
  await page.goto(url, { waitUntil: 'load' });
  // 2 of 3 backends serve: yellow "degraded", not red "not ready".
  await page.locator('#pill-ready.warn', { hasText: 'degraded' }).waitFor();
  await page.locator('#backends tbody tr').nth(2).waitFor();
  if (page.url().includes('token')) fail('the token stayed in the address bar: ' + page.url());
  // The failed backend shows its stderr tail and a restart button.
  const weather = page.locator('#backends tbody tr', { hasText: 'weather' });
  await weather.locator('pre.stderr', { hasText: 'WEATHER_TOKEN rejected' }).waitFor();
  if (await page.locator('#backends button.restart').count() !== 1) fail('want one restart button (the unavailable backend)');
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/backends/weather/restart') && r.status() === 202),
    weather.locator('button.restart').click(),
  ]);
  const backendsText = await page.locator('#backends').innerText();
  for (const want of ['github', 'filesystem', 'weather', 'unavailable']) {
    if (!backendsText.includes(want)) fail(`backends table lacks ${want}: ${backendsText}`);
  }
  await page.locator('#charts .chart svg rect').first().waitFor();
  await page.locator('#conn-logs.on').waitFor();
  await page.locator('#conn-trace.on').waitFor();

  step('tools');
  await page.click('button[data-tab=tools]');
  await page.locator('.tool').nth(4).waitFor();
  await page.fill('#tools-q', 'read file');
  await page.waitForFunction(() => document.querySelectorAll('.tool').length === 1);
  const tool = page.locator('.tool', { hasText: 'filesystem__read_file' });
  await tool.locator('.head').click();
  await tool.locator('.body .json', { hasText: '"required"' }).waitFor();
  if ((await tool.locator('.params').innerText()).trim() !== 'path*: string') fail('parameter summary: ' + await tool.locator('.params').innerText());
  await page.fill('#tools-q', '');

  step('console run');
  await page.click('button[data-tab=console]');
  await page.fill('#console-q', 'find repo about mcp gateways');
  await page.click('#console-run');
  await page.locator('.run', { hasText: '3 repositories found' }).waitFor();
  await page.fill('#console-q', 'open the file README');
  await page.click('#console-plan');
  await page.locator('.run', { hasText: 'plan only' }).waitFor();
  await page.locator('.run', { hasText: 'read_file' }).waitFor();

  step('trace shows the run');
  await page.click('button[data-tab=trace]');
  // The console run's response, paired with its request, with a latency.
  const resp = page.locator('#trace tbody tr', { hasText: 'backend→gw' }).filter({ hasText: 'tools/call' }).filter({ hasText: 'github' }).filter({ hasText: '↩ #' });
  await resp.nth(1).waitFor(); // one from the seeded history, one from the run
  const req = page.locator('#trace tbody tr', { hasText: 'gw→backend' }).filter({ hasText: 'tools/call' }).last();
  if (!(await req.innerText()).includes('→ #')) fail('request row not linked to its response: ' + await req.innerText());
  // The method column names the tool of a tools/call.
  await page.locator('#trace tbody tr', { hasText: 'tools/call search_repositories' }).first().waitFor();
  await resp.nth(1).click();
  await page.locator('#trace tr.detail .json', { hasText: '3 repositories found' }).waitFor();
  await page.locator('#trace tbody tr.planner', { hasText: 'find repo about mcp gateways' }).waitFor();
  await page.screenshot({ path: path.join(artifacts, 'trace.png') });

  step('planner');
  await page.click('button[data-tab=planner]');
  await page.locator('#planner tbody tr', { hasText: 'find repo about mcp gateways' }).waitFor();
  await page.locator('#planner tbody tr', { hasText: 'gpt-4.1-mini' }).waitFor();
  await page.screenshot({ path: path.join(artifacts, 'planner.png') });

  step('logs');
  await page.click('button[data-tab=logs]');
  await page.locator('#logs tbody tr', { hasText: 'console task done' }).waitFor();
  // The logs open at the newest entry, not the oldest.
  const pos = await page.evaluate(() => { const sc = document.getElementById('logs-scroll'); return { h: sc.scrollHeight, top: sc.scrollTop, ch: sc.clientHeight, tab: document.querySelector('.tab.active').id, hash: location.hash }; });
  if (!(pos.h > pos.ch + 100 && pos.h - pos.top - pos.ch < 40)) fail('the logs did not open at the newest entry (or too few lines to scroll): ' + JSON.stringify(pos));
  await page.selectOption('#logs-level', 'error');
  await page.waitForFunction(() => [...document.querySelectorAll('#logs tbody tr')].filter((tr) => !tr.hidden).length === 1);
  await page.selectOption('#logs-level', 'debug');
  await page.screenshot({ path: path.join(artifacts, 'logs.png') });

  step('tab state kept');
  await page.click('button[data-tab=console]');
  if (await page.locator('.run').count() !== 2) fail('console history lost when switching tabs');

  step('config');
  await page.click('button[data-tab=config]');
  await page.locator('#config .json', { hasText: 'gpt-4.1-mini' }).waitFor();

  step('secrets and rendering slips');
  const all = await page.evaluate(() => document.body.innerText + ' ' + document.body.innerHTML);
  for (const s of secrets) if (all.includes(s)) fail('secret visible in the page: ' + s);
  for (const tab of ['overview', 'tools', 'logs', 'trace', 'planner', 'console', 'config']) {
    await page.click(`button[data-tab=${tab}]`);
    const text = await page.locator('#tab-' + tab).innerText();
    for (const slip of ['[object ', 'undefined', 'NaN']) if (text.includes(slip)) fail(`${tab} tab shows "${slip}"`);
  }

  step('screenshots');
  await page.click('button[data-tab=overview]');
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(artifacts, 'overview.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(artifacts, 'overview-dark.png') });
  await page.click('button[data-tab=tools]');
  await page.screenshot({ path: path.join(artifacts, 'tools-dark.png') });

  if (problems.length) fail('browser problems:\n' + problems.join('\n'));
  console.log('ok');
} finally {
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
