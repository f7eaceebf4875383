// End-to-end: a whole game with the keyboard alone (Tab, arrows, Enter,
// Escape; no mouse), checking where focus goes after every action, and what
// the screen reader's live region says.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, whatNow } from './harness.mjs';

const build = useBuild('/games/mojo/');

/// What has focus: its accessible name, and where it is.
const focused = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return { where: 'body', name: '' };
    const where = a.closest('[role="group"][aria-label="Your hand"]')
      ? 'hand'
      : a.closest('.facedown__row')
        ? 'facedown'
        : a.closest('.summary')
          ? 'summary'
          : a.closest('.status')
            ? 'status'
            : a.closest('[role="dialog"]')
              ? 'dialog'
              : 'other';
    return { where, name: a.getAttribute('aria-label') ?? a.textContent.trim(), disabled: !!a.disabled };
  });

/// Waits (briefly) until focus satisfies `ok`; fails with what had focus.
async function focusIs(page, ok, what) {
  let f;
  for (let i = 0; i < 40; i++) {
    f = await focused(page);
    if (ok(f)) return f;
    await page.waitForTimeout(15);
  }
  assert.fail(`${what}: focus is on ${JSON.stringify(f)}`);
}

/// Presses Tab until the focused element's name is `name`.
async function tabTo(page, name, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).name === name) return;
  }
  assert.fail(`Tab never reached "${name}"`);
}

const live = (page) => page.locator('.table > [aria-live="polite"]').textContent();

