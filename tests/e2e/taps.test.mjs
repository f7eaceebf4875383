// End-to-end: taps that do what the player meant, by touch on a phone. A
// double tap on a card that means "play again" plays that card only, at
// 90, 200 and 350 ms between the taps; nothing that appears above the hand
// moves a card; "Confirm each card" plays on the second tap only.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, step, whatNow, saveScreenshot, waitUntil, fingerDoubleTap } from './harness.mjs';

const build = useBuild();
const phone = { width: 390, height: 844 };

async function touchPage(url, settings) {
  const ctx = await build.browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
  if (settings) {
    await ctx.addInitScript((s) => {
      if (!localStorage.getItem('mojo.settings')) localStorage.setItem('mojo.settings', JSON.stringify(s));
    }, settings);
  }
  return openPage(build.browser, url, phone, { context: ctx });
}

/// The enabled cards of the hand: name, hint and where each is.
const handCards = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="group"][aria-label="Your hand"] button')].map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label'), hint: b.getAttribute('aria-description'), enabled: !b.disabled, x: r.x, y: r.y };
    }),
  );

const handTop = (page) => page.evaluate(() => document.querySelector('.hand').getBoundingClientRect().top);

const myPlays = (page) =>
  page.evaluate(() => [...document.querySelectorAll('.log__lines li')].filter((l) => l.textContent.startsWith('Player played')).length);

/// Plays (by clicks) until the person holds a card that means "play
/// again"; returns that card, or null at the game's end.
async function reachPlayAgain(page) {
  for (let i = 0; i < 3000; i++) {
    const what = await whatNow(page);
    if (what === 'over') return null;
    if (what === 'play') {
      const again = (await handCards(page)).find((c) => c.enabled && c.hint === 'play again');
      if (again) return again;
    }
    await step(page, undefined, what);
    if (what === 'wait') await page.waitForTimeout(20);
  }
  return null;
}

/// Two touch taps at the centre of `card`, `gap` ms apart (start to start),
/// each 30 ms long, as a finger makes them: sent through the DevTools
/// protocol with the times they happened (`timestamp`), each at its time,
/// none waiting for the page to finish with the one before. The page reads
/// the taps' own times (`pointerdown`'s `timeStamp`), so the gap is the
/// gap, however long the first tap's play and render take.
///
/// (Playwright's `touchscreen.tap` returns only once the page has handled
/// the tap: under load a first tap and its render took more than 90 ms, so
/// the 90 ms gap could not be made, and the test tried it again up to six
/// times. Issue 38: no retries.) Returns the gap the page saw.
async function doubleTap(page, card, gap) {
  const [x, y] = [card.x + 20, card.y + 30];
  await page.evaluate(() => {
    if (!window.__e2eDowns) {
      addEventListener('pointerdown', (e) => window.__e2eDowns.push(e.timeStamp), { capture: true });
    }
    window.__e2eDowns = [];
  });
  await fingerDoubleTap(page, x, y, gap);
  const downs = await page.evaluate(() => window.__e2eDowns);
  assert.equal(downs.length, 2, `two pointerdowns for two taps: ${JSON.stringify(downs)}`);
  return Math.round(downs[1] - downs[0]);
}

