// End-to-end, issue 35: a table and a phone in two homes, each behind its
// own home router, with the internet between them: the network lab
// (tests/e2e/lab/netlab.sh draws it). The site is served over https from
// the internet with the deployer's network.json; the browsers run inside
// the homes. Needs root, nftables and coturn (scripts/setup.sh): without
// them the tests fail, they never skip.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { useDevices } from './devices-kit.mjs';
import { labUp, labDown, site, chromiumIn, HOMES, STUN, TURN } from './lab/lab.mjs';
import { saveScreenshot } from './harness.mjs';
import { initScript, AppPage } from './wd-harness.mjs';
import { startDriver } from './webdriver.mjs';

const { url, device, lobby, pair, pairWebDriver, playAll, checkMessages, received, recordChannels, env } = useDevices({
  site: async () => null,
});

after(async () => {
  await env.server?.close();
  env.server = null;
  await labDown();
});

/// The lab with `nat` routers and the site listing `iceServers`; the
/// table (a tablet in the first home) and Ann's phone (in the second),
/// each in a browser of its own inside its home.
/// (`firefox`: Ann's phone is Firefox, driven by WebDriver from inside
/// her home; its pages record their channels as Chromium's do.)
async function homes(nat, iceServers, { delay = 0, firefox = false } = {}) {
  await env.server?.close();
  env.server = null;
  const seen = await labUp(nat, { delay });
  const init = firefox ? initScript({ extra: `if (/Firefox/.test(navigator.userAgent)) (${recordChannels})();` }) : undefined;
  env.server = await site({ iceServers }, { init });
  const trust = env.server.trust;
  const table = await device('table', { viewport: { width: 1024, height: 768 }, executable: chromiumIn(HOMES.table.ns), args: trust });
  if (firefox) return { table, seen };
  const ann = await device('ann', { executable: chromiumIn(HOMES.phone.ns), args: trust });
  return { table, ann, seen };
}

/// Ann's phone in Firefox, inside her home: its driver runs there too.
async function firefoxPhone() {
  const driver = await startDriver('firefox', { ns: HOMES.phone.ns });
  try {
    const phone = await AppPage.open({ driver, server: env.server }, url(), {
      width: 390,
      height: 844,
      capabilities: { acceptInsecureCerts: true },
    });
    await phone.ready();
    assert.match(await phone.eval(() => navigator.userAgent), /Firefox\//);
    return { phone, driver };
  } catch (e) {
    await driver.stop();
    throw e;
  }
}

/// The candidate pair a page's connection uses, by the kinds of its two
/// ends and their addresses (from getStats: the transport's selected pair).
async function route(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const { pc } of window.__pcs ?? []) {
      if (pc.connectionState !== 'connected') continue;
      const stats = new Map();
      (await pc.getStats()).forEach((r) => stats.set(r.id, r));
      for (const t of stats.values()) {
        if (t.type !== 'transport' || !t.selectedCandidatePairId) continue;
        const pair = stats.get(t.selectedCandidatePairId);
        const end = (id) => {
          const c = stats.get(id);
          return `${c.candidateType} ${c.address ?? c.ip}:${c.port}`;
        };
        out.push({ local: end(pair.localCandidateId), remote: end(pair.remoteCandidateId), bytes: pair.bytesSent + pair.bytesReceived });
      }
    }
    return out;
  });
}

