// End-to-end: a tap you can take back. After a card lower than (or equal
// to) the one it covers, "Take back" gives it back, until anyone acts
// again; bots wait for it at normal speed; on a pass-and-play table the
// next person's hand-off cover offers it to the person who just played,
// and asks once. The log says who took back which card.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, reachScreen, step, whatNow } from './harness.mjs';

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

test("pass-and-play: the next person's cover offers the take-back to the one who just played, not after they look", async () => {
  const page = await openPage(build.browser, `${build.server.url}?lang=en&speed=instant`);
  try {
    for (const [i, name] of ['Ana', 'Ben'].entries()) await page.locator(`#seat-name-${i}`).fill(name);
    await page.locator('#seat-kind-1').selectOption('person');
    await page.locator('.lobby__seat').last().getByRole('button').click();
    await page.locator('.lobby__seat').last().getByRole('button').click();
    await page.getByRole('button', { name: 'Start game' }).click();
    for (let tries = 0; tries < 50; tries++) {
      const card = await reachLowerCard(page);
      const who = (await page.locator('.own__name').textContent()).trim();
      const before = await hand(page);
      await page.getByRole('group', { name: 'Your hand' }).getByRole('button', { name: card, exact: true }).first().click();
      if ((await whatNow(page)) !== 'show') continue; // a chain of equal cards went on, or Mojo Time
      // The cover for the next person, with the offer for the one who played.
      const next = (await page.locator('.handoff h2').textContent()).trim();
      assert.notEqual(next, `Pass the device to ${who}`);
      // It names the card and whose it is: whoever holds the device now
      // is usually the next person. It asks once, and "Keep it" keeps it
      // (issue 55: a tap by the wrong person undid a move, silently).
      const log = await logLines(page);
      await page.getByRole('button', { name: `Take back ${who}'s ${card}`, exact: true }).click();
      const sure = page.getByRole('group', { name: `Take back ${who}'s ${card}? ${who}'s turn comes back.` });
      await sure.waitFor();
      assert.equal(await page.getByRole('button', { name: 'Show my cards' }).count(), 0, 'no other button while it asks');
      await sure.getByRole('button', { name: 'Keep it' }).click();
      await page.getByRole('button', { name: `Take back ${who}'s ${card}`, exact: true }).click();
      // A person reads the question first: its "yes" counts a tap begun
      // 600 ms after it came (ui/hand.rs, ANSWER_AFTER_MS).
      await page.waitForTimeout(650);
      await sure.getByRole('button', { name: 'Take it back' }).click();
      // The hand does not show by itself: its owner is asked for.
      await page.locator('.handoff h2', { hasText: `Pass the device to ${who}` }).waitFor();
      // Everyone reads it in the log, where the play was.
      assert.deepEqual(await logLines(page), [`${who} took back ${card}`, ...log.slice(1)]);
      assert.equal(await page.locator('[role="group"][aria-label="Your hand"]').count(), 0, 'no hand after a take-back');
      await page.getByRole('button', { name: 'Show my cards' }).click();
      await page.getByRole('group', { name: 'Your hand' }).waitFor();
      assert.equal((await page.locator('.own__name').textContent()).trim(), who, 'the same person\'s cards again');
      assert.deepEqual(await hand(page), before);
      // Again, but this time the next person looks: too late.
      await page.getByRole('group', { name: 'Your hand' }).getByRole('button', { name: card, exact: true }).first().click();
      await page.getByRole('button', { name: 'Show my cards' }).click();
      await page.getByRole('group', { name: 'Your hand' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Take back' }).count(), 0);
      assert.deepEqual(page.problems, []);
      return;
    }
    throw new Error('no card ended a turn into the next cover');
  } finally {
    await page.context().close();
  }
});
