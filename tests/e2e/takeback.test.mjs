// End-to-end: a tap you can take back. After a card lower than (or equal
// to) the one it covers, "Take back" gives it back, until anyone acts
// again; bots wait for it at normal speed. The log says who took back
// which card. (On a pass-and-play table the next person's cover offers it
// and asks once: family.test.mjs and blind.test.mjs.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, reachScreen, step } from './harness.mjs';

const build = useBuild('/games/mojo/');

/// The labels of the enabled cards in the hand, and which of them would
/// end the turn (their hint).
async function hand(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="group"][aria-label="Your hand"] button')].map((b) => ({
      name: b.getAttribute('aria-label'),
      hint: b.getAttribute('aria-description'),
      enabled: !b.disabled,
    })),
  );
}

const logLines = (page) => page.evaluate(() => [...document.querySelectorAll('.log__lines li')].map((l) => l.textContent));

/// Plays until the person can play a card that ends the turn (lower than
/// the pile's top, not the last card) and returns its name.
async function reachLowerCard(page) {
  for (let i = 0; i < 400; i++) {
    const what = await reachScreen(page, ['play']);
    assert.notEqual(what, 'over');
    const lower = (await hand(page)).find((c) => c.enabled && c.hint === 'ends your turn');
    if (lower) return lower.name;
    await step(page, undefined, 'play');
  }
  throw new Error('never a card that ends the turn');
}

test('a card that ends the turn can be taken back while the bots wait; the log says so', async () => {
  // Normal speed: bots give the person two seconds to take a card back.
  const page = await openPage(build.browser, `${build.server.url}?lang=en`);
  try {
    await page.getByRole('button', { name: 'Start game' }).click();
    const card = await reachLowerCard(page);
    const before = await hand(page);
    const log = await logLines(page);
    await page.getByRole('group', { name: 'Your hand' }).getByRole('button', { name: card, exact: true }).first().click();
    const takeBack = page.getByRole('button', { name: `Take back your ${card}`, exact: true });
    await takeBack.waitFor();
    // The next seat is a bot: it waits for the take-back's grace.
    assert.equal(await page.locator('.seat--active .seat__thinking').count(), 1, 'a bot is to play');
    await page.waitForTimeout(400);
    assert.ok(await takeBack.isVisible(), 'still offered: the bot waits');
    await takeBack.click();
    await takeBack.waitFor({ state: 'detached' });
    assert.deepEqual(await hand(page), before, 'the card is back in hand, the turn is the person\'s again');
    // The play is gone from the log, which says it was taken back.
    const me = (await page.locator('.own__name').textContent()).trim();
    assert.deepEqual(await logLines(page), [`${me} took back ${card}`, ...log], 'the log says it');
    // Played again, and left: after the grace the bot plays, and the offer
    // is gone.
    await page.getByRole('group', { name: 'Your hand' }).getByRole('button', { name: card, exact: true }).first().click();
    await takeBack.waitFor();
    await takeBack.waitFor({ state: 'detached', timeout: 10000 });
    assert.notDeepEqual(await logLines(page), log);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});
