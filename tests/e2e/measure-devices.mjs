// A measurement, not a test of the default run (DEVELOPERS.md: performance
// is measured by commands and recorded in BENCHMARKS.md, not by timed
// tests): main-thread tasks over 50 ms on the table and on a phone while a
// game is played (a table of two Medium bots and one phone, in a run of its
// own). Issue 12's target is none; BENCHMARKS.md ("Play across devices")
// records each run. After `trunk build --release`:
//
//   node --test tests/e2e/measure-devices.mjs
//
// It fails when either side has a task over 50 ms during the game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDevices } from './devices-kit.mjs';

const { url, device, lobby, pair, playAll } = useDevices();

test('neither the table nor a phone blocks its page: no main-thread task over 50 ms during a game (a run of its own)', async () => {
  const longTasks = () => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__longTasks.push(Math.round(e.duration));
        (window.__longAt ??= []).push(Math.round(performance.timeOrigin + e.startTime));
      }
    }).observe({ type: 'longtask', buffered: true });
  };
  const table = await device('table', { viewport: { width: 1024, height: 768 }, init: [longTasks] });
  const ben = await device('ben', { init: [longTasks] });
  await table.goto(url());
  await lobby(table, [
    ['Bot 1', 'medium'],
    ['Ben', 'remote'],
    ['Bot 2', 'medium'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  await ben.goto(url());
  await pair(table, 'Ben', ben);
  await table.getByRole('button', { name: 'Start playing' }).click();
  await ben.getByRole('group', { name: 'Your hand' }).waitFor();
  // Loading, pairing and the first screens are the start-up's business:
  // count from here, while the game is played.
  await table.waitForTimeout(100);
  const startUp = { table: await table.evaluate(() => window.__longTasks.splice(0)), ben: await ben.evaluate(() => window.__longTasks.splice(0)) };
  assert.equal(await playAll(table, [ben]), 'over');
  const during = { table: await table.evaluate(() => window.__longTasks), ben: await ben.evaluate(() => window.__longTasks) };
  console.log(`# devices-long-tasks ${JSON.stringify({ start_up: startUp, during })}`);
  if (during.ben.length) {
    const at = await ben.evaluate(() => window.__longAt.at(-1));
    const got = await ben.evaluate(() => window.__got.map((g) => ({ at: g.at, type: JSON.parse(g.data).m.type, phase: JSON.stringify(JSON.parse(g.data).m.view?.phase), log: JSON.parse(g.data).m.log?.length })));
    console.log('# around', JSON.stringify(got.filter((g) => Math.abs(g.at - at) < 300)), at);
  }
  assert.deepEqual(during, { table: [], ben: [] }, 'main-thread tasks over 50 ms while playing');
  assert.deepEqual([...table.problems, ...ben.problems], []);
});
