// Shared pieces of the Playwright end-to-end tests: the static server for
// the release build (server.mjs), Debian's Chromium driven by
// playwright-core, and helpers that play the game through its accessible
// names, as a person would. The tests of every engine use WebDriver
// instead (wd-harness.mjs); both look at the page with in-page.mjs.

import { mkdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';
import { chromiumArgs, motionArgs } from './webdriver.mjs';
import { whatNowInPage, snapshotInPage, pictureInPage } from './in-page.mjs';

export { serve, root, dist } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const artifacts = join(here, 'artifacts');

export { chromiumArgs, reduceMotion } from './webdriver.mjs';

/// Debian's Chromium (or `executablePath`, a wrapper that starts it
/// elsewhere, as in a namespace of the network lab), with `args` after the
/// usual ones (and reduced motion if the file asked for it,
/// `reduceMotion()`). Every wait of its pages says what the page showed when it
/// gives up ([`explainWaits`]).
export async function launch({ executablePath = '/usr/bin/chromium', args = [] } = {}) {
  const browser = await chromium.launch({ executablePath, args: [...chromiumArgs, ...motionArgs(), ...args] });
  // Every wait explained (`explainWaits`), patched from the first page the
  // browser makes, before it is handed out (a context of its own only for
  // that would cost a renderer's start, about a core-second, per file).
  const plainContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await plainContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => explainWaits(await newPage());
    return context;
  };
  // Playwright emulates "no-preference" in each new context unless told,
  // over the browser's flag: every context (and `newPage`'s) is told.
  if (motionArgs().length > 0) {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  }
  return browser;
}

let explained = false;

/// Issue 38: "a test that waits has a reason in its failure message: what
/// it waited for and what it saw". Playwright's own timeouts name what
/// they waited for (the locator, the selector; a function's text is added
/// here) but not what the page showed instead: every wait of a page and
/// of a locator (the explicit ones and the actions that wait for their
/// element) adds [`pictureInPage`] to its timeout's message. Patched once
/// on Playwright's classes, from `page` (which it returns), before any of
/// their waits runs.
export function explainWaits(page) {
  if (explained) return page;
  explained = true;
  const pageClass = Object.getPrototypeOf(page);
  const locatorClass = Object.getPrototypeOf(page.locator('body'));
  const explain = (proto, names, pageOf, what) => {
    for (const name of names) {
      const original = proto[name];
      proto[name] = async function (...args) {
        try {
          return await original.apply(this, args);
        } catch (e) {
          if (e?.name !== 'TimeoutError') throw e;
          const target = pageOf(this);
          const seen = target.isClosed()
            ? 'the page was closed'
            : JSON.stringify(
                await Promise.all([target.evaluate(pictureInPage), target.evaluate(whatNowInPage)])
                  .then(([picture, next]) => ({ ...picture, next }))
                  .catch((err) => `the page did not answer: ${err.message.split('\n')[0]}`),
              );
          e.message = `${e.message}\nwaited for: ${what(name, this, args)}\nthe page showed: ${seen}`;
          throw e;
        }
      };
    }
  };
  explain(pageClass, ['waitForFunction', 'waitForSelector', 'waitForURL', 'click', 'tap', 'fill'], (p) => p, (name, _, [first]) =>
    `${name}(${String(first).replace(/\s+/g, ' ').slice(0, 200)})`);
  explain(locatorClass, ['waitFor', 'click', 'tap', 'dblclick', 'fill', 'check', 'selectOption', 'press'], (l) => l.page(), (name, l, [first]) =>
    `${l} to ${name}${name === 'waitFor' ? ` (${first?.state ?? 'visible'})` : ''}`);
  return page;
}

/// The set-up of a test file: serves the release build under `base` (see
/// `serve`) and launches Chromium before its tests, closes both after.
/// Returns `{ server, browser }`, filled in once the tests start.
export function useBuild(base = '/', options = {}) {
  const build = { server: null, browser: null };
  before(async () => {
    build.server = await serve(base, options);
    build.browser = await launch();
  });
  after(async () => {
    await build.browser?.close();
    await build.server?.close();
  });
  return build;
}

