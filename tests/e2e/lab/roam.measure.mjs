// A measurement, not part of the test run (its name does not end in
// .test.mjs): a phone's link when its network changes (issue 35, item 6),
// with Cy's phone in Chromium and in Firefox, paired through the relay
// behind symmetric NATs: the gentle way (`netlab.sh roam`: the mobile
// network comes and becomes the default while the sockets already open
// keep the home's; `leave` 20 s later: the home's goes) and at once
// (`move`). Told for each: when the phone's ICE restart was answered, how
// soon each side heard the other after the change, and what the table
// said meanwhile. The test run checks the Chromium cases (lab.test.mjs);
// findings in BENCHMARKS.md. Run it as root, after a release build:
//   MOJO_LAB=late node --test --test-concurrency=1 tests/e2e/lab/roam.measure.mjs

import { test } from 'node:test';
import { useLab } from './kit.mjs';
import { chromiumIn, cyNetwork, HOMES, STUN, TURN } from './lab.mjs';

const { url, device, lobby, homes, firefoxPhone, asDevice, replyFrom, pairByLinks, env } = useLab();

const ev = (page, fn, arg) => (page.wd ? page.wd.eval(fn, arg) : page.evaluate(fn, arg));
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/// Cy's phone (`engine`) paired with the table through the relay; then
/// `changes` (netlab.sh steps, `wait` ms apart). Told: when the phone's
/// restart was answered, when each side heard the other after the last
/// step, and what the table said of Cy's device, as it changed.
async function measure(engine, changes, wait) {
  const { table } = await homes('symmetric', [STUN, TURN], { firefox: true });
  await table.goto(url());
  await lobby(table, [
    ['Tom', 'person'],
    ['Cy', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  let cy, ff;
  let region = table.getByRole('region', { name: "Cy's device" });
  if (engine === 'firefox') {
    ff = await firefoxPhone({ ns: HOMES.cy.ns });
    cy = asDevice(ff.phone);
    const invitation = region.getByRole('textbox', { name: 'Invitation code' });
    await invitation.waitFor({ timeout: 20000 });
    const reply = await replyFrom(cy, await invitation.inputValue());
    await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
    await region.getByRole('button', { name: 'Connect' }).click();
  } else {
    cy = await device('cy', { executable: chromiumIn(HOMES.cy.ns), args: env.server.trust });
    region = await pairByLinks(table, 'Cy', cy);
  }
  try {
    await region.getByText('Cy is connected.').waitFor({ timeout: 30000 });
    const said = [];
    let last = '';
    const t0 = Date.now();
    const watching = setInterval(async () => {
      const now = await region.locator('.device__status').textContent({ timeout: 500 }).catch(() => last);
      if (now !== last) said.push(`${((Date.now() - t0) / 1000).toFixed(1)} s "${now}"`);
      last = now;
    }, 250);
    for (const [i, change] of changes.entries()) {
      if (i) await sleep(wait);
      console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${await cyNetwork(change)}`);
    }
    const end = Date.now();
    const answered = async () => ev(cy, () => window.__got.find((g) => String(g.data).startsWith('{"ice":"answer"'))?.at ?? null);
    const heard = async (page) => ev(page, (t) => window.__got.find((g) => g.at > t)?.at ?? null, end);
    let restart = null, toTable = null, toCy = null;
    for (const until = Date.now() + 45000; Date.now() < until && !(toTable && toCy); await sleep(250)) {
      restart ??= await answered();
      toTable ??= await heard(table);
      toCy ??= await heard(cy);
    }
    clearInterval(watching);
    const s = (t, from) => (t ? `${((t - from) / 1000).toFixed(1)} s` : 'never');
    console.log(
      `${engine}, ${changes.join(' then ')}: restart answered ${s(restart, t0)} after the first change; ` +
        `after the last, the table heard Cy ${s(toTable, end)}, Cy heard the table ${s(toCy, end)}; the table said ${said.join(', ')}`,
    );
  } finally {
    if (ff) {
      await ff.phone.close().catch(() => {});
      await ff.driver.stop();
    }
  }
}

for (const engine of ['chromium', 'firefox']) {
  test(`${engine}: the gentle way (roam, the home's network gone 20 s later)`, () => measure(engine, ['roam', 'leave'], 20000));
  test(`${engine}: at once (move)`, () => measure(engine, ['move'], 0));
}