/// A whole game across the two homes: the table sets up Ann's seat, Ann
/// joins by the codes, both play to game over. Returns the pairing's time
/// and the route each side took.
async function wholeGame(table, ann) {
  await table.goto(url());
  await lobby(table, [
    ['Tom', 'person'],
    ['Ann', 'remote'],
    ['Bot', 'easy'],
  ]);
  // A whole game, to the lowest target (10 points): a round or two.
  await table.locator('.lobby__target').fill('10');
  await table.locator('.lobby__target').dispatchEvent('change');
  await table.getByRole('button', { name: 'Start game' }).click();
  await table.getByRole('dialog', { name: 'Players on their own devices' }).waitFor();
  const started = Date.now();
  if (ann.wd) {
    const region = await pairWebDriver(table, ann.wd, 'Ann', { fromLobby: true });
    await region
      .getByText('Ann is connected.')
      .waitFor({ timeout: 30000 })
      .catch(async (e) => {
        const phone = await ann.wd.eval(() => document.body.innerText).catch((x) => x.message);
        const look = async () => {
          const out = [];
          for (const { pc, states } of window.__pcs ?? []) {
            const stats = [];
            (await pc.getStats()).forEach((r) => {
              if (r.type === 'candidate-pair') stats.push(`pair ${r.state} ${r.localCandidateId}>${r.remoteCandidateId} req ${r.requestsSent}/${r.responsesReceived} in ${r.requestsReceived}`);
              if (r.type.endsWith('-candidate')) stats.push(`${r.id} ${r.type} ${r.candidateType} ${r.address ?? r.ip}:${r.port}`);
            });
            const sdp = (d) => (d?.sdp.match(/a=candidate:[^\r\n]*/g) ?? []).map((c) => c.split(' ').slice(4, 8).join(' '));
            out.push({ states, stats, local: sdp(pc.localDescription), remote: sdp(pc.remoteDescription) });
          }
          return out;
        };
        const pcs = { phone: await ann.wd.eval(look).catch((x) => x.message), table: await table.evaluate(look).catch((x) => x.message) };
        throw new Error(`${e.message}\nthe table: ${await region.innerText()}\nthe phone: ${phone}\nits connections: ${JSON.stringify(pcs)}`);
      });
  } else {
    await ann.goto(url());
    await pair(table, 'Ann', ann, { again: 0 });
  }
  const paired = Date.now() - started;
  await table.getByRole('button', { name: 'Start playing' }).click();
  assert.equal(await playAll(table, [ann]), 'over');
  if (ann.wd) await ann.wd.waitForRole('button', 'Leave the table', { timeout: 20000 });
  else await ann.getByRole('button', { name: 'Leave the table' }).waitFor({ timeout: 20000 });
  const views = checkMessages(await received(ann), 1, 'ann');
  assert.ok(views > 10, `Ann's phone was sent ${views} views of her seat`);
  return { paired, table: await route(table), ann: await route(ann) };
}

/// A WebDriver page as playAll and the helpers above take a device.
const asDevice = (phone) => ({ wd: phone, evaluate: (fn, arg) => phone.eval(fn, arg) });

test('two homes behind cone NATs, the site listing a STUN server: the phone pairs and plays a whole game, directly from router to router', async () => {
  const { table, ann, seen } = await homes('cone', [STUN]);
  console.log(seen);
  const game = await wholeGame(table, ann);
  console.log(`cone NATs + STUN: paired in ${game.paired} ms; table ${JSON.stringify(game.table)}; phone ${JSON.stringify(game.ann)}`);
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
  const code = await region.getByRole('textbox', { name: 'Invitation code' }).inputValue();
  await ann.goto(url());
  await ann.getByRole('button', { name: 'Join a table' }).click();
  await ann.getByRole('textbox', { name: 'Invitation code' }).fill(code);
  await ann.getByRole('button', { name: 'Join', exact: true }).click();
  const reply = ann.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 20000 });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(await reply.inputValue());
  const asked = Date.now();
  await region.getByRole('button', { name: 'Connect' }).click();
  const told = region.getByText(/The devices could not connect/);
  await told.waitFor({ timeout: 60000 });
  const words = await told.innerText();
  console.log(`symmetric NATs, STUN alone: told after ${Date.now() - asked} ms: ${words}`);
  assert.match(words, /two different networks with no direct path between them, so a relay \(a TURN server\) is needed\. Add one in the Menu/);
  assert.doesNotMatch(await region.innerText(), /Wi-Fi/);
  await saveScreenshot(table, 'lab-symmetric-needs-relay');
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