/// Two touch taps at (x, y), `gap` ms apart, each 30 ms long, with the
/// times a finger makes them, sent through the DevTools protocol, none
/// waiting for the page (issue 38: Playwright's tap returns only once the
/// page has handled it, which under load stretched the gap).
export async function fingerDoubleTap(page, x, y, gap) {
  await fingerTaps(page, x, y, [0, gap]);
}

/// Touch taps at (x, y), each 30 ms long, beginning `starts` ms from now
/// (in order, at least 40 ms apart), as `fingerDoubleTap` sends them.
export async function fingerTaps(page, x, y, starts) {
  const cdp = await page.context().newCDPSession(page);
  const t0 = Date.now();
  const touch = (type, ms) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + ms - Date.now()))).then(() =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        timestamp: (t0 + ms) / 1000,
      }),
    );
  await Promise.all(starts.flatMap((ms) => [touch('touchStart', ms), touch('touchEnd', ms + 30)]));
  await cdp.detach();
}

/// Init script: the browser's randomness made repeatable, so the game's
/// seed (and the round reviewed) is the same on every run.
export function fixedRandomness() {
  let x = 0x2545f491;
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      bytes[i] = x >>> 24;
    }
    return array;
  };
}

/// Init script (`addInitScript`): marks the first-game walkthrough as seen,
/// unless the settings were already stored (a test of the walkthrough opens
/// its page with `{ tour: true }`).
export function tourSeen() {
  try {
    if (!localStorage.getItem('mojo.settings')) {
      localStorage.setItem('mojo.settings', JSON.stringify({ tour_done: true }));
    }
  } catch {}
}

