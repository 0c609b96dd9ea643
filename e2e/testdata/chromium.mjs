// Shared by the dashboard scripts that drive headless Chromium (e2e's
// dashboard_real.mjs and integrity_real.mjs against the real binary,
// debugui/testdata/browser.mjs against a fake source): playwright-core from
// the npm project in AGENTIFY_E2E_DIR, one page that records console errors
// and warnings, page errors and HTTP errors in problems.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function fail(msg) { throw new Error(msg); }
export function step(msg) { console.log('step: ' + msg); }

// withPage runs fn(page, problems) in a fresh browser profile, fails when
// fn leaves problems, and always closes the browser and removes the profile.
// Options: colorScheme; timeout (ms, per action); requestFailed, to count
// failed requests as problems too; allow(kind, text), which may excuse one
// problem ('console' with the message text, 'http' with "HTTP status url")
// that the script provoked on purpose.
export async function withPage(fn, { colorScheme, timeout = 20000, requestFailed = false, allow = () => false } = {}) {
  const require = createRequire(path.join(process.env.AGENTIFY_E2E_DIR, 'package.json'));
  const { chromium } = require('playwright-core');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'agentify-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.AGENTIFY_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1440, height: 900 },
    ...(colorScheme ? { colorScheme } : {}),
  });
  const problems = [];
  try {
    const page = context.pages()[0] || await context.newPage();
    page.setDefaultTimeout(timeout);
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && !allow('console', m.text())) problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    if (requestFailed) page.on('requestfailed', (r) => problems.push('request failed: ' + r.url() + ' ' + (r.failure() && r.failure().errorText)));
    page.on('response', (r) => {
      const text = 'HTTP ' + r.status() + ' ' + r.url();
      if (r.status() >= 400 && !allow('http', text)) problems.push(text);
    });
    await fn(page, problems);
    if (problems.length) fail('browser problems:\n' + problems.join('\n'));
    console.log('ok');
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
