// A measurement, not part of the test run (its name does not end in
// .test.mjs): what a browser's connection does by itself when a phone's
// network changes the gentle way (issue 35, item 6): the mobile network
// comes while the home's is still there (`netlab.sh roam`), and the home's
// goes 20 s later (`leave`). Cy's phone (Chromium) is paired through the
// links behind symmetric NATs with a TURN relay; every 5 s its
// connection's last states and its local candidates are told. Findings in
// BENCHMARKS.md. Run it as root, after a release build:
//   MOJO_LAB=late node --test tests/e2e/lab/roam.measure.mjs

import { test } from 'node:test';
import { useLab } from './kit.mjs';
import { chromiumIn, cyNetwork, HOMES, STUN, TURN } from './lab.mjs';

const { url, device, lobby, homes, pairByLinks, env } = useLab();

test("a phone's network changes the gentle way: what its connection does by itself", async () => {
  const { table } = await homes('symmetric', [STUN, TURN], { firefox: true });
  const cy = await device('cy', { executable: chromiumIn(HOMES.cy.ns), args: env.server.trust });
  await table.goto(url());
  await lobby(table, [
    ['Tom', 'person'],
    ['Cy', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const region = await pairByLinks(table, 'Cy', cy);
  await region.getByText('Cy is connected.').waitFor({ timeout: 30000 });
  const look = async (when) => {
    const links = await cy.evaluate(async () => {
      const out = [];
      for (const { pc, states } of window.__pcs) {
        const stats = new Map();
        (await pc.getStats()).forEach((r) => stats.set(r.id, r));
        const locals = [...stats.values()].filter((r) => r.type === 'local-candidate');
        out.push({ states: states.slice(-2), locals: locals.map((c) => `${c.candidateType} ${c.address ?? ''}`.trim()) });
      }
      return out;
    });
    const status = await region.locator('.device__status').textContent();
    console.log(`${when}: the table says "${status}"; Cy's connection: ${JSON.stringify(links)}`);
  };
  console.log(await cyNetwork('roam'));
  for (let t = 5; t <= 20; t += 5) {
    await table.waitForTimeout(5000);
    await look(`both networks, ${t} s`);
  }
  console.log(await cyNetwork('leave'));
  for (let t = 5; t <= 40; t += 5) {
    await table.waitForTimeout(5000);
    await look(`the home's network gone, ${t} s`);
  }
});
