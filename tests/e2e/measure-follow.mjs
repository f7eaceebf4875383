// A measurement, not a test of the default run (DEVELOPERS.md: performance
// is measured by commands and recorded in BENCHMARKS.md, not by timed
// tests): main-thread tasks over 50 ms that overlap a card's flight, with
// four Easy, then four Medium bots at the normal pace, at 4x CPU
// throttling. Issue 14's target is none; BENCHMARKS.md ("Moves you can
// follow") records each run. After `trunk build --release`:
//
//   node --test tests/e2e/measure-follow.mjs
//
// It fails when a task over 50 ms overlaps a flight.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild } from './harness.mjs';
import { expectNoProblems, openFollowPage, setUpTable } from './follow-kit.mjs';

const build = useBuild('/games/mojo/');
const at = (speed) => `${build.server.url}?lang=en&speed=${speed}`;
// Flights recorded by time only: the geometry recorder of follow.test.mjs
// forces a layout into the task that starts each flight.
const newPage = (url, options) => openFollowPage(build, url, { ...options, geometry: false });

test('no main-thread task over 50 ms while moves animate, at 4× CPU throttling (Easy and Medium bots)', async () => {
  const observe = () => {
    window.__longTasks = [];
    // When each round summary appears: the round's end is the heaviest
    // render of a game, so a long task is first looked for there.
    window.__summaries = [];
    new MutationObserver(() => {
      const s = document.querySelector('.summary');
      if (s && !s.__seen) {
        s.__seen = true;
        window.__summaries.push(performance.now());
      }
    }).observe(document, { subtree: true, childList: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  };
  const figures = {};
  for (const level of ['easy', 'medium']) {
    const page = await newPage(at('normal'), { init: [observe] });
    await setUpTable(page, [['Bot A', level], ['Bot B', level], ['Bot C', level], ['Bot D', level]]);
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.locator('.table').waitFor();
    await page.waitForTimeout(300);
    await page.evaluate(() => window.__longTasks.splice(0));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const t0 = Date.now();
    // Bots play at the normal pace: every move animates.
    while ((await page.evaluate(() => window.__flights.length)) < 40 && Date.now() - t0 < 90000) {
      await page.waitForTimeout(250);
    }
    const { flights, during, all, starting_one, where, summaries } = await page.evaluate(() => {
      // A flight lasts 360 ms (a drawn card leaves 200 ms late): the
      // tasks that overlap one are the ones that could stall it.
      const windows = window.__flights.map((f) => [f.t, f.t + (f.cls === 'card--fly-late' ? 560 : 360)]);
      const overlaps = (t) => windows.some(([a, b]) => t.start < b && t.start + t.ms > a);
      const holds = (t) => window.__flights.some((f) => t.start <= f.t && f.t <= t.start + t.ms);
      return {
        flights: window.__flights.length,
        // Of those, the ones in which a flight started (its own task).
        starting_one: window.__longTasks.filter(holds).map((t) => Math.round(t.ms)),
        during: window.__longTasks.filter(overlaps).map((t) => Math.round(t.ms)),
        all: window.__longTasks.map((t) => Math.round(t.ms)),
        // Each long task as [start, ms], and the summaries' times (ms
        // since the page opened): a task that ends as a summary appears
        // is that round end's render.
        where: window.__longTasks.map((t) => [Math.round(t.start), Math.round(t.ms)]),
        summaries: window.__summaries.map(Math.round),
      };
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    figures[level] = {
      flights,
      seconds: Math.round((Date.now() - t0) / 100) / 10,
      during_flights: during,
      starting_a_flight: starting_one,
      all_long_tasks: all,
      long_tasks_at: where,
      round_summaries_at: summaries,
    };
    assert.ok(flights >= 40, `${level}: ${flights} flights`);
    expectNoProblems(page);
    await page.context().close();
  }
  console.log(`# follow-long-tasks-4x ${JSON.stringify(figures)}`);
  assert.deepEqual(
    Object.values(figures).map((f) => f.during_flights),
    [[], []],
    `tasks over 50 ms while cards fly: ${JSON.stringify(figures)}`,
  );
});
