// End-to-end robustness (issue 7): hostile names and query parameters, two
// tabs on one game, a storage quota that fills up mid-game. The release
// build in Debian's Chromium; `node --test tests/e2e/` after
// `trunk build --release` (scripts/test.sh does both).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useBuild, openPage, expectNoProblems, step, reachScreen, snapshot, ready, saveScreenshot,
} from './harness.mjs';
import { reduceMotion } from './webdriver.mjs';

// Not about the animations: as a player who turned them off (issue 54).
reduceMotion();

// MOJO_DIST serves another build folder (e.g. while dist/ is rebuilt).
const build = useBuild('/', process.env.MOJO_DIST ? { dir: process.env.MOJO_DIST } : {});

const XSS = '<img src=x onerror=alert(1)>';
const LONG = 'W'.repeat(10000);

/// Every write of the save, with its sequence number and time (init
/// script), to check that no tab ever writes an older save over a newer one.
function recordWrites() {
  const set = Storage.prototype.setItem;
  window.__writes = [];
  Storage.prototype.setItem = function (key, value) {
    if (key === 'mojo.game') {
      let seq = null;
      try {
        seq = JSON.parse(value).seq;
      } catch {}
      window.__writes.push({ t: performance.timeOrigin + performance.now(), seq });
    }
    return set.call(this, key, value);
  };
}

/// A page in a fresh context (its own storage) or in `context`, opened by
/// the harness (errors, failed requests and dialogs recorded; walkthrough
/// seen), that also records every write of the save.
async function open(url, { viewport = { width: 390, height: 844 }, context } = {}) {
  const page = await openPage(build.browser, null, viewport, { context });
  await page.addInitScript(recordWrites);
  if (url) await page.goto(url);
  return page;
}

const clean = expectNoProblems;

async function noHorizontalScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what}: ${overflow}px of horizontal scrolling`);
}

/// No element the names could have created, and no script ran.
async function noInjectedMarkup(page) {
  const found = await page.evaluate(() => ({
    imgs: document.querySelectorAll('img[src="x"], img[onerror]').length,
    scripts: [...document.scripts].filter((s) => s.textContent.includes('alert(1)')).length,
  }));
  assert.deepEqual(found, { imgs: 0, scripts: 0 });
}

const stored = (page) =>
  page.evaluate(() => {
    const text = localStorage.getItem('mojo.game');
    if (!text) return null;
    const v = JSON.parse(text);
    return { id: v.game.id, seq: v.seq, actions: v.game.actions.length };
  });

/// Two people with hostile names at the table, a few moves in.
async function hostileTable(viewport) {
  const page = await open(`${build.server.url}?lang=en&speed=instant`, { viewport });
  await ready(page);
  await page.locator('#seat-name-0').fill(XSS);
  await page.locator('#seat-kind-0').selectOption('person');
  await page.locator('#seat-name-1').fill(LONG);
  await page.locator('#seat-kind-1').selectOption('person');
  const typed = await page.evaluate(() => [0, 1].map((i) => document.querySelector(`#seat-name-${i}`).value));
  assert.equal(typed[0], XSS.slice(0, 20), 'the markup is kept as text, cut at 20 characters');
  assert.equal(typed[1], 'W'.repeat(20), 'a 10,000-character name is cut at 20');
  await noHorizontalScroll(page, 'lobby');
  await page.getByRole('button', { name: 'Start game' }).click();
  // Pass-and-play: the cover names the person, as text.
  const cover = page.getByRole('heading', { name: /^Pass the device to / });
  await cover.waitFor();
  assert.equal(await cover.textContent(), `Pass the device to ${XSS.slice(0, 20)}`);
  await page.getByRole('button', { name: 'Show my cards' }).click();
  for (let i = 0; i < 40; i++) {
    if ((await step(page)) === 'over') break;
  }
  // Then a screen that names everyone: a person's hand ("You are …" and
  // the other seats). While the bots play, the last person's seat is named
  // nowhere (seen at 390 px in a run of 662ac42, where the steps ended
  // there); a hand-off cover names the next person only in its heading
  // (checked above): that person's hand is shown, as they would.
  if ((await reachScreen(page, ['play', 'draw', 'reveal', 'show'])) === 'show') {
    await page.getByRole('button', { name: 'Show my cards' }).click();
  }
  await page.locator('.topbar__me').waitFor();
  // The other seats by name, and "You are …" for the person shown.
  const names = await page.locator('.seat__name').allTextContents();
  const me = (await page.locator('.topbar__me').allTextContents()).map((t) => t.replace(/^You are /, ''));
  const shown = [...names, ...me];
  assert.ok(shown.includes(XSS.slice(0, 20)), `names shown: ${shown}`);
  assert.ok(shown.includes('W'.repeat(20)), `names shown: ${shown}`);
  assert.ok(shown.every((n) => n.length <= 20));
  return page;
}

