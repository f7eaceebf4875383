// End-to-end, issue 35: a table and a phone in two homes, each behind its
// own home router, with the internet between them: the network lab
// (tests/e2e/lab/netlab.sh draws it). The site is served over https from
// the internet with the deployer's network.json; the browsers run inside
// the homes. Needs root, nftables and coturn (scripts/setup.sh): without
// them the tests fail, they never skip.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLab } from './lab/kit.mjs';
import { chromiumIn, HOMES, STUN, TURN, cyNetwork, tableNetwork } from './lab/lab.mjs';
import { chromiumPids, asleep } from './suspend-kit.mjs';
import { saveScreenshot } from './harness.mjs';

const { url, device, lobby, homes, firefoxPhone, route, wholeGame, asDevice, replyFrom, pairByLinks, latencies, latencyFigures, env } = useLab();

test('two homes 100 ms apart behind cone NATs, the site listing a STUN server: the phone pairs and plays a whole game, directly from router to router, its moves on the table within the target', async () => {
  const { table, ann, seen } = await homes('cone', [STUN], { delay: 100 });
  console.log(seen);
  const game = await wholeGame(table, ann);
  console.log(`cone NATs + STUN: paired in ${game.paired} ms; table ${JSON.stringify(game.table)}; phone ${JSON.stringify(game.ann)}`);
  // The delay target (issue 35: a move on the other devices within 300 ms
  // with 100 ms one way): here at its median, each move crossing once;
  // its p95, over many moves and two phones, is latency.measure.mjs's
  // (BENCHMARKS.md), a figure a loaded test machine would make flaky.
  const { moves, to_table_p50_ms, to_table_p95_ms } = latencyFigures(await latencies(ann, table, table));
  const figures = { moves, to_table_p50_ms, to_table_p95_ms };
  console.log(`# lab-latency-100ms-in-the-test-run ${JSON.stringify(figures)}`);
  assert.ok(figures.moves >= 5, JSON.stringify(figures));
  assert.ok(figures.to_table_p50_ms >= 100, `the delay is there: ${JSON.stringify(figures)}`);
  assert.ok(figures.to_table_p50_ms <= 300, `a move reaches the table within 300 ms at the median: ${JSON.stringify(figures)}`);
  assert.equal(game.table.length, 1, JSON.stringify(game.table));
  // Direct: the table reaches the phone's router, as STUN showed it.
  assert.match(game.table[0].remote, new RegExp(`^(srflx|prflx) ${HOMES.phone.wan.replaceAll('.', '\\.')}:`), JSON.stringify(game.table));
  assert.doesNotMatch(JSON.stringify(game), /relay/);
  await saveScreenshot(ann, 'lab-cone-phone-over');
});

test('two homes behind symmetric NATs, the site listing a TURN relay: the phone pairs and plays a whole game through the relay', async () => {
  const { table, ann, seen } = await homes('symmetric', [STUN, TURN]);
  console.log(seen);
  const game = await wholeGame(table, ann);
  console.log(`symmetric NATs + TURN: paired in ${game.paired} ms; table ${JSON.stringify(game.table)}; phone ${JSON.stringify(game.ann)}`);
  assert.equal(game.table.length, 1, JSON.stringify(game.table));
  // getStats shows the relay: one end of the pair is coturn's address.
  const ends = `${game.table[0].local} ${game.table[0].remote}`;
  assert.match(ends, /relay 192\.0\.2\.1:/, JSON.stringify(game));
});