/// Ann joins from her phone (Chromium, or Firefox through WebDriver) with
/// the invitation `code`; her reply code, as she would send it.
async function replyFrom(ann, code) {
  if (ann.wd) {
    await ann.wd.clickRole('button', 'Join a table');
    await ann.wd.fill('#join-invitation', code);
    await ann.wd.clickRole('button', 'Join');
    return ann.wd.waitFor(() => document.querySelector('#join-reply')?.value || null, undefined, {
      timeout: 20000,
      what: "the phone's reply code",
    });
  }
  await ann.goto(url());
  await ann.getByRole('button', { name: 'Join a table' }).click();
  await ann.getByRole('textbox', { name: 'Invitation code' }).fill(code);
  await ann.getByRole('button', { name: 'Join', exact: true }).click();
  const reply = ann.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 20000 });
  return reply.inputValue();
}

// (Firefox: not yet. Its connection fails after about 11 s without an
// answer and closes its data channel with it, so a reply taken later
// finds nothing to revive; tried in the lab, 2026-12-05.)
for (const engine of ['chromium']) {
  test(`a reply taken 90 s late, behind symmetric NATs with a TURN relay, the phone in ${engine}: the phone keeps waiting for the table, and they connect`, async () => {
    const firefox = engine === 'firefox';
    const lab = await homes('symmetric', [STUN, TURN], { firefox });
    const { table } = lab;
    const ff = firefox ? await firefoxPhone() : null;
    const ann = ff ? asDevice(ff.phone) : lab.ann;
    try {
      await table.goto(url());
      await lobby(table, [
        ['Tom', 'person'],
        ['Ann', 'remote'],
      ]);
      await table.getByRole('button', { name: 'Start game' }).click();
      const region = table.getByRole('region', { name: "Ann's device" });
      await region.getByRole('textbox', { name: 'Invitation code' }).waitFor({ timeout: 20000 });
      const text = await replyFrom(ann, await region.getByRole('textbox', { name: 'Invitation code' }).inputValue());
      // The reply travels through a messenger: 90 s.
      await table.waitForTimeout(90000);
      const states = await ann.evaluate(() => window.__pcs.map((p) => p.states));
      console.log(`${engine}: the phone's connection while the reply travelled: ${JSON.stringify(states)}`);
      // Its connection failed meanwhile (no path before the table takes
      // the reply): the phone keeps its reply, and says the table has not
      // taken it yet.
      assert.match(JSON.stringify(states), /failed/, 'the phone\'s connection failed while it waited');
      const shown = await ann.evaluate(() => ({ reply: document.querySelector('#join-reply')?.value, page: document.body.innerText }));
      assert.equal(shown.reply, text, 'the same reply still shown');
      assert.match(shown.page, /The table has not taken this reply yet\. It stays good while this page is open/);
      await region.getByRole('textbox', { name: 'Reply code' }).fill(text);
      const asked = Date.now();
      await region.getByRole('button', { name: 'Connect' }).click();
      await region
        .getByText('Ann is connected.')
        .waitFor({ timeout: 30000 })
        .catch(async (e) => {
          const phone = await ann.evaluate(() => document.body.innerText).catch((x) => x.message);
          const pcs = await ann.evaluate(() => window.__pcs.map((p) => p.states)).catch((x) => x.message);
          throw new Error(`${e.message}\nthe table: ${await region.innerText()}\nthe phone: ${phone}\nthe phone's connections: ${JSON.stringify(pcs)}`);
        });
      console.log(`${engine}: a reply 90 s late: connected ${Date.now() - asked} ms after Connect; table ${JSON.stringify(await route(table))}`);
      // The phone shows its seat, waiting for the table to start.
      const waiting = () => document.body.innerText.includes('the table');
      if (ff) await ff.phone.waitFor(waiting, undefined, { what: 'the phone waiting for the table' });
      else await ann.waitForFunction(waiting);
    } finally {
      await ff?.phone.close().catch(() => {});
      await ff?.driver.stop();
    }
  });
}
