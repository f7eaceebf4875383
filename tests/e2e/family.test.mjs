// End-to-end: the family table. Two people and two bots pass one tablet
// at normal speed; no hand is ever in the page outside its owner's turn:
// not while the bots play, not after a take-back, not after a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, step, whatNow, saveScreenshot } from './harness.mjs';
import { setUpTable } from './follow-kit.mjs';
import { watchHandsInPage } from './in-page.mjs';

const build = useBuild();

/// Presses "Take back …" on a cover if one is there (in one look, so that
/// it cannot meet a bot's move half-way); its words, or null.
const takeBackOnCover = (page) =>
  page.evaluate(() => {
    const b = document.querySelector('.pass .take-back, .handoff .take-back');
    if (!b) return null;
    const words = b.textContent;
    b.click();
    return words;
  });

/// Plays a game of Ana, Bot 1, Ben and Bot 3 to 10 points at normal speed,
/// taking back two cards from the cover and reloading once mid-game;
/// returns what the in-page watch saw.
async function familyGame(viewport, name) {
  const page = await openPage(build.browser, null, viewport);
  await page.context().addInitScript(watchHandsInPage);
  await page.goto(`${build.server.url}?lang=en`);
  try {
    await setUpTable(page, [['Ana', 'person'], ['Bot 1', 'medium'], ['Ben', 'person'], ['Bot 3', 'medium']], 10);
    await page.getByRole('button', { name: 'Start game' }).click();
    const seen = { looks: 0, shown: 0, covered: 0, bad: [] };
    const add = (w) => {
      for (const k of ['looks', 'shown', 'covered']) seen[k] += w[k];
      seen.bad.push(...w.bad);
    };
    let takeBacks = 0;
    let reloaded = false;
    let passCovers = 0;
    let shot = false;
    for (let i = 0; i < 6000; i++) {
      if (takeBacks < 2) {
        const words = await takeBackOnCover(page);
        if (words) {
          takeBacks++;
          const m = words.match(/^Take back (Ana|Ben)'s (\d+ \w+)$/);
          assert.ok(m, `the take-back names the player and the card: "${words}"`);
          // The hand is not shown again by itself: its owner is asked for.
          await page.locator('.handoff h2', { hasText: `Pass the device to ${m[1]}` }).waitFor();
          assert.equal(await page.locator('[role="group"][aria-label="Your hand"]').count(), 0);
          continue;
        }
      }
      if (await page.locator('.pass').count()) {
        passCovers++;
        if (!shot) {
          shot = true;
          await saveScreenshot(page, `${name}-pass-cover`);
        }
      }
      const what = await whatNow(page);
      if (what === 'over') break;
      if (!reloaded && takeBacks === 2 && what === 'play') {
        // Reload while Ana's or Ben's hand is in view: it comes back covered.
        reloaded = true;
        add(await page.evaluate(() => window.__hands));
        await page.reload();
        await page.locator('.table').waitFor();
        assert.equal(await page.locator('[role="group"][aria-label="Your hand"]').count(), 0, 'covered after a reload');
        assert.equal(await whatNow(page), 'show', 'its owner shows it again');
        continue;
      }
      await step(page, undefined, what);
      if (what === 'wait') await page.waitForTimeout(40);
    }
    assert.equal(await whatNow(page), 'over', 'the game was played to its end');
    add(await page.evaluate(() => window.__hands));
    assert.equal(takeBacks, 2, 'two cards taken back from the cover');
    assert.ok(reloaded, 'reloaded mid-game');
    assert.ok(passCovers > 10, `the cover stood while the bots played (${passCovers} looks)`);
    assert.deepEqual(page.problems, []);
    return seen;
  } finally {
    await page.context().close();
  }
}

for (const [viewport, name] of [
  [{ width: 1024, height: 768 }, 'family-tablet'],
]) {
  test(`pass-and-play at normal speed (${viewport.width}×${viewport.height}): a hand is in the page only in its owner's turn`, async () => {
    const seen = await familyGame(viewport, name);
    assert.deepEqual(seen.bad, [], 'no hand in the page outside its owner\'s turn');
    assert.ok(seen.shown > 50 && seen.covered > 200, JSON.stringify({ ...seen, bad: seen.bad.length }));
  });
}
