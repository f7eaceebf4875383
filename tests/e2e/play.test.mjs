// End-to-end: the release build in Debian's Chromium, played by clicks.
// Run with `node --test tests/e2e/` after `trunk build --release`
// (scripts/test.sh does both).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  useBuild, openPage, expectNoProblems, saveScreenshot, playUntil, reachScreen, step, whatNow, snapshot, ready, artifacts,
} from './harness.mjs';

// Under a sub-path, as on a real static host (issue 5).
const build = useBuild('/games/mojo/');

const instant = () => `${build.server.url}?lang=en&speed=instant`;

/// Sets up the lobby: seats as [name, kind] pairs (kind: person, easy,
/// medium, hard).
async function setUpTable(page, seats) {
  const current = await page.locator('.lobby__seat').count();
  for (let i = current; i < seats.length; i++) {
    await page.getByRole('button', { name: '+ Add a seat' }).click();
  }
  for (let i = current; i > seats.length; i--) {
    await page.locator('.lobby__seat').last().getByRole('button').click();
  }
  for (const [i, [name, kind]] of seats.entries()) {
    await page.locator(`#seat-name-${i}`).fill(name);
    await page.locator(`#seat-kind-${i}`).selectOption(kind);
  }
}

/// "Your cards: N points" matches the cards shown: hand, face-down and
/// face-up, the highest card of each colour counting (RULES R10); the game
/// total beside it is labelled and is the score pad's (seat 0 is ours).
async function pointsAreRight(page) {
  const { labels, shown, total, padTotal } = await page.evaluate(() => {
    const own = document.querySelector('.own');
    return {
      labels: [...own.querySelectorAll('.hand button, .facedown button, .own__faceup [aria-label]')].map((b) =>
        b.getAttribute('aria-label'),
      ),
      shown: own.querySelector('.own__points').textContent,
      total: own.querySelector('.own__total').textContent,
      padTotal: parseInt(document.querySelector('.side .scorepad__totals td').textContent, 10),
    };
  });
  assert.equal(total, `Total: ${padTotal} ${padTotal === 1 ? 'point' : 'points'}`);
  const top = {};
  for (const label of labels) {
    const m = /(\d+) (blue|green|yellow|orange|red)$/.exec(label);
    if (m) top[m[2]] = Math.max(top[m[2]] ?? 0, Number(m[1]));
  }
  const points = Object.values(top).reduce((a, b) => a + b, 0);
  assert.ok(labels.length > 0, 'cards were read');
  assert.equal(shown, `Your cards: ${points} ${points === 1 ? 'point' : 'points'}`, labels.join(', '));
}

test('a full game against three bots, to game over, by clicks', async () => {
  const page = await openPage(build.browser, instant());
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('group', { name: 'Your hand' }).waitFor();
  // The rules stay reachable while a round summary covers the table.
  assert.equal(await reachScreen(page, ['next']), 'next');
  await page.locator('.summary').getByRole('button', { name: 'Rules' }).click();
  await page.getByRole('heading', { name: 'How to play Mojo' }).waitFor();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('heading', { name: 'How to play Mojo' }).waitFor({ state: 'detached' });
  assert.equal(await whatNow(page), 'next', 'back on the summary');
  let rounds = 0;
  let pointsChecked = 0;
  const end = await playUntil(page, async (what) => {
    if (what === 'next') rounds++;
    if (what === 'play' && pointsChecked < 12) {
      await pointsAreRight(page);
      pointsChecked++;
    }
    return false;
  });
  assert.ok(pointsChecked > 0, 'the points readout was checked');
  assert.equal(end, 'over');
  await page.getByRole('heading', { name: 'Game over' }).waitFor();
  const winner = await page.locator('.summary__winner').textContent();
  assert.match(winner, /wins!|share the victory!/);
  // The final score pad has a row per round and a total per player.
  const rows = await page.locator('.summary .scorepad__table tbody tr').count();
  assert.equal(rows, rounds + 1);
  assert.equal(await page.locator('.summary .scorepad__totals td').count(), 4);
  // Rematch deals a new game at the same table.
  await page.getByRole('button', { name: 'Rematch' }).click();
  await page.getByRole('group', { name: 'Your hand' }).waitFor();
  assert.equal(await page.locator('.topbar__round').textContent(), 'Round 1');
  expectNoProblems(page);
});

