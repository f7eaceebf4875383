// A measurement, not part of the test run (its name does not end in
// .test.mjs): what happens to the home routers' UDP mappings while a
// phone's reply travels through a messenger (issue 35, "a late reply").
// Behind cone NATs that forget a mapping after 30 s of silence, with STUN
// alone, the table's invitation and Ann's reply are made; then, every
// 15 s, each router's connection tracking is read (its UDP entries: the
// inside port, the outside one it maps to, the peer, the seconds left),
// and at the end the reply is taken and the path the connection took is
// told. Figures in BENCHMARKS.md. Run it as root, after a release build:
//   MOJO_LAB=late node --test tests/e2e/lab/bindings.measure.mjs
// (MOJO_LAB_LATE_S=N waits N s, 120 by default.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useLab } from './kit.mjs';
import { inNs, LAB, STUN } from './lab.mjs';

const { url, lobby, homes, replyFrom, route } = useLab();
const LATE_S = Number(process.env.MOJO_LAB_LATE_S ?? 120);

/// A router's UDP mappings: `inside:port → outside:port ⇄ peer:port, Ns left`.
async function mappings(router) {
  const text = await inNs(router, 'cat', ['/proc/net/nf_conntrack']).catch((e) => `(${e.message})`);
  return text
    .split('\n')
    .filter((l) => / udp /.test(l))
    .map((l) => {
      const left = l.split(/\s+/)[4];
      const f = [...l.matchAll(/(src|dst|sport|dport)=(\S+)/g)].map((m) => m[2]);
      // Original direction: src dst sport dport; reply: src dst sport dport.
      const [src, dst, sport, dport, rsrc, rdst, rsport, rdport] = f;
      return `${src}:${sport} → ${rdst}:${rdport} ⇄ ${dst}:${dport} (${left} s left)${rsrc !== dst ? ` [reply from ${rsrc}:${rsport}]` : ''}`;
    });
}

test(`cone NATs with STUN: the routers' mappings while a reply travels ${LATE_S} s`, async () => {
  await readFile('/proc/net/nf_conntrack').catch(() => assert.fail('no /proc/net/nf_conntrack here'));
  const { table, ann } = await homes('cone', [STUN]);
  await table.goto(url());
  await lobby(table, [
    ['Tom', 'person'],
    ['Ann', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const region = table.getByRole('region', { name: "Ann's device" });
  const code = await region.getByRole('textbox', { name: 'Invitation code' }).inputValue({ timeout: 20000 });
  const reply = await replyFrom(ann, code);
  const t0 = Date.now();
  for (let t = 0; t <= LATE_S; t += 15) {
    await table.waitForTimeout(Math.max(0, t0 + t * 1000 - Date.now()));
    for (const [who, router] of [
      ['table', `${LAB}-r1`],
      ['phone', `${LAB}-r2`],
    ]) {
      console.log(`${t} s, ${who}'s router:\n  ${(await mappings(router)).join('\n  ') || '(no UDP mapping)'}`);
    }
  }
  await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
  const asked = Date.now();
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Ann is connected.').waitFor({ timeout: 30000 });
  console.log(`a reply ${LATE_S} s late: connected ${Date.now() - asked} ms after Connect; the table's path: ${JSON.stringify(await route(table))}`);
});
