// Shared pieces of the end-to-end tests: a static server for the release
// build (dist/), Debian's Chromium driven by playwright-core, and helpers
// that play the game through its accessible names, as a person would.

import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const root = normalize(join(here, '..', '..'));
export const dist = join(root, 'dist');
export const artifacts = join(here, 'artifacts');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/// Serves dist/ (or `dir`) on 127.0.0.1 (a free port) under `base` (e.g.
/// "/" or "/games/mojo/"). Returns { url, close, setDir, requests }:
/// `setDir(other)` serves another build at the same address (a deploy),
/// `setDir(null)` drops every connection (the server is gone),
/// `setDelay(ms)` answers every request that much later (a weak network);
/// `requests` lists the paths asked for.
export async function serve(base = '/', { dir = dist } = {}) {
  let served = dir;
  let delay = 0;
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    if (delay > 0) await new Promise((ok) => setTimeout(ok, delay));
    if (served === null) {
      req.socket.destroy();
      return;
    }
    if (!path.startsWith(base)) {
      res.writeHead(404).end();
      return;
    }
    let rel = path.slice(base.length) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(served, rel));
    if (!file.startsWith(served)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${base}`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    setDir: (d) => {
      served = d;
    },
    setDelay: (ms) => {
      delay = ms;
    },
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(ok);
      }),
  };
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
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
  page.on('requestfailed', (r) => page.problems.push(`requestfailed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) page.problems.push(`HTTP ${r.status()}: ${r.url()}`);
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
  return page.evaluate(() => {
    const byText = (t) =>
      [...document.querySelectorAll('button')].find(
        (b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent.trim()) === t,
      );
    if (byText('Rematch')) return 'over';
    if (byText('Next round')) return 'next';
    if (byText('Show my cards')) return 'show';
    if (byText('Draw from the deck')) return 'draw';
    if (document.querySelector('button[aria-label^="Reveal "]:not([disabled])')) return 'reveal';
    const hand = document.querySelector('[role="group"][aria-label="Your hand"]');
    if (hand && hand.querySelector('button:not([disabled])')) return 'play';
    return 'wait';
  });
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
    case 'draw':
      await page.getByRole('button', { name: 'Draw from the deck' }).click();
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
export async function playUntil(page, until, { maxSteps = 5000, choose } = {}) {
  for (let i = 0; i < maxSteps; i++) {
    const what = await step(page, choose);
    if (what === 'over' || (until && (await until(what)))) return what;
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
  return page.evaluate(() => {
    const text = (sel) =>
      [...document.querySelectorAll(sel)].map((e) => e.getAttribute('aria-label') ?? e.textContent.trim());
    return {
      status: text('.status'),
      hand: text('[role="group"][aria-label="Your hand"] button'),
      facedown: text('.facedown button'),
      piles: text('.pile__top [role="img"]'),
      draw: text('.draw__count'),
      seats: text('.seat'),
      pad: text('.scorepad__totals td'),
      mojo: text('.mojo'),
      handoff: text('.handoff h2'),
      summary: text('.summary__title'),
    };
  });
}

/// Waits until the app has rendered (lobby or table).
export async function ready(page) {
  await page.waitForSelector('.lobby, .table');
}