/// A new page that records uncaught errors, failed requests and HTTP errors
/// in `page.problems`, and dialogs (alert, confirm, prompt: dismissed) in
/// `page.dialogs`; `expectNoProblems(page)` asserts there were none.
/// The first-game walkthrough is marked as seen (its own test opens a page
/// with `{ tour: true }`). `{ serviceWorkers: 'block' }` keeps the service
/// worker out (so that routes and request counts see the app's own fetches).
/// `{ context }` opens the page in that context (two tabs sharing storage)
/// instead of a new one.
export async function openPage(
  browser,
  url,
  viewport = { width: 1024, height: 768 },
  { tour = false, serviceWorkers = 'allow', context } = {},
) {
  const ctx = context ?? (await browser.newContext({ viewport, serviceWorkers }));
  const page = await ctx.newPage();
  if (!tour) await page.addInitScript(tourSeen);
  page.problems = [];
  page.dialogs = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  // The deployer's `network.json`, asked for as devices pair: a site
  // without it answers 404 (no ICE server, by design; server.mjs says
  // so), and offline the request fails and the copy kept stands in
  // (src/drivers/network.rs). Neither is a fault of the page.
  const siteList = (r) => new URL(r.url()).pathname.endsWith('/network.json');
  page.on('requestfailed', (r) => {
    if (!siteList(r)) page.problems.push(`requestfailed: ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !(r.status() === 404 && siteList(r))) page.problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('dialog', async (d) => {
    page.dialogs.push(d.message());
    await d.dismiss();
  });
  if (url) await page.goto(url);
  return page;
}

/// No uncaught error, failed request or HTTP error on `page` (see
/// `openPage`), and no dialog opened.
export function expectNoProblems(page) {
  assert.deepEqual(page.problems, [], 'no uncaught error or failed request');
  assert.deepEqual(page.dialogs, [], 'no dialog was opened');
}

export async function saveScreenshot(page, name) {
  await mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

/// What the person at the screen can do now, decided in one round trip.
/// Returns one of: over, next, show, draw, reveal, play, wait.
export async function whatNow(page) {
  return page.evaluate(whatNowInPage);
}

/// Takes one step as the person at the screen (by clicking); `choose`
/// picks a card button among the enabled ones (default: the first).
export async function step(page, choose = (n) => 0, seen) {
  // Act on what the caller just saw, if it looked: a fresh look could find
  // a screen that appeared meanwhile (a round summary) and click past it.
  const what = seen ?? (await whatNow(page));
  switch (what) {
    case 'next':
      await page.getByRole('button', { name: 'Next round' }).click();
      break;
    case 'show':
      await page.getByRole('button', { name: 'Show my cards' }).click();
      break;
    case 'seen':
      // OK under the card just drawn, from the keyboard: a tap counts only
      // 600 ms after it came (ui/hand.rs, `Offered::settle`).
      await page.locator('.drawn__ok').press('Enter');
      break;
    case 'draw':
      await page.getByRole('button', { name: 'Draw from the draw pile' }).click();
      break;
    case 'reveal':
      await page.locator('button[aria-label^="Reveal "]:not([disabled])').first().click();
      break;
    case 'play': {
      const cards = page.getByRole('group', { name: 'Your hand' }).locator('button:not([disabled])');
      const n = await cards.count();
      await cards.nth(Math.min(n - 1, Math.max(0, choose(n)))).click();
      break;
    }
    case 'wait':
      await page.waitForTimeout(15);
      break;
  }
  return what;
}

/// Plays by clicks until `until(what)` is true or the game is over.
/// `until` is asked at each fresh look, before acting on it (asked after a
/// step, it could read a screen the step has already changed).
export async function playUntil(page, until, { maxSteps = 5000, choose } = {}) {
  for (let i = 0; i < maxSteps; i++) {
    const what = await whatNow(page);
    if (what === 'over' || (until && (await until(what)))) return what;
    await step(page, choose, what);
  }
  throw new Error(`no end after ${maxSteps} steps`);
}

/// Plays by clicks until the screen is one of `wanted` (or the game is
/// over) and returns it without acting on it (to look at that screen).
export async function reachScreen(page, wanted, { maxSteps = 5000, choose } = {}) {
  for (let i = 0; i < maxSteps; i++) {
    const what = await whatNow(page);
    if (what === 'over' || wanted.includes(what)) return what;
    await step(page, choose, what);
  }
  throw new Error(`never reached ${wanted.join(' or ')} in ${maxSteps} steps`);
}

/// A compact, comparable picture of what the screen shows (for reloads).
export async function snapshot(page) {
  return page.evaluate(snapshotInPage);
}

/// Waits until `fn(arg)` is truthy in `page` (Playwright's
/// `waitForFunction`); on a timeout the failure says what it waited for and
/// what the page showed at the end (`fn`'s last value, or `saw`'s), never
/// only "Timeout exceeded" (issue 38).
export async function waitUntil(page, what, fn, arg, { timeout = 30000, saw } = {}) {
  try {
    return await page.waitForFunction(fn, arg, { timeout });
  } catch (e) {
    const last = await page.evaluate(saw ?? fn, arg).catch((err) => `the page did not answer: ${err.message}`);
    throw new Error(`waited ${timeout} ms for ${what}; the page showed ${JSON.stringify(last)} (${e.message.split('\n')[0]})`);
  }
}

/// Waits until `fn()` (on the test's side, not in a page) is truthy, polling
/// every 20 ms: for what the test collects from a page's events, which
/// arrive in their own time, unordered with another page's. On a timeout
/// the failure says what it waited for and what it saw: `saw()`, or `fn`'s
/// last value.
export async function eventually(what, fn, { timeout = 30000, saw } = {}) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > until) throw new Error(`waited ${timeout} ms for ${what}; saw ${JSON.stringify(saw ? await saw() : last)}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

/// Waits until the app has rendered (lobby or table).
export async function ready(page) {
  await page.waitForSelector('.lobby, .table');
}
