// Drives the Integrity tab of the REAL gateway's dashboard in headless
// Chromium. Run by e2e/integrity_test.go with AGENTIFY_URL (page URL with
// the token in its fragment), AGENTIFY_E2E_DIR (the npm project holding
// playwright-core), AGENTIFY_ARTIFACTS (screenshot directory) and
// AGENTIFY_NAME (the held-back tool, backend__tool). The tool's offered
// description carries an <IMPORTANT> block and an <img onerror> tag.
import path from 'node:path';
import { fail, step, withPage } from './chromium.mjs';

const name = process.env.AGENTIFY_NAME;

await withPage(async (page) => {
  step('the held-back tool, with its state and findings');
  await page.goto(process.env.AGENTIFY_URL, { waitUntil: 'load' });
  await page.click('button[data-tab=integrity]');
  const entry = page.locator(`.integ-entry[data-kind=tool][data-name="${name}"]`);
  await entry.and(page.locator('[data-state=changed]')).waitFor();
  if (await entry.locator('.badge.held').count() !== 1) fail('not shown as held back');
  await entry.locator('.findings li', { hasText: 'hidden-block' }).waitFor();
  if (!(await page.locator('#count-integrity').innerText()).includes('1 held')) fail('tab count: ' + await page.locator('#count-integrity').innerText());

  step('the diff, backend text as text');
  await entry.locator('button.diff-btn').click();
  await entry.locator('pre.diff .dl.del', { hasText: 'Adds two numbers.' }).waitFor();
  await entry.locator('pre.diff .dl.add', { hasText: '<IMPORTANT>' }).waitFor();
  const diff = await entry.locator('pre.diff').innerText();
  if (!diff.includes('<img src=x onerror=')) fail('the description is not shown as text: ' + diff);
  const made = await page.evaluate(() => ({ imgs: document.querySelectorAll('img').length, important: document.querySelectorAll('important').length, pwned: window.__pwned }));
  if (made.imgs || made.important || made.pwned !== undefined) fail('backend text became markup: ' + JSON.stringify(made));
  await page.screenshot({ path: path.join(process.env.AGENTIFY_ARTIFACTS, 'integrity-real.png') });

  step('approve');
  await entry.locator('button.approve').click();
  await page.locator('#integ-msg.oktext', { hasText: 'tool:' }).waitFor();
  // The gateway re-screens when it sees the pin file change; the page polls.
  await entry.and(page.locator('[data-state=approved]')).waitFor();
  await page.screenshot({ path: path.join(process.env.AGENTIFY_ARTIFACTS, 'integrity-real-approved.png') });
});
