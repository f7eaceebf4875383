// A command, not part of the default test run: pairs a table with a phone
// over and over (a third device open beside them, as at a real table) and
// fails if any pairing needed the table's second invitation or did not
// connect at all, printing what both connections did. With the channel
// opened in-band, about one pairing in 100 failed between Chromium
// processes on this machine (both channels "open", the phone's hello never
// delivered); with the negotiated channel, none in 300 under load. Should
// it happen, the table gives up after 15 s and makes a new invitation
// (docs/DEVICES.md, BENCHMARKS.md "Play across devices").
//
//   trunk build --release
//   PAIRINGS=300 node --test tests/e2e/stress-pair.mjs
//
// Load the machine meanwhile to make a race likelier.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDevices } from './devices-kit.mjs';

const { url, device, lobby, pair } = useDevices();
const PAIRINGS = Number(process.env.PAIRINGS ?? 100);

test(`${PAIRINGS} pairings, each at the first invitation`, { timeout: PAIRINGS * 60000 }, async () => {
  const times = [];
  const failed = [];
  for (let i = 0; i < PAIRINGS; i++) {
    const table = await device('table', { viewport: { width: 1024, height: 768 } });
    const ben = await device('ben');
    const cy = await device('cy');
    await table.goto(url());
    await lobby(table, [
      ['Ana', 'person'],
      ['Ben', 'remote'],
      ['Cy', 'remote'],
    ]);
    await table.getByRole('button', { name: 'Start game' }).click();
    await ben.goto(url());
    await cy.goto(url());
    const start = Date.now();
    try {
      await pair(table, 'Ben', ben, { again: 0 });
      times.push(Date.now() - start);
    } catch (e) {
      failed.push(i);
      console.log(`pairing ${i} failed: ${e.message}`);
    }
    for (const page of [table, ben, cy]) await page.context().browser().close();
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`pairings: ${times.length} of ${PAIRINGS} connected; ms to connect p50 ${at(0.5)}, p95 ${at(0.95)}, max ${times.at(-1)}`);
  assert.deepEqual(failed, [], 'pairings that failed');
});