test('hostile names are text, limited in length, and the layout holds', async () => {
  const page = await hostileTable({ width: 1024, height: 768 });
  await noInjectedMarkup(page);
  await noHorizontalScroll(page, 'table');
  await saveScreenshot(page, 'robustness-hostile-names');
  // The save keeps the names as data; a reload shows them as text again.
  await page.reload();
  await ready(page);
  await noInjectedMarkup(page);
  clean(page);
  await page.context().close();
});

// Found by this suite: at phone width the score pad's header row took each
// full name, and two 20-character names pushed the page wider than 390 px.
// The score pad now uses a fixed table layout (names end in an ellipsis).
test('long names do not widen the score pad at phone width', async () => {
  const page = await hostileTable({ width: 390, height: 844 });
  try {
    await noHorizontalScroll(page, 'table at 390 px');
    clean(page);
  } finally {
    await page.context().close();
  }
});

test('eight players: every name, seat choice and "Total" readable, in every language', async () => {
  for (const lang of ['en', 'fr', 'ru', 'nl', 'pl']) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1180, height: 820 }]) {
      const page = await open(`${build.server.url}?lang=${lang}&speed=slow`, { viewport });
      await ready(page);
      while ((await page.locator('.lobby__seat').count()) < 8) await page.getByRole('button', { name: /^\+ / }).click();
      // Each choice of the seat menu fits the closed menu (its text, plus
      // about 20 px for the arrow).
      const tight = await page.evaluate(() => {
        const sel = document.querySelector('#seat-kind-1');
        const cs = getComputedStyle(sel);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
        return [...sel.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => o.text);
      });
      assert.deepEqual(tight, [], `${lang} at ${viewport.width} px: seat menu choices cut`);
      await page.locator('.lobby .button--primary').first().click();
      await page.locator('.table').waitFor();
      const cut = await page.evaluate(() => {
        const pad = document.querySelector('.side .scorepad__table');
        const cells = [...pad.querySelectorAll('thead th:not(:first-child)'), pad.querySelector('tfoot th')];
        // A cell whose text needs more room than it has is cut (ellipsis) or
        // runs into its neighbour.
        return cells
          .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
          .map((c) => c.textContent);
      });
      assert.deepEqual(cut, [], `${lang} at ${viewport.width} px`);
      // Our own heading: the name keeps some room and both readouts ("Total:
      // 0 points", "Your cards: N points") show whole.
      const head = await page.evaluate(() => {
        const box = (sel) => document.querySelector(sel).getBoundingClientRect();
        const whole = (sel) => {
          const e = document.querySelector(sel);
          return e.scrollWidth <= e.clientWidth + 1 && box(sel).right <= window.innerWidth;
        };
        return { name: box('.own__name').width, total: whole('.own__total'), points: whole('.own__points') };
      });
      assert.ok(head.name >= 40, `${lang} at ${viewport.width} px: own name squeezed to ${head.name}px`);
      assert.ok(head.total && head.points, `${lang} at ${viewport.width} px: own readouts cut`);
      await noHorizontalScroll(page, `${lang}, eight players at ${viewport.width} px`);
      clean(page);
      await page.context().close();
    }
  }
});

// Found by looking: beside a landscape table (1024 px) the side score pad of
// four players cut "Player" to "Pla…"; narrow pads now set names upright.
test('four players beside a landscape table: every name in the side score pad whole', async () => {
  for (const lang of ['en', 'ru', 'pl']) {
    const page = await open(`${build.server.url}?lang=${lang}&speed=slow`, { viewport: { width: 1024, height: 768 } });
    await ready(page);
    assert.equal(await page.locator('.lobby__seat').count(), 4);
    await page.locator('.lobby .button--primary').first().click();
    await page.locator('.table').waitFor();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.side .scorepad__table thead th:not(:first-child)')]
        .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
        .map((c) => c.textContent),
    );
    assert.deepEqual(cut, [], `${lang}: names cut in the side score pad`);
    await page.context().close();
  }
});

