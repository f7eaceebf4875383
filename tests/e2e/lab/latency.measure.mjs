// A measurement, not part of the test run (its name does not end in
// .test.mjs): with 100 ms one way between the two homes of the network
// lab, how long a phone's move takes to show on the table and on the
// other phone (issue 35's target: 300 ms at p95). Figures in
// BENCHMARKS.md. Run it as root, after a release build:
//   node --test --test-concurrency=1 tests/e2e/lab/latency.measure.mjs
// (MOJO_LAB_GAMES=N plays N games, 1 by default.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLab } from './kit.mjs';
import { chromiumIn, HOMES, STUN } from './lab.mjs';

const { url, device, lobby, homes, pairByLinks, playAll, latencies, latencyFigures, env } = useLab();

const games = Number(process.env.MOJO_LAB_GAMES ?? 1);
const all = { table: [], other: [] };

for (let game = 1; game <= games; game++) test(`100 ms one way between the homes, game ${game}: how long a phone's move takes to show on the table and on the other phone`, async () => {
  const { table, ann } = await homes('cone', [STUN], { delay: 100 });
  const bo = await device('bo', { executable: chromiumIn(HOMES.phone.ns), args: env.server.trust });
  await table.goto(url());
  // A whole game to the lowest target (10 points): a round or two.
  await lobby(table, [
    ['Tom', 'person'],
    ['Ann', 'remote'],
    ['Bo', 'remote'],
  ], { target: 10 });
  await table.getByRole('button', { name: 'Start game' }).click();
  await table.getByRole('dialog', { name: 'Players on their own devices' }).waitFor();
  for (const [name, phone] of [['Ann', ann], ['Bo', bo]]) {
    await (await pairByLinks(table, name, phone)).getByText(`${name} is connected.`).waitFor({ timeout: 30000 });
  }
  await table.getByRole('button', { name: 'Start playing' }).click();
  assert.equal(await playAll(table, [ann, bo]), 'over');
  const [fromAnn, fromBo] = [await latencies(ann, table, bo), await latencies(bo, table, ann)];
  all.table.push(...fromAnn.table, ...fromBo.table);
  all.other.push(...fromAnn.other, ...fromBo.other);
  const figures = latencyFigures(all);
  console.log(`# lab-latency-100ms game ${game}: ${JSON.stringify(latencyFigures(fromAnn, fromBo))}; games 1–${game}: ${JSON.stringify(figures)}`);
  assert.ok(figures.moves >= 10, JSON.stringify(figures));
  // One way is 100 ms: to the table at least that, to the other phone
  // twice (through the table).
  assert.ok(figures.to_table_p50_ms >= 100 && figures.to_other_phone_p50_ms >= 200, `the delay is there: ${JSON.stringify(figures)}`);
  // Issue 35's target, 300 ms at p95, is not met yet: said, not failed
  // (the figures go to BENCHMARKS.md).
  const met = figures.to_table_p95_ms <= 300 && figures.to_other_phone_p95_ms <= 300;
  console.log(`# the target (300 ms at p95, to the table and to the other phone): ${met ? 'met' : 'NOT met'}`);
});
