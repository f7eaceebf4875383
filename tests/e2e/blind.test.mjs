// End-to-end, by touch (issue 34 item 1): no card is played that its owner
// never saw. A double tap on "Show my cards" lifts the cover and plays
// nothing, at four screen sizes, with the taps 50 to 600 ms apart; and no
// button that cards replace (Show my cards, Start, Next round, Take back)
// lies over a card of the screen that follows it, asserted from the
// rectangles.
//
// The taps are sent through the DevTools protocol with the times a finger
// makes them (as in taps.test.mjs), none waiting for the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, step, whatNow, saveScreenshot, reachScreen, fingerDoubleTap } from './harness.mjs';
import { setUpTable } from './follow-kit.mjs';

const build = useBuild();
const SIZES = [
  [1024, 768],
  [768, 1024],
  [390, 844],
  [844, 390],
];

async function touchPage(width, height, speed = 'instant', init) {
  const viewport = { width, height };
  const ctx = await build.browser.newContext({ viewport, hasTouch: true, isMobile: width < 600 || height < 600 });
  if (init) await ctx.addInitScript(init);
  return openPage(build.browser, `${build.server.url}?lang=en&speed=${speed}`, viewport, { context: ctx });
}

/// The rectangles of the cards a person may tap: the hand, the face-down
/// row, the draw choice.
const cardRects = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.hand button, .facedown button, .draw-choice button')].map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label'), x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );

/// Where `locator` is on the screen once scrolled into view, as a finger
/// finds it (a click scrolls it there first).
async function boxInView(locator) {
  await locator.scrollIntoViewIfNeeded();
  return locator.boundingBox();
}

const overlapping = (box, cards) =>
  cards.filter((c) => c.x < box.x + box.width && box.x < c.x + c.w && c.y < box.y + box.height && box.y < c.y + c.h);

/// The log's lines that are moves of `name` (played, drew, revealed).
const movesOf = (page, name) =>
  page.evaluate(
    (n) => [...document.querySelectorAll('.log__lines li')].filter((l) => new RegExp(`^${n} (played|drew|revealed)`).test(l.textContent)).length,
    name,
  );

