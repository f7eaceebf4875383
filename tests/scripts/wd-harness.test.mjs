// The WebDriver harness's own tests (issue 38; moved out of
// tests/e2e/engines.mjs by issue 54, where they ran once per engine): its
// waits fail at once on a wasm fault and say what they waited for and what
// the page showed. The harness is the same code in every engine, so they
// run once, in Chromium over chromedriver, in the end-to-end step beside
// the other files (tests/e2e/plan.mjs). Needs the release build (dist/).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../e2e/server.mjs';
import { useEngine, initScript, AppPage } from '../e2e/wd-harness.mjs';
import { HOLD_EXPORTS, raiseTrap } from '../e2e/faults.mjs';

const BASE = '/games/mojo/';
const build = useEngine(BASE);
const instant = () => `${build.server.url}?lang=en&speed=instant`;

/// Opens the app in a new session, and closes it after `body`.
async function withPage(url, body, { server = build.server } = {}) {
  const page = await AppPage.open({ driver: build.driver, server }, url, {});
  try {
    await body(page);
  } finally {
    await page.close();
  }
}

// Issue 38: a test that meets a wasm fault it did not raise (WebKit's
// trap, once, inside the reload test) fails at once and names it: a wait
// never sits out its timeout on a page that guard.js restored or stopped.
test('a wait that meets a wasm fault fails at once, naming it', async () => {
  const server = await serve(BASE, { init: initScript({ extra: HOLD_EXPORTS }) });
  try {
    await withPage(null, async (page) => {
      await page.goto(`${server.url}?lang=en&speed=instant`);
      await page.clickRole('button', 'Start game');
      await page.waitForRole('group', 'Your hand');
      await raiseTrap(page);
      const started = Date.now();
      await assert.rejects(
        page.waitForRole('button', 'A button no screen has', { timeout: 20000 }),
        /a wasm fault in the app: static\/guard\.js restored the page/,
      );
      const took = Date.now() - started;
      assert.ok(took < 5000, `the wait failed after ${took} ms, not at once`);
    }, { server });
  } finally {
    await server.close();
  }
});

// Issue 38: a wait that gives up says what it waited for and what the page
// showed instead (`AppPage.picture`), in every engine.
test('a wait that gives up says what it waited for and what the page showed', async () => {
  await withPage(instant(), async (page) => {
    await page.waitForRole('button', 'Start game');
    const showed = /the page showed: \{"at":"\/games\/mojo\/\?lang=en&speed=instant",[^\n]*"buttons":\[[^\]]*"Start game"[^\n]*"next":"wait"\}/;
    await assert.rejects(page.waitForRole('button', 'No such button', { timeout: 300 }), new RegExp(`no button named No such button after 300 ms; ${showed.source}`));
    await assert.rejects(page.clickRole('button', 'No such button', { timeout: 300 }), new RegExp(`could not click button "No such button" in 300 ms: not found; ${showed.source}`));
    await assert.rejects(page.waitForNoRole('button', 'Start game', { timeout: 300 }), new RegExp(`a button named Start game still shown after 300 ms; ${showed.source}`));
    await assert.rejects(page.waitFor(() => false, undefined, { timeout: 300, what: 'nothing' }), new RegExp(`waited 300 ms for nothing \\(last: false\\); ${showed.source}`));
  });
});
