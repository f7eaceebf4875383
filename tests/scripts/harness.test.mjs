// The Playwright harness's own test (issue 38; moved out of
// tests/e2e/lobby.test.mjs by issue 54): its waits say what they waited for
// and what the page showed. Run once, in the end-to-end step beside the
// other files (tests/e2e/plan.mjs). Needs the release build (dist/).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage } from '../e2e/harness.mjs';

const build = useBuild('/games/mojo/');

// Issue 38: a wait that gives up says what it waited for and what the page
// showed instead, whether it is an explicit wait or an action waiting for
// its element (the harness's `explainWaits`), never only "Timeout exceeded".
test('a wait that gives up says what it waited for and what the page showed', async () => {
  const page = await openPage(build.browser, `${build.server.url}?lang=en`);
  try {
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    const said = /waited for: [^\n]*No such button[^\n]*\nthe page showed: \{"at":"\/games\/mojo\/\?lang=en",[^\n]*"buttons":\[[^\]]*"Start game"[^\n]*"next":"wait"\}/;
    await assert.rejects(page.getByRole('button', { name: 'No such button' }).click({ timeout: 500 }), said);
    await assert.rejects(page.getByRole('button', { name: 'No such button' }).waitFor({ timeout: 500 }), said);
    await assert.rejects(
      page.waitForFunction(() => document.title === 'No such title', undefined, { timeout: 500 }),
      /waited for: waitForFunction\(\(\) => document\.title === 'No such title'\)\nthe page showed: \{"at":"\/games\/mojo\/\?lang=en".*"Start game"/,
    );
  } finally {
    await page.close();
  }
});
