// The end-to-end helpers over WebDriver (webdriver.mjs), for every engine:
// a page of the app that finds elements by accessible role and name (with
// an executed script, in-page.mjs), clicks them as a person would (WebDriver
// element clicks: real pointer events), and records every uncaught error.
//
// WebDriver has no init scripts, no page-error events and no offline switch;
// instead:
// - the test server puts a same-origin script in every page it serves
//   (server.mjs `init`): it records errors (in sessionStorage, so they
//   survive reloads) and marks the first-game walkthrough as seen;
// - offline is the server gone (`server.down()`: connections refused);
// - failed loads are the server's own record of 4xx answers, plus the
//   `error` events of elements that failed to load.

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { whatNowInPage, snapshotInPage, findByRoleInPage, pictureInPage } from './in-page.mjs';
import { startDriver, engineFromEnv, sleep, WebDriverError } from './webdriver.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const artifacts = join(here, 'artifacts');

/// The script every served page runs first (see server.mjs `init`): records
/// uncaught errors, rejections and failed element loads under
/// sessionStorage `e2e.problems`; with `tour`, leaves the first-game
/// walkthrough unmarked; `extra` is more code to run after.
export function initScript({ tour = false, extra = '' } = {}) {
  return `(() => {
  const KEY = 'e2e.problems';
  const add = (what) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      list.push(String(what).slice(0, 2000));
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch (e) {
      (window.__e2eLost = window.__e2eLost || []).push(String(what));
    }
  };
  window.addEventListener('error', (e) => {
    const t = e.target;
    if (t && t !== window && (t.src || t.href)) add('failed to load: ' + (t.src || t.href));
    else add('pageerror: ' + e.message + (e.error && e.error.stack ? ' | ' + e.error.stack : ''));
  }, true);
  window.addEventListener('unhandledrejection', (e) => {
    const r = e.reason;
    add('unhandledrejection: ' + (r && (r.stack || r.message) || r));
  });
  window.__e2eInit = (window.__e2eInit || 0) + 1;
  // The pages this tab loaded, for a test's failure message (engines.mjs,
  // the join page's test).
  try {
    const pages = JSON.parse(sessionStorage.getItem('e2e.pages') || '[]');
    pages.push(location.pathname + location.search + location.hash + ' at ' + Date.now());
    sessionStorage.setItem('e2e.pages', JSON.stringify(pages.slice(-20)));
  } catch (e) {}
  ${tour ? '' : `try {
    if (!localStorage.getItem('mojo.settings')) {
      localStorage.setItem('mojo.settings', JSON.stringify({ tour_done: true }));
    }
  } catch (e) {}`}
  ${extra}
})();
`;
}

/// The set-up of a WebDriver test file: serves the release build under
/// `base` with the init script, and starts the driver of MOJO_ENGINE
/// (chromium, firefox, webkit). Returns `{ engine, server, driver }`,
/// filled in once the tests start. Each test opens its own session (a new
/// browser with a fresh profile) with `AppPage.open`.
export function useEngine(base = '/', options = {}) {
  const build = { engine: engineFromEnv(), server: null, driver: null };
  before(async () => {
    build.server = await serve(base, { init: initScript(), ...options });
    build.driver = await startDriver(build.engine);
  });
  after(async () => {
    await build.driver?.stop();
    await build.server?.close();
  });
  return build;
}

/// Errors that stop a click but not the test: the element was re-rendered
/// or is covered for a moment (an animation, a dialog closing).
const RETRY = new Set([
  'stale element reference',
  'element click intercepted',
  'element not interactable',
  'no such element',
]);

/// A page of the app in a new browser session.
export class AppPage {
  constructor(session, server) {
    this.session = session;
    this.server = server;
    this.engine = session.engine;
  }

  /// (`capabilities`: more of them for the session, as the network lab's
  /// `acceptInsecureCerts`.)
  static async open(build, url, { width = 1024, height = 768, capabilities = {} } = {}) {
    const session = await build.driver.newSession({ width, height }, capabilities);
    await session.setTimeouts({ script: 30000, pageLoad: 60000, implicit: 0 });
    const page = new AppPage(session, build.server);
    // Only this page's share of the server's record of failed answers.
    page.serverErrorsFrom = build.server.errors.length;
    if (url) await page.goto(url);
    return page;
  }

  /// A page over a session a test before left (engines.mjs `withPage`).
  static over(session, server) {
    const page = new AppPage(session, server);
    page.serverErrorsFrom = server.errors.length;
    return page;
  }

  async goto(url) {
    await this.session.get(url);
  }

