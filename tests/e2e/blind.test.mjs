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

async function touchPage(width, height, speed = 'instant') {
  const viewport = { width, height };
  const ctx = await build.browser.newContext({ viewport, hasTouch: true, isMobile: width < 600 || height < 600 });
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
