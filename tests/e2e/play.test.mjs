// End-to-end: the release build in Debian's Chromium, played by clicks.
// Run with `node --test tests/e2e/` after `trunk build --release`
// (scripts/test.sh does both). A whole game against bots, pass-and-play,
// reload and resume, and a corrupt save are tested in every engine, over
// WebDriver: engines.mjs. Here: what needs Playwright or Chromium alone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  useBuild, openPage, expectNoProblems, saveScreenshot, playUntil, reachScreen, step, artifacts,
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
    // Nothing stored, so this is a first game: its walkthrough opens, and
    // (modal) is closed before the table is played.
    await page.locator('.tour').getByRole('button', { name: 'Skip' }).click();
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

/// The main thread's tasks of a DevTools trace (`toplevel`): each task's
/// wall time (`dur`) and the time the thread really ran it (`tdur`, thread
/// CPU time), in milliseconds. A task's event comes twice, nested: only
/// the outermost counts.
function mainThreadTasks(events) {
  // The page's main thread: of the renderers' main threads in the trace
  // (a page an earlier test closed may still have one), the one that ran
  // the most tasks, the bots' page. Not the first named: that once was
  // another renderer's, with 20 idle tasks, while the bots played.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length;
  const main = mains.map((m) => ({ m, n: count(m) })).sort((a, b) => b.n - a.n)[0]?.m;
  const on = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = [];
  for (const e of on
    .filter((x) => x.name === 'RunTask' || x.name === 'ThreadControllerImpl::RunTask')
    .sort((x, y) => x.ts - y.ts || y.dur - x.dur)) {
    const last = tasks.at(-1);
    if (!last || e.ts >= last.ts + last.dur) tasks.push(e);
  }
  return tasks.map((t) => ({ wall: t.dur / 1000, cpu: (t.tdur ?? t.dur) / 1000 }));
}

// "Never block the page" is judged on the time the main thread really ran
// each task (its CPU time, from a DevTools trace), not on its wall time: on
// a loaded machine the system can stop the page's thread in the middle of a
// 5 ms task for 70 ms, which a long-task observer counts as a 75 ms task
// (issue 38: this test failed under load on wall time alone). A task that
// really computes for 50 ms is the defect: Hard's search in slices of a
// second instead of 12 ms (drivers/bots.rs SLICE_MS) fails it with eleven
// tasks of 51-67 ms of CPU in 20 s, where the sliced search's longest is
// about 22 ms.
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
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
  // Bots play by themselves; let them play a while (a table of bots also
  // deals its next rounds).
  const started = Date.now();
  let decisions = 0;
  while (Date.now() - started < 20000 && decisions < 150) {
    await page.waitForTimeout(500);
    decisions = await page.evaluate(() => performance.getEntriesByName('mojo-think-hard').length);
    if (await page.locator('.summary__winner').isVisible()) break;
  }
  await cdp.send('Tracing.end');
  await traced;
  const tasks = mainThreadTasks(events);
  const busy = tasks.filter((t) => t.cpu >= 50);
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
      long_tasks_wall: window.__longTasks.length,
      long_task_wall_ms: window.__longTasks.map((d) => Math.round(d)),
    };
  });
  Object.assign(result, {
    tasks_traced: tasks.length,
    longest_task_cpu_ms: Math.round(Math.max(0, ...tasks.map((t) => t.cpu))),
    longest_task_wall_ms: Math.round(Math.max(0, ...tasks.map((t) => t.wall))),
    tasks_of_50_ms_cpu: busy.map((t) => `${Math.round(t.cpu)} ms CPU in ${Math.round(t.wall)} ms`),
  });
  await mkdir(artifacts, { recursive: true });
  await writeFile(join(artifacts, 'bot-perf.json'), JSON.stringify({ date: new Date().toISOString(), start_up_long_tasks_ms: startUpTasks.map((d) => Math.round(d)), ...result }, null, 2));
  console.log('bot-perf', JSON.stringify(result));
  assert.ok(result.hard_decisions >= 20, `only ${result.hard_decisions} Hard decisions`);
  assert.ok(result.hard_p95_ms <= 250, `Hard p95 ${result.hard_p95_ms} ms`);
  assert.ok(tasks.length > 100, `the trace holds the page's tasks (${tasks.length})`);
  assert.deepEqual(result.tasks_of_50_ms_cpu, [], 'main-thread tasks that ran 50 ms or more');
  expectNoProblems(page);
});

// Issue 23: a long table must not keep what each move left behind. The
// wasm's externref table holds every JS value Rust code keeps (an element,
// a listener, a timer's callback); a slot in use holds a value, a freed one
// null. Counted at the end of each of four games of four bots (the same
// screen each time), the slots in use stay level. A once-only timer kept
// for ever (gloo's `Timeout::forget`) held one more slot per move: 1,933
// slots at the first game's end, then 1,957, 2,311, 2,572 (measured on
// the build before `browser::after`).
//
// Issue 38: what a game's end draws is not the same each time (the score
// pad has a row and the chart a point per round), and Yew holds each node
// it drew in a slot or two: on a build that does not leak, a game of more
// rounds read 100 slots more at its end (series run 7 on bafd337: 1718,
// 1653, 1791, 1767). So the slots are counted where the screen is the same
// each time: in the lobby, after each game ("New game"), before the next
// ("Start game", the same seats). What the screen holds is then equal, and
// what a game left behind is all that can differ.
test('a long table of bots leaves nothing behind: the slots the wasm holds stay level, game after game', async () => {
  const page = await openPage(build.browser, null);
  await page.addInitScript(() => {
    addEventListener('TrunkApplicationStarted', (e) => {
      window.__e2eWasm = e.detail.wasm;
    });
  });
  await page.goto(instant());
  await setUpTable(page, [['Bot 1', 'medium'], ['Bot 2', 'medium'], ['Bot 3', 'medium'], ['Bot 4', 'medium']]);
  const readings = [];
  for (let game = 1; game <= 4; game++) {
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.locator('.summary__winner').waitFor({ timeout: 60000 });
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    // The frame after the lobby's (what the last game's screen held is
    // dropped when the lobby replaces it).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    readings.push(
      await page.evaluate(() => {
        const table = window.__e2eWasm.__wbindgen_externrefs;
        let slots = 0;
        for (let i = 0; i < table.length; i++) if (table.get(i) != null) slots++;
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        let nodes = 0;
        while (walker.nextNode()) nodes++;
        return { slots, nodes };
      }),
    );
  }
  const said = readings.map((r) => `${r.slots} slots, ${r.nodes} nodes`).join('; ');
  console.log('externref slots in use and the lobby\'s nodes after each game:', said);
  assert.ok(readings[0].slots > 300, `the count reads the app's table (${readings[0].slots} slots in use)`);
  assert.ok(
    readings.every((r) => r.nodes === readings[0].nodes),
    `the lobby is the same screen after each game (${said})`,
  );
  // The floor of the last two readings against the floor of the first
  // two (a value of the last move may still wait for its timer), while a
  // leak of a slot a move raises every reading by hundreds (the build
  // before browser::after: +627 over four games).
  const slots = readings.map((r) => r.slots);
  const rise = Math.min(slots[2], slots[3]) - Math.min(slots[0], slots[1]);
  assert.ok(rise < 30, `slots in use in the lobby after each game: ${slots.join(', ')} (the floor rose ${rise})`);
  expectNoProblems(page);
});
