// End-to-end: static deploy under a sub-path, offline, and the
// Content-Security-Policy. The release build (dist/) is served under
// /games/mojo/, never at the root of the host. Offline after one visit and
// a new deploy offered as a reload are tested in every engine, over
// WebDriver: engines.mjs.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, openPage, dist, step, snapshot, ready, whatNow } from './harness.mjs';

const BASE = '/games/mojo/';
let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

const controlled = (page) => page.waitForFunction(() => navigator.serviceWorker?.controller != null);

/// Waits until the game waits for the person at the screen (no bot is
/// thinking), so that a snapshot stays true until they act; fails if it
/// never does (bots at `?speed=instant` answer in milliseconds).
async function settled(page, timeoutMs = 10000) {
  const started = Date.now();
  let what;
  while ((what = await whatNow(page)) === 'wait') {
    if (Date.now() - started > timeoutMs) {
      assert.fail(`the game still did not wait for the person after ${timeoutMs} ms (screen: ${what})`);
    }
    await page.waitForTimeout(20);
  }
  return what;
}

test('strict CSP, installable manifest, and no request to any other origin', async () => {
  const server = await serve(BASE);
  const page = await openPage(browser, null);
  const context = page.context();
  const urls = [];
  context.on('request', (r) => urls.push(r.url()));
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  try {
    await page.goto(`${server.url}?lang=en&speed=instant`);
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.getByRole('group', { name: 'Your hand' }).waitFor();
    for (let i = 0; i < 20; i++) await step(page);
    await controlled(page);

    const policy = await page.evaluate(
      () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? '',
    );
    assert.match(policy, /default-src 'self'/);
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    assert.doesNotMatch(policy.replaceAll("'wasm-unsafe-eval'", ''), /unsafe-|\*|https?:/);
    const inline = await page.evaluate(
      () => [...document.querySelectorAll('script:not([src])')].filter((s) => s.textContent.trim()).length,
    );
    assert.equal(inline, 0, 'no inline script');
    assert.deepEqual(await page.evaluate(() => window.__cspViolations), [], 'nothing blocked by the policy');

    // The manifest and its icons, relative to the sub-path.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      const m = await (await fetch(link.href)).json();
      const icons = [];
      for (const i of m.icons) {
        const r = await fetch(new URL(i.src, link.href));
        icons.push({ sizes: i.sizes, purpose: i.purpose, ok: r.ok, type: r.headers.get('content-type') });
      }
      return { ...m, icons, href: link.href };
    });
    assert.ok(manifest.href.startsWith(server.url));
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, './');
    assert.equal(manifest.scope, './');
    assert.ok(manifest.icons.every((i) => i.ok), JSON.stringify(manifest.icons));
    for (const size of ['192x192', '512x512']) {
      assert.ok(manifest.icons.some((i) => i.sizes === size && i.type === 'image/png'), `a ${size} PNG`);
    }
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, server.url, 'the worker is scoped to the sub-path');

    const foreign = urls.filter((u) => !u.startsWith(`${server.origin}/`) && !u.startsWith('data:'));
    assert.deepEqual(foreign, [], 'requests to other origins');
    const outside = server.requests.filter((p) => !p.startsWith(BASE));
    assert.deepEqual(outside, [], 'requests outside the sub-path');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

// `trunk build --release --public-url /games/mojo/ --dist target/dist-public-url`
// (scripts/test.sh builds it): absolute asset URLs instead of relative ones.
const absoluteBuild = join(dist, '..', 'target', 'dist-public-url');

test('a build made with --public-url /games/mojo/ works under that path, offline too', async () => {
  // Missing build: a failure that says how to make it, never a skip.
  await readFile(join(absoluteBuild, 'index.html')).catch(() =>
    assert.fail(`no ${absoluteBuild}: run trunk build --release --public-url ${BASE} --dist target/dist-public-url`),
  );
  const server = await serve(BASE, { dir: absoluteBuild });
  // openPage: a fresh context, set up like every other end-to-end test's.
  const page = await openPage(browser, null);
  const context = page.context();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  try {
    const html = await readFile(join(absoluteBuild, 'index.html'), 'utf8');
    assert.match(html, /src="\/games\/mojo\/boot-[0-9a-f]+\.js"/, 'asset URLs carry the public URL');
    await page.goto(`${server.url}?lang=en&speed=instant`);
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.getByRole('group', { name: 'Your hand' }).waitFor();
    for (let i = 0; i < 4; i++) await step(page);
    await controlled(page);
    await settled(page);
    const before = await snapshot(page);
    await context.setOffline(true);
    server.setDir(null);
    await page.reload();
    await ready(page);
    await page.waitForTimeout(30);
    assert.deepEqual(await snapshot(page), before);
    assert.deepEqual(server.requests.filter((p) => !p.startsWith(BASE)), [], 'requests outside the sub-path');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