for (const [width, height] of SIZES) {
  test(`a double tap on "Show my cards" shows the hand and plays nothing, taps 50 to 600 ms apart (${width}x${height})`, async () => {
    const page = await touchPage(width, height);
    try {
      await setUpTable(page, [
        ['Ana', 'person'],
        ['Ben', 'person'],
        ['Bot', 'easy'],
      ]);
      await page.getByRole('button', { name: 'Start game' }).click();
      for (const gap of [50, 120, 250, 400, 600]) {
        assert.equal(await reachScreen(page, ['show']), 'show', 'a cover to lift');
        const who = (await page.locator('.handoff h2').textContent()).replace('Pass the device to ', '');
        const button = await page.getByRole('button', { name: 'Show my cards' }).boundingBox();
        const moves = await movesOf(page, who);
        await fingerDoubleTap(page, button.x + button.width / 2, button.y + button.height / 2, gap);
        await page.waitForTimeout(650);
        // The hand shows, and its owner has made no move they never saw.
        assert.ok(['play', 'reveal', 'draw'].includes(await whatNow(page)), `${who}'s hand shows after ${gap} ms`);
        assert.equal(await movesOf(page, who), moves, `${who} made no move with a double tap ${gap} ms apart`);
        const under = overlapping(button, await cardRects(page));
        assert.deepEqual(under, [], `the cover's button lay over cards at ${width}x${height}`);
        if (gap === 250) await saveScreenshot(page, `blind-${width}x${height}-after-double-tap`);
        // The person plays their turn, having seen it.
        await step(page);
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}

for (const [width, height] of SIZES) {
  test(`Start, Next round and Take back lie over no card of the screen that follows (${width}x${height})`, async () => {
    // Fast bots: a card that may be taken back stays so for a while.
    const page = await touchPage(width, height, 'fast');
    try {
      await setUpTable(page, [
        ['Ana', 'person'],
        ['Bot 1', 'easy'],
        ['Bot 2', 'easy'],
      ]);
      await page.locator('.lobby__starter').selectOption('0');
      const start = await boxInView(page.getByRole('button', { name: 'Start game' }));
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.locator('.hand button').first().waitFor();
      assert.deepEqual(overlapping(start, await cardRects(page)), [], 'Start over the first hand');
      // Take back: a card that ends the turn, then its take-back.
      let checked = { takeBack: false, nextRound: false };
      for (let i = 0; i < 3000 && !(checked.takeBack && checked.nextRound); i++) {
        const what = await whatNow(page);
        if (what === 'over') break;
        if (what === 'play' && !checked.takeBack) {
          const lower = page.locator('.hand button:not([disabled])[aria-description="ends your turn"]');
          if ((await lower.count()) > 0) {
            await lower.first().click();
            const take = page.locator('.take-back');
            await take.waitFor();
            const box = await boxInView(take);
            await take.click();
            await page.locator('.take-back').waitFor({ state: 'detached' });
            assert.deepEqual(overlapping(box, await cardRects(page)), [], 'Take back over the hand it gives back');
            checked.takeBack = true;
            continue;
          }
        }
        if (what === 'next') {
          const next = await boxInView(page.getByRole('button', { name: 'Next round' }));
          await page.getByRole('button', { name: 'Next round' }).click();
          await page.locator('.hand button').first().waitFor();
          assert.deepEqual(overlapping(next, await cardRects(page)), [], 'Next round over the new hand');
          checked.nextRound = true;
          continue;
        }
        await step(page, undefined, what);
        if (what === 'wait') await page.waitForTimeout(20);
      }
      assert.deepEqual(checked, { takeBack: true, nextRound: true }, 'each button was checked');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}

/// Init script: each time a hand-off cover appears, what the table showed
/// at that moment: whether the cover lies over the seats, the centre or
/// the status line (rectangles), whether the point at the middle of each
/// pile's top card is the card (not the cover), and whether a card was
/// still flying. Kept in `window.__covers`.
function watchCovers() {
  window.__covers = [];
  // A cover is new when it was not there, or when the log grew since.
  let last = null;
  const look = () => {
    const cover = document.querySelector('.handoff');
    const key = cover && `${cover.querySelector('h2')?.textContent} ${document.querySelectorAll('.log__lines li').length}`;
    if (key === last) return;
    last = key;
    if (!cover) return;
    const c = cover.getBoundingClientRect();
    const over = (sel) =>
      [...document.querySelectorAll(sel)].some((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom;
      });
    const piles = [...document.querySelectorAll('.pile__top .card')].map((card) => {
      const r = card.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const inView = y >= 0 && y < innerHeight && x >= 0 && x < innerWidth;
      const hit = inView ? document.elementFromPoint(x, y) : null;
      return { inView, card: !!hit && card.contains(hit) };
    });
    window.__covers.push({
      to: cover.querySelector('h2')?.textContent,
      flying: !!document.querySelector('.card--fly, .card--fly-late, .card--incoming'),
      overSeats: over('.seat'),
      overCentre: over('.centre'),
      overStatus: over('.status'),
      piles,
    });
  };
  const start = () =>
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

// Issue 34 item 8: the hand-off cover came over the whole screen while a
// bot's card was still flying, so that only the next person learnt what
// the bot did. The cover takes the hand's place only: when it appears,
// right after the bot's move, it lies over no seat, the centre or the
// status line, and each pile's top card is what is seen at its middle.
for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`the hand-off cover leaves the table and the bot's move in view (${width}x${height})`, async () => {
    const page = await touchPage(width, height, 'normal', watchCovers);
    try {
      await setUpTable(page, [
        ['Ana', 'person'],
        ['Bot', 'easy'],
        ['Ben', 'person'],
      ]);
      await page.locator('.lobby__starter').selectOption('0');
      await page.getByRole('button', { name: 'Start game' }).click();
      // Covers for Ben, each right after the bot's move.
      for (let i = 0; i < 600; i++) {
        const covers = await page.evaluate(() => window.__covers);
        if (covers.filter((c) => c.to === 'Pass the device to Ben').length >= 3) break;
        const what = await whatNow(page);
        if (what === 'over' || what === 'next') break;
        await step(page, undefined, what);
        if (what === 'wait') await page.waitForTimeout(50);
      }
      const covers = await page.evaluate(() => window.__covers);
      const ben = covers.filter((c) => c.to === 'Pass the device to Ben');
      assert.ok(ben.length >= 3, `three hand-offs to Ben after the bot: ${JSON.stringify(covers)}`);
      assert.ok(ben.some((c) => c.flying), `a bot's card was still flying as a cover came: ${JSON.stringify(ben)}`);
      for (const c of covers) {
        assert.deepEqual(
          { overSeats: c.overSeats, overCentre: c.overCentre, overStatus: c.overStatus },
          { overSeats: false, overCentre: false, overStatus: false },
          `${width}x${height}: ${JSON.stringify(c)}`,
        );
        assert.ok(c.piles.length > 0 && c.piles.every((p) => !p.inView || p.card), `${width}x${height}: a pile's card hidden: ${JSON.stringify(c)}`);
      }
      assert.ok(covers.some((c) => c.piles.some((p) => p.inView)), 'a pile was in view as a cover came');
      await saveScreenshot(page, `cover-${width}x${height}`);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}