test('pass-and-play: no hand is in the page until "Show my cards"', async () => {
  const page = await openPage(build.browser, instant());
  await setUpTable(page, [['Ana', 'person'], ['Ben', 'person'], ['Bot', 'easy']]);
  await page.getByRole('button', { name: 'Start game' }).click();

  const hiddenCardsInDom = () =>
    page.evaluate(() => ({
      handGroups: document.querySelectorAll('[role="group"][aria-label="Your hand"]').length,
      handCards: document.querySelectorAll('.hand .card, .facedown .card, .own').length,
    }));

  let handoffs = 0;
  const seen = new Set();
  for (let i = 0; i < 400 && seen.size < 2; i++) {
    const cover = page.getByRole('heading', { name: /^Pass the device to / });
    if (await cover.isVisible()) {
      const to = (await cover.textContent()).replace('Pass the device to ', '');
      assert.deepEqual(await hiddenCardsInDom(), { handGroups: 0, handCards: 0 }, `before ${to} confirms`);
      await page.getByRole('button', { name: 'Show my cards' }).click();
      await page.getByRole('group', { name: 'Your hand' }).or(page.locator('.facedown')).first().waitFor();
      assert.equal(await page.locator('.topbar__me').textContent(), `You are ${to}`);
      seen.add(to);
      handoffs++;
      continue;
    }
    await step(page);
  }
  assert.deepEqual([...seen].sort(), ['Ana', 'Ben'], 'the device went to both people');
  assert.ok(handoffs >= 2);
  expectNoProblems(page);
});

test('a reload at any moment restores the same position and screen', async () => {
  const page = await openPage(build.browser, instant());
  await setUpTable(page, [['Ana', 'person'], ['Ben', 'person'], ['Bot', 'medium']]);
  await page.getByRole('button', { name: 'Start game' }).click();
  let reloads = 0;
  let chains = 0;
  let covers = 0;
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 600 && reloads < 12; i++) {
    const what = await whatNow(page);
    if (what === 'over') break;
    // Reload while the game waits for a person: at the hand-off cover, in
    // the middle of an equal-card chain, in Mojo Time, on a summary.
    const chain = (await page.locator('.status').textContent()).startsWith('Equal!');
    const interesting = what === 'show' || chain || what === 'reveal' || what === 'next';
    if (what !== 'wait' && (interesting || random() < 0.08)) {
      const before = await snapshot(page);
      await page.reload();
      await ready(page);
      await page.waitForTimeout(30);
      const afterReload = await snapshot(page);
      assert.deepEqual(afterReload, before, `reload #${reloads + 1} (${what}${chain ? ', mid-chain' : ''})`);
      reloads++;
      chains += chain ? 1 : 0;
      covers += what === 'show' ? 1 : 0;
    }
    // Prefer a card that plays again, to reach the middle of a chain.
    if (what === 'play') {
      const again = page.getByRole('group', { name: 'Your hand' }).locator('button[aria-description="play again"]:not([disabled])');
      if (await again.count()) {
        await again.first().click();
        continue;
      }
    }
    await step(page, (n) => Math.floor(random() * n));
  }
  assert.ok(reloads >= 8, `reloaded ${reloads} times`);
  assert.ok(covers >= 1, 'reloaded at a hand-off cover');
  expectNoProblems(page);
});

test('a corrupt save is reported, kept aside, and a new game starts', async () => {
  const page = await openPage(build.browser, instant());
  await ready(page);
  const raw = '{"format":"mojo-save","version":1,"seq":9,"game":{"id":"x","seats":[]}';
  for (const text of [raw, 'not json at all', '{"format":"mojo-save","version":99,"seq":1,"game":{}}']) {
    await page.evaluate((t) => localStorage.setItem('mojo.game', t), text);
    await page.reload();
    await ready(page);
    await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).first().waitFor();
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('mojo.unreadable.')).map((k) => localStorage.getItem(k)),
    );
    assert.ok(kept.includes(text), 'the raw save is kept aside');
    assert.equal(await page.evaluate(() => localStorage.getItem('mojo.game')), null);
  }
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('group', { name: 'Your hand' }).waitFor();
  await step(page);
  assert.notEqual(await page.evaluate(() => localStorage.getItem('mojo.game')), null, 'the new game is saved');
  expectNoProblems(page);
});

test('with storage blocked or full the game still plays, with a warning', async () => {
  for (const mode of ['blocked', 'full']) {
    const context = await build.browser.newContext({ viewport: { width: 1024, height: 768 } });
    await context.addInitScript((m) => {
      if (m === 'blocked') {
        Object.defineProperty(window, 'localStorage', {
          get() { throw new DOMException('denied', 'SecurityError'); },
        });
      } else {
        Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
      }
    }, mode);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(instant());
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.getByRole('alert').filter({ hasText: 'Saving is off' }).waitFor();
    for (let i = 0; i < 30; i++) await step(page);
    assert.ok(await page.locator('.table').isVisible(), `${mode}: still playing`);
    assert.deepEqual(errors, [], `${mode}: no uncaught error`);
    await context.close();
  }
});