  /// Loads the page again as a person does, through the service worker:
  /// a WebDriver navigation to the page's own address, which returns once
  /// the new page has loaded. (Not WebDriver's Refresh: in Firefox that is
  /// a hard reload, which bypasses the service worker, so the page comes
  /// back uncontrolled and offline it is an error page.)
  ///
  /// It used to call `location.reload()` from a script's timer and then
  /// poll for the new page: in a Firefox CI run (stop 28) that reload had
  /// not started 30 s later, and a second `location.reload()` was needed
  /// (a retry, which issue 38 forbids). A navigation the protocol itself
  /// waits for has no timer to lose. An address with a fragment would be
  /// a same-document navigation (no load): the harness refuses it.
  async reload(timeout = 30000) {
    const href = await this.eval(() => {
      window.__e2eBeforeReload = true;
      return location.href;
    });
    assert.ok(!href.includes('#'), `reload: ${href} has a fragment, which a navigation would only scroll to`);
    await this.session.get(href);
    await this.waitFor(() => !window.__e2eBeforeReload && document.readyState === 'complete', undefined, {
      timeout,
      what: 'the page to load again',
    });
  }

  /// Runs `fn` (self-contained) in the page with `arg`. A script that
  /// returns elements may see one removed by a re-render while its result
  /// is sent back (a stale element): it is run again.
  async eval(fn, arg) {
    for (let i = 0; ; i++) {
      try {
        return await (arg === undefined ? this.session.execute(fn) : this.session.execute(fn, arg));
      } catch (e) {
        if (!(e instanceof WebDriverError) || e.error !== 'stale element reference' || i >= 20) throw e;
      }
    }
  }

  /// A wait that meets a wasm fault (a trap or a panic: `static/guard.js`
  /// restored the page, or stopped it after three in a minute) fails at
  /// once and names it, rather than waiting out its timeout (issue 38:
  /// WebKit's trap met inside the reload test). Checked every half second
  /// of a wait; the restore's own test sets `faultsExpected`.
  async faultWatch(watch) {
    if (this.faultsExpected || Date.now() - watch.at < 500) return;
    watch.at = Date.now();
    const fault = await this.eval(() => {
      const restores = localStorage.getItem('mojo.restores');
      const stopped = !!document.querySelector('.fault');
      if (!restores && !stopped) return null;
      const problems = JSON.parse(sessionStorage.getItem('e2e.problems') || '[]');
      return { restores, stopped, errors: problems.slice(-3), fault: localStorage.getItem('mojo.fault') };
    }).catch(() => null);
    if (fault) {
      const what = fault.stopped ? 'stopped the page (three in a minute)' : `restored the page (${fault.restores})`;
      assert.fail(`${this.engine}: a wasm fault in the app: static/guard.js ${what}; ${fault.fault ?? 'a trap'}; the page's errors: ${JSON.stringify(fault.errors)}`);
    }
  }

  /// Polls `fn(arg)` in the page until it returns something truthy; fails
  /// with `what` after `timeout` ms, and at once on a wasm fault. `saw(arg)`,
  /// if given, says on a timeout what the page showed instead (else the
  /// last value `fn` returned).
  async waitFor(fn, arg, { timeout = 10000, what = String(fn).slice(0, 120), saw } = {}) {
    const started = Date.now();
    const watch = { at: started };
    let last;
    for (;;) {
      try {
        last = await this.eval(fn, arg);
        if (last) return last;
      } catch (e) {
        // A navigation in progress (a reload) may refuse scripts for a moment.
        if (!(e instanceof WebDriverError) || !/javascript error|no such window|unknown error/.test(e.error)) throw e;
        last = e.message;
      }
      await this.faultWatch(watch);
      if (Date.now() - started > timeout) {
        const seen = saw ? await this.eval(saw, arg).catch((e) => `(${e.message})`) : last;
        const more = saw ? '' : `; ${await this.picture()}`;
        assert.fail(`waited ${timeout} ms for ${what} (${saw ? 'the page showed' : 'last'}: ${JSON.stringify(seen)})${more}`);
      }
      await sleep(20);
    }
  }

  /// What the page shows, for a wait's failure message (`pictureInPage`).
  async picture() {
    // One command at a time: a WebDriver session answers them in turn.
    const seen = await (async () => ({ ...(await this.eval(pictureInPage)), next: await this.eval(whatNowInPage) }))()
      .catch((e) => `the page did not answer: ${e.message.split('\n')[0]}`);
    // In one order whatever the engine's (WebKit's driver sends the keys
    // of an object in another).
    return `the page showed: ${JSON.stringify(seen, ['at', 'headings', 'dialogs', 'buttons', 'said', 'next'])}`;
  }

  /// The elements with `role` and accessible `name` (string or RegExp).
  async all(role, name, { within, enabled } = {}) {
    return this.eval(findByRoleInPage, { role, name: nameArg(name), within, enabled });
  }

  async count(role, name, options) {
    return (await this.all(role, name, options)).length;
  }