test('unexpected query parameters are ignored safely', async () => {
  for (const query of [
    '?lang=xx&speed=warp&foo=<script>alert(1)</script>',
    '?lang=&speed=',
    '?lang=en&lang=<img src=x onerror=alert(1)>&speed=instant&speed=%00',
    `?speed=${'9'.repeat(5000)}&lang=${'x'.repeat(5000)}`,
    '?%E0%A4%A=%&&&==',
  ]) {
    const page = await open(build.server.url + query);
    await ready(page);
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.getByRole('group', { name: 'Your hand' }).waitFor();
    await step(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', query);
    await noInjectedMarkup(page);
    await noHorizontalScroll(page, query);
    clean(page);
    await page.context().close();
  }
});

/// Two tabs (two pages of one browser context share localStorage and get
/// each other's `storage` events).
async function twoTabs() {
  const context = await build.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const url = `${build.server.url}?lang=en&speed=instant`;
  const a = await open(url, { context });
  await a.getByRole('button', { name: 'Start game' }).click();
  await a.getByRole('group', { name: 'Your hand' }).waitFor();
  const b = await open(url, { context });
  await ready(b);
  await b.getByRole('group', { name: 'Your hand' }).or(b.locator('.facedown')).first().waitFor();
  return { context, a, b };
}

/// Plays by clicks until the person has made `n` moves (bots answer
/// instantly).
async function movesIn(page, n) {
  let done = 0;
  for (let i = 0; i < 400 && done < n; i++) {
    const what = await step(page);
    if (what === 'over') break;
    if (what !== 'wait') done++;
  }
}

/// Waits until both pages show the same position.
async function converge(a, b, what) {
  for (let i = 0; i < 100; i++) {
    if (JSON.stringify(await snapshot(a)) === JSON.stringify(await snapshot(b))) return;
    await a.waitForTimeout(50);
  }
  assert.deepEqual(await snapshot(b), await snapshot(a), what);
}

/// Every tab's writes of the save, in time order, never go back in `seq`
/// for the same game.
async function assertNoOlderWrites(pages) {
  const writes = (await Promise.all(pages.map((p) => p.evaluate(() => window.__writes)))).flat();
  writes.sort((x, y) => x.t - y.t);
  for (let i = 1; i < writes.length; i++) {
    assert.ok(writes[i].seq >= writes[i - 1].seq, `write ${i}: seq ${writes[i].seq} after ${writes[i - 1].seq}`);
  }
  return writes.length;
}

test('two tabs: the other tab shows the newer position, and plays on from it', async () => {
  const { context, a, b } = await twoTabs();
  await converge(a, b, 'the second tab opens the saved game');
  await movesIn(a, 3);
  await converge(a, b, 'moves in the first tab show in the second');
  await b.getByRole('alert').filter({ hasText: 'This game went on in another tab' }).waitFor();
  await movesIn(b, 3);
  await converge(a, b, 'and back');
  const writes = await assertNoOlderWrites([a, b]);
  assert.ok(writes > 2);
  clean(a);
  clean(b);
  await context.close();
});

test('a storage quota that fills up mid-game: play goes on, saving is off', async () => {
  const page = await open(`${build.server.url}?lang=en&speed=instant`);
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('group', { name: 'Your hand' }).waitFor();
  await movesIn(page, 2);
  await page.evaluate(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  // Bots may still be moving (and saving) until the line above runs, so the
  // last good save is read only once no write can succeed any more.
  const saved = await stored(page);
  assert.ok(saved.actions >= 2, `a real game was saved before the quota filled (${saved.actions})`);
  await movesIn(page, 5);
  await page.getByRole('alert').filter({ hasText: 'Saving is off' }).waitFor();
  assert.ok(await page.locator('.table').isVisible());
  assert.deepEqual(await stored(page), saved, 'the last good save is kept');
  clean(page);
  await page.context().close();
});