test('two homes behind symmetric NATs with STUN alone: the table says a relay is needed and where to add one, not "same Wi-Fi"', async () => {
  const { table, ann } = await homes('symmetric', [STUN]);
  await table.goto(url());
  await lobby(table, [
    ['Tom', 'person'],
    ['Ann', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const region = table.getByRole('region', { name: "Ann's device" });
  await region.getByRole('textbox', { name: 'Invitation code' }).waitFor({ timeout: 20000 });
  const reply = await replyFrom(ann, await region.getByRole('textbox', { name: 'Invitation code' }).inputValue());
  await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
  const asked = Date.now();
  await region.getByRole('button', { name: 'Connect' }).click();
  const told = region.getByText(/The devices could not connect/);
  await told.waitFor({ timeout: 60000 });
  const words = await told.innerText();
  console.log(`symmetric NATs, STUN alone: told after ${Date.now() - asked} ms: ${words}`);
  assert.match(words, /two different networks with no direct path between them, so a relay \(a TURN server\) is needed\. Add one in the Menu/);
  assert.doesNotMatch(await region.innerText(), /Wi-Fi/);
  await saveScreenshot(table, 'lab-symmetric-needs-relay');
  // The far player is told too, and what to do (issue 56): not to keep
  // waiting for a table that has given up.
  const phoneSays = ann.getByText(/a relay is needed/);
  await phoneSays.waitFor({ timeout: 20000 });
  const phoneWords = await phoneSays.innerText();
  console.log(`the phone says: ${phoneWords}`);
  assert.match(phoneWords, /could not connect/);
  assert.match(phoneWords, /new invitation/);
  assert.equal(await ann.getByText(/keep waiting/).count(), 0, 'the phone does not say to keep waiting');
  await saveScreenshot(ann, 'lab-symmetric-needs-relay-phone');
  // The Menu that the table's words name is one tap away, before play
  // starts too, and closing it comes back to the devices (issue 56).
  await region.getByRole('button', { name: 'Menu' }).click();
  const menu = table.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('heading', { name: 'Playing across the internet' }).waitFor();
  await saveScreenshot(table, 'lab-symmetric-needs-relay-menu');
  await menu.getByRole('button', { name: 'Close' }).click();
  await region.waitFor();
  assert.equal(await menu.count(), 0, 'the Menu is closed');
});

for (const [nat, servers, via] of [
  // Direct: the table's pair ends at the phone's router, as STUN saw it.
  ['cone', [STUN], /^(srflx|prflx) \S+ (srflx|prflx) 203\.0\.113\.2:\d+$/],
  ['symmetric', [STUN, TURN], /relay 192\.0\.2\.1:/],
]) {
  test(`two homes behind ${nat} NATs, the phone in Firefox: it pairs and plays a whole game (${servers.length > 1 ? 'through the relay' : 'router to router'})`, async () => {
    const { table } = await homes(nat, servers, { firefox: true });
    const { phone, driver } = await firefoxPhone();
    try {
      const game = await wholeGame(table, asDevice(phone));
      console.log(`${nat} NATs, Firefox phone: paired in ${game.paired} ms; table ${JSON.stringify(game.table)}; phone ${JSON.stringify(game.ann)}`);
      assert.equal(game.table.length, 1, JSON.stringify(game.table));
      assert.match(`${game.table[0].local} ${game.table[0].remote}`, via, JSON.stringify(game));
      await phone.expectNoProblems();
    } finally {
      await phone.close().catch(() => {});
      await driver.stop();
    }
  });
}


// How late the replies are taken: 90 s in the test run; up to the
// invitation's 10 minutes by hand (BENCHMARKS.md: MOJO_LAB_LATE_S=560,
// beside the tests' lab with MOJO_LAB=late), and behind cone NATs with
// STUN alone (MOJO_LAB_LATE_NAT=cone), where the routers' mappings must
// outlive their 30 s of silence for the direct path to work.
const LATE_S = Number(process.env.MOJO_LAB_LATE_S ?? 90);
const LATE_NAT = process.env.MOJO_LAB_LATE_NAT ?? 'symmetric';

test(`replies taken ${LATE_S} s late, behind ${LATE_NAT === 'cone' ? 'cone NATs with STUN' : 'symmetric NATs with a TURN relay'}, from a phone in Chromium and one in Firefox: both keep waiting for the table, and both connect; meanwhile a third phone, paired, sleeps 20 s and comes back by itself, then its network changes the gentle way (Wi-Fi to mobile data) and its link moves over by an ICE restart sent over the channel, the table never waiting, then it is out of reach longer than the table waits and says the way back is a new link`, async () => {
  // Ann's phone in Chromium and Bo's in Firefox, both in the second home,
  // their replies travelling at the same time.
  const lab = await homes(LATE_NAT, LATE_NAT === 'cone' ? [STUN] : [STUN, TURN], { firefox: true });
  const { table } = lab;
  const ann = await device('ann', { executable: chromiumIn(HOMES.phone.ns), args: env.server.trust });
  const ff = await firefoxPhone();
  const bo = asDevice(ff.phone);
  // Cy's phone, on the home's other network (its own namespace), found
  // by a marker among its browser's arguments to be put to sleep.
  const cyMarker = `--mojo-sleeper=lab-cy-${process.pid}`;
  const cy = await device('cy', { executable: chromiumIn(HOMES.cy.ns), args: [...env.server.trust, cyMarker] });
  try {
    await table.goto(url());
    await lobby(table, [
      ['Tom', 'person'],
      ['Ann', 'remote'],
      ['Bo', 'remote'],
      ['Cy', 'remote'],
    ]);
    await table.getByRole('button', { name: 'Start game' }).click();
    const cyRegion = await pairByLinks(table, 'Cy', cy);
    await cyRegion.getByText('Cy is connected.').waitFor({ timeout: 30000 });
    const phones = [
      ['Ann', ann, 'chromium'],
      ['Bo', bo, 'firefox'],
    ];
    const replies = [];
    for (const [name, phone] of phones) {
      const region = table.getByRole('region', { name: `${name}'s device` });
      await region.getByRole('textbox', { name: 'Invitation code' }).waitFor({ timeout: 20000 });
      replies.push(await replyFrom(phone, await region.getByRole('textbox', { name: 'Invitation code' }).inputValue()));
    }
    // The replies travel through a messenger. Meanwhile Cy's phone.
    const travelled = Date.now() + LATE_S * 1000;
    await cySleepsRoamsAndIsCut(table, cyRegion, cy, cyMarker);
    await table.waitForTimeout(Math.max(0, travelled - Date.now()));
    for (const [i, [name, phone, engine]] of phones.entries()) {
      const states = await phone.evaluate(() => window.__pcs.map((p) => p.states));
      console.log(`${engine}: the phone's connection while the reply travelled: ${JSON.stringify(states)}`);
      // The phone keeps its reply and its connection looking for the
      // table all the while.
      const shown = await phone.evaluate(() => ({ reply: document.querySelector('#join-reply')?.value, page: document.body.innerText }));
      assert.equal(shown.reply, replies[i], `${name}: the same reply still shown`);
      assert.match(shown.page, /Keep this page open/);
      const region = table.getByRole('region', { name: `${name}'s device` });
      await region.getByRole('textbox', { name: 'Reply code' }).fill(replies[i]);
      const asked = Date.now();
      await region.getByRole('button', { name: 'Connect' }).click();
      await region
        .getByText(`${name} is connected.`)
        .waitFor({ timeout: 30000 })
        .catch(async (e) => {
          const page = await phone.evaluate(() => document.body.innerText).catch((x) => x.message);
          const pcs = await phone.evaluate(() => window.__pcs.map((p) => p.states)).catch((x) => x.message);
          throw new Error(`${e.message}\nthe table: ${await region.innerText()}\nthe phone: ${page}\nthe phone's connections: ${JSON.stringify(pcs)}`);
        });
      console.log(`${engine}: a reply ${LATE_S} s late: connected ${Date.now() - asked} ms after Connect`);
    }
    // Both phones show their seats, waiting for the table to start.
    const waiting = () => document.body.innerText.includes('the table');
    await ann.waitForFunction(waiting);
    await ff.phone.waitFor(waiting, undefined, { what: "Bo's phone waiting for the table" });
    console.log(`the table's routes: ${JSON.stringify(await route(table))}`);
  } finally {
    await ff.phone.close().catch(() => {});
    await ff.driver.stop();
  }
});

/// Cy's phone, paired with the table across the internet (its own
/// network, the relay): it sleeps 20 s as its system would put it to
/// sleep (past libwebrtc's `failed` on the table's side) and comes back by
/// itself, as on one network; then its network changes the gentle way
/// (`gentle`) and the link moves over; last, its mobile network loses the
/// internet (netlab.sh cut) for longer than the table waits, and the
/// phone says the way back is a new link through the messenger.
async function cySleepsRoamsAndIsCut(table, region, cy, marker) {
  const failed = () => table.evaluate(() => (window.__pcs ?? []).some(({ pc }) => pc.connectionState === 'failed'));
  const marks = new Set();
  await asleep(chromiumPids(marker), { least: 20, until: failed, most: 26 }, async () => {
    marks.add(await region.locator('.device__status').textContent({ timeout: 500 }).catch(() => ''));
  });
  const woke = Date.now();
  assert.ok(marks.has("Reconnecting to Cy's device…"), `the table while Cy slept: ${[...marks]}`);
  await region.getByText('Cy is connected.').waitFor({ timeout: 15000 });
  const heard = (page) => page.evaluate((t) => window.__got.some((g) => g.at > t), woke);
  for (const until = Date.now() + 10000; !((await heard(table)) && (await heard(cy))); await table.waitForTimeout(100)) {
    assert.ok(Date.now() < until, 'Cy and the table hear each other after Cy woke');
  }
  assert.equal(await cy.getByRole('button', { name: 'Join a table' }).count(), 0, 'Cy kept the seat');

  await gentle(table, region, cy);

  // Then the mobile network loses the internet (a train in a tunnel) for
  // longer than the table waits: the link is lost, and across the
  // internet the way back is a new link through the messenger (no camera
  // scan across the room), as the phone says; the table offers one.
  await cyNetwork('cut');
  await cy
    .getByText('You are on another network than the table, so the way back is a new invitation')
    .waitFor({ timeout: 60000 })
    .catch(async (e) => {
      throw new Error(`${e.message}\nCy: ${await cy.locator('main').innerText().catch((x) => x.message)}\nthe table: ${await region.innerText()}`);
    });
  assert.equal(await cy.getByRole('button', { name: 'Rejoin as Cy' }).count(), 0, 'no camera rejoin across the internet');
  await region.getByRole('textbox', { name: 'Copy the invitation link' }).waitFor({ timeout: 20000 });
  await saveScreenshot(cy, 'lab-cy-network-changed');
}

/// What the channels of `page` received after `t` (ms since the epoch):
/// whether anything did.
const heardSince = (page, t) => page.evaluate((t) => window.__got.some((g) => g.at > t), t);

/// Cy's phone says (in its console) that it restarted its link.
function restarts(cy) {
  const said = [];
  cy.on('console', (m) => said.push(m.text()));
  return {
    said,
    restarted: () => said.some((m) => m.includes('the link moves over (ICE restart)')),
  };
}

/// Cy's network changes the gentle way, Wi-Fi to mobile data as a phone
/// hands over (netlab.sh roam: the mobile network the default while the
/// sockets already open keep the home's; then leave: the home's gone):
/// two looks see the new network, the phone's restart goes over the
/// channel and the table answers it there, the link takes a new pair, and
/// it carries on the mobile network alone; the table never waits for Cy.
async function gentle(table, region, cy) {
  const { said, restarted } = restarts(cy);
  const marks = new Set();
  const watching = setInterval(async () => {
    marks.add(await region.locator('.device__status').textContent({ timeout: 500 }).catch(() => ''));
  }, 250);
  // Cy's link: its connection's selected pair, by its ends' ids.
  const pair = () =>
    cy.evaluate(async () => {
      for (const { pc } of window.__pcs) {
        if (pc.connectionState !== 'connected') continue;
        const stats = new Map();
        (await pc.getStats()).forEach((r) => stats.set(r.id, r));
        const transport = [...stats.values()].find((r) => r.type === 'transport' && r.selectedCandidatePairId);
        if (transport) return transport.selectedCandidatePairId;
      }
      return null;
    });
  try {
    const before = await pair();
    assert.ok(before, "Cy's connection has a selected pair");
    const roamed = Date.now();
    await cyNetwork('roam');
    const answered = () => cy.evaluate(() => window.__got.some((g) => String(g.data).startsWith('{"ice":"answer"')));
    for (const until = Date.now() + 20000; !(await answered()); await cy.waitForTimeout(200)) {
      assert.ok(Date.now() < until, `the table answered Cy's restart within 20 s of the change; Cy said: ${JSON.stringify(said)}`);
    }
    console.log(`the gentle way: the restart answered ${Date.now() - roamed} ms after the change`);
    assert.ok(restarted(), `Cy said why: ${JSON.stringify(said)}`);
    for (const until = Date.now() + 10000; (await pair()) === before; await cy.waitForTimeout(200)) {
      assert.ok(Date.now() < until, "Cy's connection took a new pair within 10 s of the answer");
    }
    await cyNetwork('leave');
    const left = Date.now();
    // Each side hears the other (Cy's pings, the table's answers) with the
    // home's network gone (a link left on it could not be heard at all).
    for (const until = Date.now() + 10000; !((await heardSince(table, left)) && (await heardSince(cy, left))); await table.waitForTimeout(100)) {
      assert.ok(Date.now() < until, 'Cy and the table hear each other within 10 s of the home network gone');
    }
    // ('' where the status could not be read in time.)
    assert.deepEqual([...marks].filter((m) => m && m !== 'Cy is connected.'), [], 'the table never waited for Cy');
    assert.equal(await cy.getByRole('button', { name: 'Join a table' }).count(), 0, 'Cy kept the seat');
  } finally {
    clearInterval(watching);
  }
}

test("a phone's network changes at once (the Wi-Fi gone before mobile data comes): the channel goes with it, yet the phone's ICE restart finds the table through the relay and the link comes back before the table gives it up; then the table's own network changes the gentle way and its restart moves the link, the phone never waiting", async () => {
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
  const { said, restarted } = restarts(cy);
  const moved = Date.now();
  await cyNetwork('move');
  for (const until = Date.now() + 20000; !restarted(); await cy.waitForTimeout(200)) {
    assert.ok(Date.now() < until, `Cy restarted its link within 20 s of the change; Cy said: ${JSON.stringify(said)}`);
  }
  const restart = Date.now();
  // Nothing crosses between the change and the restart: the old network
  // is gone. After it, both sides hear each other again.
  for (const until = Date.now() + 20000; !((await heardSince(table, restart)) && (await heardSince(cy, restart))); await table.waitForTimeout(100)) {
    assert.ok(Date.now() < until, `Cy and the table hear each other within 20 s of the restart; the table: ${await region.innerText()}`);
  }
  console.log(`at once: restarted ${restart - moved} ms after the change, heard again ${Date.now() - moved} ms after it`);
  await region.getByText('Cy is connected.').waitFor({ timeout: 15000 });
  assert.equal(await cy.getByRole('button', { name: 'Join a table' }).count(), 0, 'Cy kept the seat');
  assert.equal(await cy.getByText('the way back is a new invitation').count(), 0, 'Cy was never told to ask for a new link');

  await tableRoams(table, region, cy);
});

/// The table's own network changes the gentle way, its home's Wi-Fi to its
/// mobile data (netlab.sh table-roam, then table-leave): the table's looks
/// see it, its restart goes to Cy over the channel and Cy answers there,
/// the link moves before the home's network goes, and neither side waits
/// for the other.
async function tableRoams(table, region, cy) {
  const said = [];
  table.on('console', (m) => said.push(m.text()));
  const marks = new Set();
  const phone = new Set();
  const watching = setInterval(async () => {
    marks.add(await region.locator('.device__status').textContent({ timeout: 500 }).catch(() => ''));
    phone.add(await cy.locator('main').innerText({ timeout: 500 }).catch(() => ''));
  }, 250);
  const got = (page, since, start) => page.evaluate(([t, s]) => window.__got.some((g) => g.at > t && String(g.data).startsWith(s)), [since, start]);
  try {
    const roamed = Date.now();
    console.log(await tableNetwork('roam'));
    for (const until = Date.now() + 20000; !(await got(table, roamed, '{"ice":"answer"')); await table.waitForTimeout(200)) {
      assert.ok(Date.now() < until, `Cy answered the table's restart within 20 s of the change; the table said: ${JSON.stringify(said)}`);
    }
    console.log(`the table's network, the gentle way: its restart answered ${Date.now() - roamed} ms after the change`);
    assert.ok(await got(cy, roamed, '{"ice":"offer"'), "the restart was the table's: its offer reached Cy over the channel");
    assert.ok(
      said.some((m) => m.includes('the link moves over (ICE restart)')),
      `the table said why: ${JSON.stringify(said)}`,
    );
    console.log(await tableNetwork('leave'));
    const left = Date.now();
    for (const until = Date.now() + 10000; !((await heardSince(table, left)) && (await heardSince(cy, left))); await table.waitForTimeout(100)) {
      assert.ok(Date.now() < until, "Cy and the table hear each other within 10 s of the table's home network gone");
    }
    assert.deepEqual([...marks].filter((m) => m && m !== 'Cy is connected.'), [], 'the table never waited for Cy');
    const waited = [...phone].filter((m) => /Reconnecting|is away|way back/.test(m));
    assert.deepEqual(waited, [], 'Cy never waited for the table');
    assert.equal(await cy.getByRole('button', { name: 'Join a table' }).count(), 0, 'Cy kept the seat');
  } finally {
    clearInterval(watching);
  }
}