  /// The elements a wait for a role finds now, or null while the page
  /// cannot say: a document being replaced (a reload, `static/guard.js`'s
  /// restore) may refuse the script, or, in Firefox, answer null (issue 38:
  /// series run 8 on e013e82, where `els.length` of that null failed the
  /// wait with a TypeError instead of naming the fault).
  async rolesNow(arg) {
    try {
      const els = await this.eval(findByRoleInPage, arg);
      return Array.isArray(els) ? els : null;
    } catch (e) {
      if (!(e instanceof WebDriverError) || !/javascript error|no such window|unknown error/.test(e.error)) throw e;
      return null;
    }
  }

  /// Waits until an element with `role` and `name` is visible; returns it.
  async waitForRole(role, name, { within, timeout = 10000 } = {}) {
    const arg = { role, name: nameArg(name), within };
    const started = Date.now();
    const watch = { at: started };
    for (;;) {
      const els = await this.rolesNow(arg);
      if (els?.length) return els[0];
      await this.faultWatch(watch);
      if (Date.now() - started > timeout) assert.fail(`no ${role} named ${String(name)} after ${timeout} ms; ${await this.picture()}`);
      await sleep(20);
    }
  }

  /// Waits until no element with `role` and `name` is in the page, shown
  /// or not.
  async waitForNoRole(role, name, { within, timeout = 10000 } = {}) {
    const arg = { role, name: nameArg(name), within, hidden: true };
    const started = Date.now();
    const watch = { at: started };
    for (let els = await this.rolesNow(arg); els === null || els.length; els = await this.rolesNow(arg)) {
      await this.faultWatch(watch);
      if (Date.now() - started > timeout) assert.fail(`a ${role} named ${String(name)} still shown after ${timeout} ms; ${await this.picture()}`);
      await sleep(20);
    }
  }

  /// Clicks (WebDriver element click) the first element that `find` returns,
  /// once there is one; retries while it is re-rendered or covered.
  async clickFound(find, what, timeout = 10000) {
    const started = Date.now();
    const watch = { at: started };
    let last = 'not found';
    for (;;) {
      const el = await find();
      if (el) {
        try {
          await this.session.click(el);
          return;
        } catch (e) {
          if (!(e instanceof WebDriverError) || !RETRY.has(e.error)) throw e;
          last = e.message;
        }
      }
      await this.faultWatch(watch);
      if (Date.now() - started > timeout) assert.fail(`could not click ${what} in ${timeout} ms: ${last}; ${await this.picture()}`);
      await sleep(20);
    }
  }

  /// Clicks the enabled element with `role` and accessible `name`.
  async clickRole(role, name, { within, timeout } = {}) {
    const arg = { role, name: nameArg(name), within, enabled: true };
    await this.clickFound(async () => (await this.eval(findByRoleInPage, arg))[0], `${role} "${String(name)}"`, timeout);
  }

  /// Clicks the first visible, enabled element matching a CSS selector.
  async click(selector, { timeout } = {}) {
    const pick = (sel) =>
      [...document.querySelectorAll(sel)].find((e) => !e.disabled && e.getClientRects().length) ?? null;
    await this.clickFound(() => this.eval(pick, selector), selector, timeout);
  }

  /// Types `text` over the text of the field `selector`, as a person
  /// replaces it (`Session.replaceText`); the field then holds `text`.
  async fill(selector, text) {
    const el = await this.waitFor((sel) => document.querySelector(sel), selector, { what: selector });
    await this.session.replaceText(el, text);
    const now = await this.eval((sel) => document.querySelector(sel)?.value, selector);
    assert.equal(now, text, `${selector} holds the text typed over it; ${await this.picture()}`);
  }

  /// Chooses `value` in the <select> `selector`, as a person picking an
  /// option would (the value changes, then input and change events).
  async select(selector, value) {
    const done = await this.eval(
      ({ selector, value }) => {
        const s = document.querySelector(selector);
        if (!s || ![...s.options].some((o) => o.value === value)) return false;
        s.value = value;
        s.dispatchEvent(new Event('input', { bubbles: true }));
        s.dispatchEvent(new Event('change', { bubbles: true }));
        return true;
      },
      { selector, value },
    );
    assert.ok(done, `no option ${value} in ${selector}`);
  }

  text(selector) {
    return this.eval((sel) => document.querySelector(sel)?.textContent ?? null, selector);
  }

  texts(selector) {
    return this.eval((sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent), selector);
  }

  exists(selector) {
    return this.eval((sel) => !!document.querySelector(sel), selector);
  }

  /// Waits until the app has rendered (lobby or table), and checks that the
  /// test's script ran in this page (else its errors would go unseen).
  async ready(timeout = 20000) {
    await this.waitFor(() => !!document.querySelector('.lobby, .table'), undefined, { timeout, what: 'the app' });
    assert.ok(await this.eval(() => !!window.__e2eInit), 'the test script (init.js) ran in this page');
  }