test('a double tap on a card that means play again plays one card, at 90, 200 and 350 ms', async () => {
  const page = await touchPage(`${build.server.url}?lang=en&speed=instant`);
  try {
    await page.getByRole('button', { name: 'Start game' }).click();
    for (const gap of [90, 200, 350]) {
      let card = await reachPlayAgain(page);
      if (!card) {
        await page.getByRole('button', { name: 'Rematch' }).click();
        card = await reachPlayAgain(page);
      }
      assert.ok(card, 'a card that means play again');
      const before = await handCards(page);
      const plays = await myPlays(page);
      const was = await doubleTap(page, card, gap);
      // The taps came as a finger made them: the page saw the gap asked for.
      assert.ok(Math.abs(was - gap) <= 2, `the page saw the taps ${was} ms apart, not ${gap}`);
      await page.waitForTimeout(500);
      assert.equal(await myPlays(page), plays + 1, `one card played for two taps ${was} ms apart`);
      const after = await handCards(page);
      assert.equal(after.length, before.length - 1);
      // Every card left is where it was: none slid under the finger.
      for (const c of after) {
        assert.ok(
          before.some((b) => b.name === c.name && b.x === c.x && b.y === c.y),
          `${c.name} stayed in its place (${was} ms): ${JSON.stringify({ after, before })}`,
        );
      }
      if (gap === 90) await saveScreenshot(page, 'taps-phone-after-double-tap');
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('the take-back and the turn banner appear without moving the hand', async () => {
  // Fast bots (still waiting for the take-back's grace).
  const page = await touchPage(`${build.server.url}?lang=en&speed=fast`);
  try {
    await page.getByRole('button', { name: 'Start game' }).click();
    let checked = 0;
    for (let i = 0; i < 2000 && checked < 3; i++) {
      const what = await whatNow(page);
      if (what === 'over') break;
      if (what === 'play') {
        const before = await handCards(page);
        // A lower card that leaves more than three cards (T is at most 3,
        // RULES R2): with 1 to T left the hand goes face down (R5.1) and
        // there is no hand left to stay in place. (Issue 38: the test once
        // picked such a card, waited for a hand that was gone, and read the
        // round's summary 30 s later.)
        const lower = before.length > 4 && before.find((c) => c.enabled && c.hint === 'ends your turn');
        if (lower) {
          const top = await handTop(page);
          await page.touchscreen.tap(lower.x + 20, lower.y + 30);
          // The turn is over (the cards close up); the hand itself is
          // where it was, with "Take back" shown and "Your turn!" gone.
          // Read in the frame where "Take back" shows: a moment later the
          // fast bots may have played on and ended the round (issue 38:
          // once the hand was gone by the time it was read).
          const shown = await waitUntil(
            page,
            '"Take back" beside the hand',
            () => {
              const hand = document.querySelector('.hand');
              return document.querySelector('.own__turn .take-back') && hand ? { top: hand.getBoundingClientRect().top } : null;
            },
            undefined,
            { saw: () => ({ takeBack: !!document.querySelector('.take-back'), hand: !!document.querySelector('.hand'), faceDown: !!document.querySelector('.facedown'), summary: !!document.querySelector('.summary') }) },
          );
          assert.equal((await shown.jsonValue()).top, top, 'the hand did not move down or up');
          if (!checked) await saveScreenshot(page, 'taps-phone-take-back');
          checked++;
          continue;
        }
      }
      await step(page, undefined, what);
      if (what === 'wait') await page.waitForTimeout(20);
    }
    assert.equal(checked, 3, 'three turns ended with the take-back offered');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('Confirm each card: the first tap picks the card, the second plays it', async () => {
  const page = await touchPage(`${build.server.url}?lang=en&speed=instant`, { tour_done: true, confirm_cards: true });
  try {
    await page.getByRole('button', { name: 'Start game' }).click();
    for (let i = 0; i < 200 && (await whatNow(page)) !== 'play'; i++) await page.waitForTimeout(20);
    const [card] = (await handCards(page)).filter((c) => c.enabled);
    const plays = await myPlays(page);
    await page.touchscreen.tap(card.x + 20, card.y + 30);
    await page.waitForTimeout(300);
    assert.equal(await myPlays(page), plays, 'one tap plays nothing');
    const picked = page.locator('.card--picked');
    assert.equal(await picked.count(), 1);
    assert.equal(await picked.getAttribute('aria-description'), 'tap again to play');
    await saveScreenshot(page, 'taps-phone-confirm');
    const box = await picked.boundingBox();
    await page.touchscreen.tap(box.x + 20, box.y + 30);
    await waitUntil(page, 'the card played', (n) => [...document.querySelectorAll('.log__lines li')].filter((l) => l.textContent.startsWith('Player played')).length === n + 1, plays);
    // The setting is in the menu, off by default elsewhere.
    await page.getByRole('button', { name: 'Menu' }).click();
    assert.ok(await page.getByRole('checkbox', { name: 'Confirm each card' }).isChecked());
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});