test('a full game with the keyboard alone, focus where it belongs after every action', async () => {
  const page = await openPage(build.browser, `${build.server.url}?lang=en&speed=instant`);
  await page.getByRole('button', { name: 'Start game' }).waitFor();
  await tabTo(page, 'Start game');
  await page.keyboard.press('Enter');
  // The first card of the hand has focus; the hand is one tab stop.
  await focusIs(page, (f) => f.where === 'hand', 'game start');
  const stops = await page.evaluate(() =>
    [...document.querySelectorAll('.hand button')].map((b) => b.getAttribute('tabindex')),
  );
  assert.deepEqual(stops.filter((t) => t === '0').length, 1, `one tab stop in the hand: ${stops}`);

  // Arrow keys move along the hand; Home and End go to its ends.
  const names = await page.evaluate(() =>
    [...document.querySelectorAll('.hand button')].map((b) => b.getAttribute('aria-label')),
  );
  await page.keyboard.press('Home');
  assert.equal((await focused(page)).name, names[0]);
  await page.keyboard.press('ArrowRight');
  assert.equal((await focused(page)).name, names[1]);
  await page.keyboard.press('End');
  assert.equal((await focused(page)).name, names.at(-1));
  await page.keyboard.press('ArrowLeft');
  assert.equal((await focused(page)).name, names.at(-2));
  // Tab leaves the hand in one press (roving tab stop), Shift+Tab comes back.
  await page.keyboard.press('Tab');
  assert.notEqual((await focused(page)).where, 'hand');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused(page)).name, names.at(-2), 'back on the same card');

  // A dialog takes focus and gives it back: the menu, closed by Escape.
  await tabTo(page, 'Menu');
  await page.keyboard.press('Enter');
  await focusIs(page, (f) => f.where === 'dialog', 'menu opened');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await focusIs(page, (f) => f.name === 'Menu', 'menu closed');
  // Back into the hand.
  await tabTo(page, names.at(-2));

  let plays = 0;
  let reveals = 0;
  let rounds = 0;
  let heardOthers = false;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 6000; i++) {
    const what = await whatNow(page);
    if (what === 'over') break;
    if (what === 'wait') {
      await page.waitForTimeout(10);
      continue;
    }
    if (what === 'play') {
      const f = await focusIs(page, (f) => f.where === 'hand' && !f.disabled, `play #${plays + 1}`);
      assert.ok(f.name, 'a card name');
      if (plays > 0 && !heardOthers) {
        const said = await live(page);
        heardOthers = /Bot \d played/.test(said) && said.endsWith('Your turn: play a card.');
      }
      // Pick a card with the arrows, then play it with Enter or Space.
      const moves = Math.floor(random() * 4);
      for (let k = 0; k < moves; k++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press(random() < 0.5 ? 'Enter' : 'Space');
      plays++;
      // Focus goes to the hand again (an equal card: play again), or to the
      // status line, a summary, or the face-down row.
      await focusIs(page, (f) => ['hand', 'status', 'summary', 'facedown'].includes(f.where), 'after a play');
    } else if (what === 'reveal') {
      await focusIs(page, (f) => f.where === 'facedown' && f.name.startsWith('Reveal '), 'Mojo Time');
      await page.keyboard.press('Enter');
      reveals++;
    } else if (what === 'next') {
      await focusIs(page, (f) => f.name === 'Next round', 'round summary');
      await page.keyboard.press('Enter');
      rounds++;
    } else {
      assert.fail(`unexpected ${what} in a game with one person`);
    }
  }
  assert.equal(await whatNow(page), 'over', 'the game reached its end');
  await focusIs(page, (f) => f.name === 'Rematch', 'game over');
  assert.ok(rounds >= 1, `${rounds} rounds`);
  assert.ok(plays > 10, `${plays} plays`);
  assert.ok(heardOthers, "the live region told the bots' moves and whose turn it is");
  console.log('keyboard game', JSON.stringify({ plays, reveals, rounds }));
  // Rematch with Enter: a new game, focus on the new hand.
  await page.keyboard.press('Enter');
  await focusIs(page, (f) => f.where === 'hand', 'rematch');
  assert.equal(await page.locator('.topbar__round').textContent(), 'Round 1');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the walkthrough on a first game: Next, Escape skips, remembered, re-opened from the menu', async () => {
  const page = await openPage(build.browser, `${build.server.url}?lang=en&speed=instant`, undefined, { tour: true });
  await page.getByRole('button', { name: 'Start game' }).waitFor();
  await tabTo(page, 'Start game');
  await page.keyboard.press('Enter');
  const tour = page.getByRole('dialog', { name: 'Your first game' });
  await tour.waitFor();
  await focusIs(page, (f) => f.where === 'dialog' && f.name === 'Next', 'walkthrough opens');
  // Step 1 lights up the hand; step 2 the discard pile; step 3 what the
  // cards are worth; step 4 the Mojo card.
  const lit = async () =>
    page.evaluate(() => {
      const spot = document.querySelector('.tour__spot').getBoundingClientRect();
      const inside = (sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return r.left >= spot.left - 1 && r.top >= spot.top - 1 && r.right <= spot.right + 1 && r.bottom <= spot.bottom + 1;
      };
      return { hand: inside('.hand'), piles: inside('.piles'), points: inside('.own__points'), mojo: inside('.mojo') };
    });
  assert.equal((await lit()).hand, true, 'the hand is lit');
  assert.match(await tour.textContent(), /Step 1 of 4/);
  await page.keyboard.press('Enter');
  await page.getByText('Step 2 of 4').waitFor();
  assert.equal((await lit()).piles, true, 'the discard pile is lit');
  // Four players: Mojo Time starts at 3 cards (2 in a two-player game).
  assert.match(await tour.textContent(), /Left with 3 cards or fewer at the end of your turn/);
  await page.keyboard.press('Enter');
  await page.getByText('Step 3 of 4').waitFor();
  assert.equal((await lit()).points, true, "what one's cards are worth is lit");
  await page.keyboard.press('Enter');
  await page.getByText('Step 4 of 4').waitFor();
  assert.equal((await lit()).mojo, true, 'the Mojo card is lit');
  await page.keyboard.press('Escape');
  await tour.waitFor({ state: 'detached' });
  await focusIs(page, (f) => f.where === 'hand', 'walkthrough skipped');
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('mojo.settings')));
  assert.equal(settings.tour_done, true, 'remembered');
  // Not on the next game; re-opened from the menu.
  await page.reload();
  await page.locator('.table').waitFor();
  assert.equal(await tour.count(), 0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'First-game walkthrough' }).click();
  await tour.waitFor();
  await page.getByRole('button', { name: 'Skip' }).click();
  await tour.waitFor({ state: 'detached' });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