  /// Keeps the test's own script (init.js) in the service worker's caches,
  /// so that a page opened offline runs it too: the service worker answers
  /// its build's files from its cache, and the HTTP cache is no help (WebKit
  /// revalidates every file of a reloaded page, and offline that fails).
  /// Call it once a worker controls the page, and again after an update.
  async keepTestScriptOffline() {
    const caches = await this.session.executeAsync(async () => {
      const src = document.querySelector('script[src*="/__e2e__/init.js"]').src;
      const names = (await caches.keys()).filter((k) => k.startsWith('mojo-'));
      for (const name of names) await (await caches.open(name)).add(src);
      return names;
    });
    assert.ok(caches.length >= 1, 'a service worker cache to keep the test script in');
  }

  whatNow() {
    return this.eval(whatNowInPage);
  }

  snapshot() {
    return this.eval(snapshotInPage);
  }

  /// Takes one step as the person at the screen (see harness.mjs `step`).
  /// `missed` says afterwards why a card's click did not land (the hand
  /// redrawn or covered under it), or is null.
  async step(choose = () => 0, seen) {
    const what = seen ?? (await this.whatNow());
    this.missed = null;
    switch (what) {
      case 'next':
        await this.clickRole('button', 'Next round');
        break;
      case 'show':
        await this.clickRole('button', 'Show my cards');
        break;
      case 'seen':
        // OK under the card just drawn, as a key press would: a tap counts
        // only 600 ms after it came (ui/hand.rs, `Offered::settle`).
        await this.eval(() => document.querySelector('.drawn__ok')?.click());
        break;
      case 'draw':
        await this.clickRole('button', 'Draw from the draw pile');
        break;
      case 'reveal':
        await this.click('button[aria-label^="Reveal "]:not([disabled])');
        break;
      case 'play': {
        const cards = await this.all('button', null, { within: '[role="group"][aria-label="Your hand"]', enabled: true });
        if (!cards.length) {
          this.missed = 'no card of the hand could be played';
          break; // the hand changed since the look: look again
        }
        const i = Math.min(cards.length - 1, Math.max(0, choose(cards.length)));
        try {
          await this.session.click(cards[i]);
        } catch (e) {
          if (!(e instanceof WebDriverError) || !RETRY.has(e.error)) throw e;
          this.missed = e.message;
        }
        break;
      }
      case 'wait':
        await sleep(15);
        break;
    }
    return what;
  }

  /// Plays by clicks until `until(what)` is true or the game is over.
  /// `until` is asked at each fresh look, before acting on it: on 'play'
  /// the table holds still until we do, so it may read the screen (asked
  /// after a step instead, it could find the round already ended by the
  /// card just played).
  async playUntil(until, { maxSteps = 5000, choose } = {}) {
    for (let i = 0; i < maxSteps; i++) {
      const what = await this.whatNow();
      if (what === 'over' || (until && (await until(what)))) return what;
      await this.step(choose, what);
    }
    throw new Error(`no end after ${maxSteps} steps`);
  }

  async reachScreen(wanted, { maxSteps = 5000, choose } = {}) {
    for (let i = 0; i < maxSteps; i++) {
      const what = await this.whatNow();
      if (what === 'over' || wanted.includes(what)) return what;
      await this.step(choose, what);
    }
    throw new Error(`never reached ${wanted.join(' or ')} in ${maxSteps} steps`);
  }

  /// Everything recorded as wrong: the page's errors (across reloads of
  /// this tab) and the server's answers of 400 and over.
  async problems() {
    const page = await this.eval(() => {
      if (!window.__e2eInit) return ['the test script did not run in this page (init.js not loaded)'];
      return [...JSON.parse(sessionStorage.getItem('e2e.problems') || '[]'), ...(window.__e2eLost || [])];
    });
    return [...page, ...this.server.errors.slice(this.serverErrorsFrom)];
  }

  async expectNoProblems() {
    assert.deepEqual(await this.problems(), [], `${this.engine}: no uncaught error or failed load`);
  }

  /// Waits until an alert (role="alert") that says `text` is shown.
  async waitForAlert(text, timeout = 10000) {
    await this.waitFor(
      (t) =>
        [...document.querySelectorAll('[role="alert"]')].some((e) => e.getClientRects().length && e.textContent.includes(t)),
      text,
      { timeout, what: `an alert saying "${text}"` },
    );
  }

  async screenshot(name) {
    await mkdir(artifacts, { recursive: true });
    await writeFile(join(artifacts, `${name}.png`), await this.session.screenshot());
  }

  async close() {
    await this.session.close();
  }
}

function nameArg(name) {
  return name instanceof RegExp ? { re: name.source, flags: name.flags } : name;
}
