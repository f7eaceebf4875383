// The network lab's helpers for its tests (lab.test.mjs) and its
// measurement (latency.measure.mjs): the homes, a phone in Firefox, the
// route a connection took, a whole game, pairing through the links.

import { after } from 'node:test';
import assert from 'node:assert/strict';
import { useDevices } from '../devices-kit.mjs';
import { labUp, labDown, site, chromiumIn, HOMES } from './lab.mjs';
import { initScript, AppPage } from '../wd-harness.mjs';
import { startDriver } from '../webdriver.mjs';

/// The devices' helpers (devices-kit.mjs) and the lab's, for one test
/// file: its site is the lab's, and the lab comes down after its tests.
export function useLab() {
  const kit = useDevices({ site: async () => null });
  const { url, device, lobby, playAll, checkMessages, received, recordChannels, env } = kit;

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

  /// Ann's phone in Firefox, inside her home (or the namespace `ns`): its
  /// driver runs there too.
  async function firefoxPhone({ ns = HOMES.phone.ns } = {}) {
    const driver = await startDriver('firefox', { ns });
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
    // A whole game to the lowest target (10 points): a round or two.
    await lobby(table, [
      ['Tom', 'person'],
      ['Ann', 'remote'],
      ['Bot', 'easy'],
    ], { target: 10 });
    await table.getByRole('button', { name: 'Start game' }).click();
    await table.getByRole('dialog', { name: 'Players on their own devices' }).waitFor();
    const started = Date.now();
    const region = await pairByLinks(table, 'Ann', ann);
    await region
      .getByText('Ann is connected.')
      .waitFor({ timeout: 30000 })
      .catch(async (e) => {
        const phone = await ann.evaluate(() => document.body.innerText).catch((x) => x.message);
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
        const pcs = { phone: await ann.evaluate(look).catch((x) => x.message), table: await table.evaluate(look).catch((x) => x.message) };
        throw new Error(`${e.message}\nthe table: ${await region.innerText()}\nthe phone: ${phone}\nits connections: ${JSON.stringify(pcs)}`);
      });
    const paired = Date.now() - started;
    await table.getByRole('button', { name: 'Start playing' }).click();
    assert.equal(await playAll(table, [ann]), 'over');
    if (ann.wd) await ann.wd.waitForRole('button', 'Leave the table', { timeout: 20000 });
    else await ann.getByRole('button', { name: 'Leave the table' }).waitFor({ timeout: 20000 });
    const views = checkMessages(await received(ann), 1, 'ann');
    assert.ok(views > 10, `Ann's phone was sent ${views} views of her seat`);
    return { paired, table: await route(table), ann: await route(ann) };
  }

  /// Pairs Ann's phone with `name`'s seat as a family far apart does,
  /// through a messenger: the table's invitation link opened on the phone,
  /// the phone's reply link opened beside the table (a new tab of its
  /// browser, which hands the reply to the table's tab). Returns the seat's
  /// region on the table.
  async function pairByLinks(table, name, ann) {
    const region = table.getByRole('region', { name: `${name}'s device` });
    const invitationLink = region.getByRole('textbox', { name: 'Copy the invitation link' });
    await invitationLink.waitFor({ timeout: 20000 });
    const link = await invitationLink.inputValue();
    assert.match(link, /\/join\.html#join=/);
    let reply;
    if (ann.wd) {
      await ann.wd.goto(link);
      await ann.wd.clickRole('button', 'Join');
      reply = await ann.wd.waitFor(() => document.querySelector('#join-reply-link')?.value || null, undefined, {
        timeout: 20000,
        what: "the phone's reply link",
      });
    } else {
      await ann.goto(link);
      await ann.getByRole('button', { name: 'Join', exact: true }).click();
      const box = ann.getByRole('textbox', { name: 'Copy the reply link' });
      await box.waitFor({ timeout: 20000 });
      reply = await box.inputValue();
    }
    assert.match(reply, /\/games\/mojo\/#reply=/);
    const tab = await table.context().newPage();
    await tab.goto(reply);
    await tab
      .getByText(`${name}'s reply went to your table`)
      .waitFor({ timeout: 10000 })
      .catch(async (e) => {
        const shown = await tab.locator('main').innerText().catch((x) => x.message);
        throw new Error(`${e.message}\nthe reply tab: ${shown}\nthe table: ${await region.innerText()}`);
      });
    await tab.close();
    return region;
  }

  /// A WebDriver page as playAll and the helpers above take a device.
  const asDevice = (phone) => ({ wd: phone, evaluate: (fn, arg) => phone.eval(fn, arg) });

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
    return kit.answer(ann, code);
  }
  return { ...kit, homes, firefoxPhone, route, wholeGame, pairByLinks, asDevice, replyFrom };
}
