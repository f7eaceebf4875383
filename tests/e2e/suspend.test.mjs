// End-to-end: a phone that sleeps a short while keeps its seat. The phone
// (a Chromium process of its own) is put to sleep for 20 s as its system
// would (every process of its browser stopped, then let go on): the table
// marks its seat "Reconnecting…" meanwhile, never "Phone not connected",
// and once it wakes play goes on with no tap on either side. libwebrtc
// says `failed` after about 15 s: a link closed there (as before issue
// 24) or given less than its 30 s loses the seat, and this test fails.
// Then the table sleeps a few seconds: the phone says "Reconnecting…"
// and plays on when the table wakes. The measurement of 5 to 90 s in
// Chromium and Firefox is tests/e2e/measure-suspend.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts } from './harness.mjs';
import { useDevices } from './devices-kit.mjs';
import { chromiumPids, asleep, stop, wake, linkStatsInPage } from './suspend-kit.mjs';
import { reduceMotion } from './webdriver.mjs';

// Not about the animations: as a player who turned them off (issue 54).
reduceMotion();

const { url, device, lobby, pair, playAll } = useDevices();

test('a phone asleep 20 s plays on by itself: its seat says "Reconnecting…" meanwhile; a table asleep a few seconds makes the phone say so too', async () => {
  // Each browser is found by a marker among its arguments.
  const tableMarker = `--mojo-sleeper=table-${process.pid}`;
  const phoneMarker = `--mojo-sleeper=ben-${process.pid}`;
  const host = await device('table', { viewport: { width: 1024, height: 768 }, args: [tableMarker] });
  const ben = await device('ben', { args: [phoneMarker] });
  await host.goto(url());
  await lobby(host, [
    ['Bot', 'medium'],
    ['Ben', 'remote'],
    ['Bot 2', 'easy'],
  ]);
  await host.getByRole('button', { name: 'Start game' }).click();
  await ben.goto(url());
  await pair(host, 'Ben', ben);
  await host.getByRole('button', { name: 'Start playing' }).click();
  await ben.getByRole('group', { name: 'Your hand' }).or(ben.locator('.facedown')).first().waitFor();
  const seat = host.locator('[data-seat="1"] .seat__offline');

  // The phone sleeps 20 s: past libwebrtc's `failed` (10 s after
  // `disconnected`, which came 5 to 8 s after the stop in the measured
  // runs). Should `failed` come later on a slow machine, the sleep goes on
  // until it comes (at most 26 s, still inside the window).
  const marks = new Set();
  let shot = false;
  const failed = () => host.evaluate(() => (window.__pcs ?? []).some(({ pc }) => pc.connectionState === 'failed'));
  await asleep(chromiumPids(phoneMarker), { least: 20, until: failed, most: 26 }, async () => {
    const mark = await seat.textContent({ timeout: 500 }).catch(() => '');
    if (mark) marks.add(mark);
    if (mark === 'Reconnecting…' && !shot) {
      shot = true;
      await host.screenshot({ path: join(artifacts, 'suspend-table-reconnecting.png') });
      // The devices dialog says it too.
      await host.getByRole('button', { name: 'Devices' }).click();
      const dialog = host.getByRole('dialog', { name: 'Players on their own devices' });
      await dialog.getByText("Reconnecting to Ben's device…").waitFor({ timeout: 3000 });
      await host.screenshot({ path: join(artifacts, 'suspend-devices-reconnecting.png'), animations: 'disabled' });
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
  });
  const woke = Date.now();
  const stats = await host.evaluate(linkStatsInPage);
  assert.deepEqual([...marks], ['Reconnecting…'], "the table's marks on Ben's seat while the phone slept");
  // Kept past libwebrtc's `failed`.
  assert.ok(
    stats.some((l) => l.channel === 'open' && l.states.some((s) => s.endsWith('/failed'))),
    `the table's connection went failed during the sleep, its channel kept: ${JSON.stringify(stats)}`,
  );
  // Awake: no tap on either side; both hear each other again.
  await seat.waitFor({ state: 'detached', timeout: 10000 });
  const heard = async (page) => page.evaluate((t) => window.__got.some((g) => g.at > t), woke);
  for (const until = Date.now() + 10000; !((await heard(host)) && (await heard(ben))); await host.waitForTimeout(100)) {
    assert.ok(Date.now() < until, 'both sides hear each other after the phone woke');
  }
  assert.equal(await ben.getByRole('button', { name: 'Join a table' }).count(), 0, 'the phone kept its seat');
  // Play goes on: Ben's next move reaches the table.
  const plays = () => ben.evaluate(() => window.__sent.filter((s) => s.data.includes('"type":"act"')).length);
  const played = await plays();
  assert.equal(await playAll(host, [ben], { until: async () => (await plays()) > played }), 'stopped');

  // The table sleeps until the phone says "Reconnecting…" (its connection
  // goes `disconnected` after a few seconds), then wakes: play goes on.
  const tablePids = chromiumPids(tableMarker);
  stop(tablePids);
  try {
    await ben.getByText('Reconnecting…').waitFor({ timeout: 20000 });
    await ben.screenshot({ path: join(artifacts, 'suspend-phone-reconnecting.png') });
  } finally {
    wake(tablePids);
  }
  await ben.getByText('Reconnecting…').waitFor({ state: 'detached', timeout: 10000 });
  assert.equal(await host.locator('[data-seat="1"] .seat__offline').count(), 0, 'the table never lost the seat');
  const again = await plays();
  assert.equal(await playAll(host, [ben], { until: async () => (await plays()) > again }), 'stopped');
  assert.deepEqual([...host.problems, ...ben.problems], []);
});
