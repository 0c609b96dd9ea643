// Shared by the real-binary dashboard scripts (dashboard_real.mjs,
// integrity_real.mjs): headless Chromium through playwright-core from the
// npm project in AGENTIFY_E2E_DIR, one page that records console errors
// and warnings, page errors and HTTP errors in problems.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function fail(msg) { throw new Error(msg); }
export function step(msg) { console.log('step: ' + msg); }

// withPage runs fn(page, problems) in a fresh browser profile, fails when
// fn leaves problems, and always closes the browser and removes the profile.
export async function withPage(fn) {
  const require = createRequire(path.join(process.env.AGENTIFY_E2E_DIR, 'package.json'));
  const { chromium } = require('playwright-core');
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
    await fn(page, problems);
    if (problems.length) fail('browser problems:\n' + problems.join('\n'));
    console.log('ok');
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