const sizes = {
  tablet: { width: 1024, height: 768 },
  portrait: { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
};

test('screenshots of every main screen at three sizes, nothing cut off', async () => {
  for (const [size, viewport] of Object.entries(sizes)) {
    const page = await openPage(build.browser, instant(), viewport);
    const noHorizontalScroll = async (what) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${size} ${what}: ${overflow}px of horizontal scrolling`);
    };
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    await saveScreenshot(page, `${size}-lobby`);
    await noHorizontalScroll('lobby');
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.getByRole('group', { name: 'Your hand' }).waitFor();
    for (let i = 0; i < 6; i++) await step(page);
    await reachScreen(page, ['play']);
    await saveScreenshot(page, `${size}-table`);
    await noHorizontalScroll('table');
    // Touch targets: every card in hand is at least 44 px on each side.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('.hand button, .lobby button, .topbar button')]
        .map((b) => b.getBoundingClientRect())
        .filter((r) => r.width < 44 || r.height < 44).length,
    );
    assert.equal(small, 0, `${size}: touch targets under 44 px`);
    const mojoTime = await reachScreen(page, ['reveal', 'next']);
    if (mojoTime === 'reveal') {
      await saveScreenshot(page, `${size}-mojo-time`);
      await noHorizontalScroll('Mojo Time');
    }
    // A round summary that is not the last one; a short game may end before
    // one shows again (the steps above can click past round 1's), so deal a
    // rematch until one does.
    let games = 1;
    while ((await reachScreen(page, ['next'])) === 'over') {
      assert.ok(games++ < 5, `${size}: no round summary in ${games} games`);
      await page.getByRole('button', { name: 'Rematch' }).click();
      await page.getByRole('group', { name: 'Your hand' }).waitFor();
    }
    await saveScreenshot(page, `${size}-round-summary`);
    await noHorizontalScroll('round summary');
    await playUntil(page, null);
    await saveScreenshot(page, `${size}-game-over`);
    await page.locator('.summary .scorepad').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${size}-score-pad`);
    await noHorizontalScroll('game over');
    expectNoProblems(page);
    await page.context().close();
  }
});

test('bots never block the page; Hard decides in time (recorded for BENCHMARKS.md)', async () => {
  const page = await openPage(build.browser, null);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(instant());
  await setUpTable(page, [['Hard 1', 'hard'], ['Hard 2', 'hard'], ['Medium', 'medium'], ['Easy', 'easy']]);
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator('.table').waitFor();
  // Count only what happens while the bots play: loading the page, setting
  // up the lobby and building the table are the start-up budget's business
  // (scripts/budget.sh), not this requirement's.
  await page.waitForTimeout(100);
  const startUpTasks = await page.evaluate(() => window.__longTasks.splice(0));
  // Bots play by themselves; let them play a while (a table of bots also
  // deals its next rounds).
  const started = Date.now();
  let decisions = 0;
  while (Date.now() - started < 20000 && decisions < 150) {
    await page.waitForTimeout(500);
    decisions = await page.evaluate(() => performance.getEntriesByName('mojo-think-hard').length);
    if (await page.locator('.summary__winner').isVisible()) break;
  }
  const result = await page.evaluate(() => {
    const hard = performance.getEntriesByName('mojo-think-hard').map((e) => e.duration).sort((a, b) => a - b);
    const medium = performance.getEntriesByName('mojo-think-medium').map((e) => e.duration).sort((a, b) => a - b);
    const q = (xs, p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : null);
    return {
      hard_decisions: hard.length,
      hard_p50_ms: q(hard, 0.5),
      hard_p95_ms: q(hard, 0.95),
      hard_max_ms: hard.at(-1) ?? null,
      medium_decisions: medium.length,
      medium_p95_ms: q(medium, 0.95),
      long_tasks: window.__longTasks.length,
      long_task_durations_ms: window.__longTasks.map((d) => Math.round(d)),
      longest_task_ms: window.__longTasks.length ? Math.max(...window.__longTasks) : 0,
    };
  });
  await mkdir(artifacts, { recursive: true });
  await writeFile(join(artifacts, 'bot-perf.json'), JSON.stringify({ date: new Date().toISOString(), start_up_long_tasks_ms: startUpTasks.map((d) => Math.round(d)), ...result }, null, 2));
  console.log('bot-perf', JSON.stringify(result));
  assert.ok(result.hard_decisions >= 20, `only ${result.hard_decisions} Hard decisions`);
  assert.ok(result.hard_p95_ms <= 250, `Hard p95 ${result.hard_p95_ms} ms`);
  assert.equal(result.long_tasks, 0, `main-thread tasks over 50 ms: longest ${result.longest_task_ms} ms`);
  expectNoProblems(page);
});
