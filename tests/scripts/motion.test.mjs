// The harness's reduced motion (issue 54): a file that calls
// `reduceMotion()` gets browsers that prefer reduced motion, in Chromium
// (Playwright and WebDriver share the flag) and in Firefox, and a file that
// does not keeps the animations. Run once, in the end-to-end step beside the
// other files (tests/e2e/plan.mjs). Needs the release build (dist/).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, reduceMotion } from '../e2e/harness.mjs';
import { startDriver } from '../e2e/webdriver.mjs';
import { AppPage } from '../e2e/wd-harness.mjs';

let server;
before(async () => {
  server = await serve('/');
});
after(async () => {
  await server?.close();
});

const prefers = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/// What the app's page says of reduced motion in a new Chromium (through
/// Playwright and over WebDriver) and a new Firefox.
async function seen() {
  const browser = await launch();
  let chromium;
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}?lang=en`);
    chromium = await page.evaluate(prefers);
  } finally {
    await browser.close();
  }
  return { chromium, webdriverChromium: await overWebDriver('chromium'), firefox: await overWebDriver('firefox') };
}

/// The same, in a new session of `engine` over WebDriver.
async function overWebDriver(engine) {
  const driver = await startDriver(engine);
  try {
    const page = await AppPage.open({ driver, server }, `${server.url}?lang=en`, {});
    try {
      return await page.eval(prefers);
    } finally {
      await page.close();
    }
  } finally {
    await driver.stop();
  }
}

// In this order: the choice holds for the rest of the file's process.
test('a file that does not ask keeps the animations, in Chromium (Playwright and WebDriver) and Firefox', async () => {
  assert.deepEqual(await seen(), { chromium: false, webdriverChromium: false, firefox: false });
});

test('after reduceMotion(), the browsers it starts prefer reduced motion, in Chromium (Playwright and WebDriver) and Firefox', async () => {
  reduceMotion();
  assert.deepEqual(await seen(), { chromium: true, webdriverChromium: true, firefox: true });
});
