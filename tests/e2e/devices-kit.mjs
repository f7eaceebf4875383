// What the tests of play across devices share (devices.test.mjs) with the
// measurement of long tasks on the table and a phone (measure-devices.mjs):
// devices as browser processes of their own, the lobby, pairing by the
// text codes, the check of every message a phone received, play by clicks.

import { before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, whatNow, step } from './harness.mjs';

const env = { server: null };
const browsers = [];

/// Serves the release build under /games/mojo/ for the file's tests (or
/// `site()` does: the network lab's https site) and closes each test's
/// devices after it (issue 54: left open to the file's end, the tables and
/// phones of the tests before kept their pages running beside the later
/// tests); returns the helpers.
export function useDevices({ site = () => serve('/games/mojo/') } = {}) {
  before(async () => {
    env.server = await site();
  });
  afterEach(async () => {
    for (const b of browsers.splice(0)) await b.close().catch(() => {});
  });
  after(async () => {
    for (const b of browsers) await b.close().catch(() => {});
    await env.server?.close();
  });
  return { url, device, lobby, devicesDialog, invitation, answer, pair, pairWebDriver, cards, checkMessages, received, playAll, recordChannels, latencies, latencyFigures, pct, env };
}


const url = (q = '') => `${env.server.url}?lang=en&speed=instant${q}`;

/// Records, in every page of a device, what its data channels receive and
/// send (the app's channels: a wrapper around the browser's own classes).
function recordChannels() {
  window.__got = [];
  window.__sent = [];
  const Peer = window.RTCPeerConnection;
  if (!Peer) return;
  // Every connection, with its states over time (told when a pairing fails).
  window.__pcs = [];
  window.RTCPeerConnection = class extends Peer {
    constructor(...args) {
      super(...args);
      const t0 = Date.now();
      const states = [];
      window.__pcs.push({ pc: this, states, t0 });
      const note = () =>
        states.push(`${Date.now() - t0}ms ${this.iceGatheringState}/${this.iceConnectionState}/${this.connectionState}`);
      for (const e of ['icegatheringstatechange', 'iceconnectionstatechange', 'connectionstatechange']) this.addEventListener(e, note);
      window.__channels ??= [];
      const watch = (channel) => {
        window.__channels.push({ pc: this, channel });
        channel.addEventListener('message', (e) => window.__got.push({ at: Date.now(), data: e.data }));
      };
      this.addEventListener('datachannel', (e) => watch(e.channel));
      const create = this.createDataChannel.bind(this);
      this.createDataChannel = (...a) => {
        const c = create(...a);
        watch(c);
        return c;
      };
    }
  };
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    window.__sent.push({ at: Date.now(), data });
    return send.call(this, data);
  };
  // The time each new log line appears (the move reached this screen).
  window.__lines = [];
  new MutationObserver(() => {
    const first = document.querySelector('.log__lines li');
    const text = first?.textContent ?? '';
    if (text && text !== window.__lastLine) {
      window.__lastLine = text;
      window.__lines.push({ at: Date.now(), text });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

function tourDone() {
  try {
    if (!localStorage.getItem('mojo.settings')) localStorage.setItem('mojo.settings', JSON.stringify({ tour_done: true }));
  } catch {}
}

/// A device: a browser process of its own, one page (`executable`: a
/// wrapper that starts Chromium elsewhere, as in a namespace of the
/// network lab).
async function device(name, { viewport = { width: 390, height: 844 }, args = [], init = [], context: options = {}, executable = '/usr/bin/chromium' } = {}) {
  const browser = await launch({ executablePath: executable, args });
  browsers.push(browser);
  const context = await browser.newContext({ viewport, ...options });
  await context.addInitScript(tourDone);
  await context.addInitScript(recordChannels);
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  page.device = name;
  page.problems = [];
  page.warnings = [];
  page.on('pageerror', (e) => page.problems.push(`${name}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'warn') page.warnings.push(m.text());
  });
  return page;
}

/// Sets up the table's lobby: seats as [name, kind] (person, remote, easy…),
/// and the game's target if given (`{ target: 10 }`: the shortest game).
async function lobby(table, seats, { target } = {}) {
  const current = await table.locator('.lobby__seat').count();
  for (let i = current; i < seats.length; i++) await table.getByRole('button', { name: '+ Add a seat' }).click();
  for (let i = current; i > seats.length; i--) await table.locator('.lobby__seat').last().getByRole('button').click();
  for (const [i, [name, kind]] of seats.entries()) {
    await table.locator(`#seat-name-${i}`).fill(name);
    await table.locator(`#seat-kind-${i}`).selectOption(kind);
  }
  if (target !== undefined) {
    await table.locator('.lobby__target').fill(String(target));
    await table.locator('.lobby__target').dispatchEvent('change');
  }
}

/// Opens the table's dialog of the devices (unless it shows already).
async function devicesDialog(table) {
  const dialog = table.getByRole('dialog', { name: 'Players on their own devices' });
  if (!(await dialog.count())) await table.getByRole('button', { name: 'Devices' }).click();
  await dialog.waitFor();
  return dialog;
}

/// The invitation shown for `name`'s seat, once it is made.
async function invitation(table, name) {
  await devicesDialog(table);
  const box = table.getByRole('region', { name: `${name}'s device` }).getByRole('textbox', { name: 'Invitation code' });
  await box.waitFor({ timeout: 20000 });
  return box.inputValue();
}

/// `phone` opens the game, joins a table with the invitation `code`
/// (pasted, as from a messenger) and shows its reply: the reply's code.
async function answer(phone, code) {
  await phone.goto(url());
  await phone.getByRole('button', { name: 'Join a table' }).click();
  await phone.getByRole('textbox', { name: 'Invitation code' }).fill(code);
  await phone.getByRole('button', { name: 'Join', exact: true }).click();
  const reply = phone.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 20000 });
  return reply.inputValue();
}

/// Pairs `hand` with `name`'s seat through the text codes, as a person
/// would copy them from one screen to the other. If the table gives the
/// connection up (it says so after 15 s and shows a new invitation; seen
/// about once in 100 pairings with a channel opened in-band, none in 300
/// since the channel is negotiated), the person pairs again once, as the
/// table asks, and the test log says so with what both connections did.
async function pair(table, name, hand, { fresh = true, again = 1 } = {}) {
  const code = await invitation(table, name);
  if (fresh || !(await hand.getByRole('textbox', { name: 'Invitation code' }).count())) {
    await hand.getByRole('button', { name: 'Join a table' }).click();
  }
  await hand.getByRole('textbox', { name: 'Invitation code' }).fill(code);
  await hand.getByRole('button', { name: 'Join', exact: true }).click();
  const reply = hand.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 20000 });
  const region = table.getByRole('region', { name: `${name}'s device` });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(await reply.inputValue());
  await region.getByRole('button', { name: 'Connect' }).click();
  const connected = region.getByText(`${name} is connected.`);
  // ("The devices could not connect.", or ": " and why: issue 35.)
  const failed = region.getByText(/The devices could not connect/);
  // Connected: the table says so, or (mid-game, where the dialog came up
  // by itself because the table waited for this seat) it closes at once
  // and play goes on, so the words may come and go between two looks:
  // then the phone shows its seat.
  const seated = hand.getByRole('group', { name: 'Your hand' }).or(hand.locator('.facedown, .summary')).first();
  const outcome = async () => {
    if (await connected.count()) return 'connected';
    if (await failed.count()) return 'failed';
    if (await seated.count()) return 'connected';
    return null;
  };
  let result = null;
  for (const until = Date.now() + 30000; !result && Date.now() < until; ) {
    result = await outcome();
    if (!result) await new Promise((r) => setTimeout(r, 50));
  }
  if (!result) throw await why(new Error(`pair: ${name}: neither connected nor failed in 30 s`), table, region, hand);
  if (result === 'failed') {
    const told = await why(new Error(`pair: ${name}: the table gave the connection up`), table, region, hand);
    if (again < 1) throw told;
    console.log(`${told.message}\npair: ${name}: pairing again with the table's new invitation`);
    await hand.getByRole('button', { name: 'Leave to the lobby' }).click();
    return pair(table, name, hand, { fresh: true, again: again - 1 });
  }
  await hand.getByRole('group', { name: 'Your hand' }).or(hand.locator('.facedown, .summary')).first().waitFor({ timeout: 20000 });
}

/// Pairs `phone` (a WebDriver page) with `name`'s seat of the Playwright
/// `table` by the text codes, from the lobby or from the join screen it
/// shows; returns the seat's region on the table, the reply sent.
async function pairWebDriver(table, phone, name, { fromLobby }) {
  const code = await invitation(table, name);
  if (fromLobby) await phone.clickRole('button', 'Join a table');
  await phone.fill('#join-invitation', code);
  await phone.clickRole('button', 'Join');
  const reply = await phone.waitFor(() => document.querySelector('#join-reply')?.value || null, undefined, {
    timeout: 20000,
    what: "the phone's reply code",
  });
  const region = table.getByRole('region', { name: `${name}'s device` });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
  await region.getByRole('button', { name: 'Connect' }).click();
  return region;
}

/// `e`, told what both screens say and what their connections did.
async function why(e, table, region, hand) {
  e.message += `\n${table.device}: ${await region.innerText().catch(() => '?')}\n${hand.device}: ${await hand.locator('main, .app').first().innerText().catch(() => '?')}`;
  for (const page of [table, hand]) {
    const messages = await page
      .evaluate(() => ({
        sent: window.__sent.map((m) => m.data.slice(0, 60)),
        got: window.__got.map((m) => m.data.slice(0, 60)),
      }))
      .catch((x) => x.message);
    e.message += `\n${page.device}: ${JSON.stringify(await connections(page))}`;
    e.message += `\n${page.device}: messages ${JSON.stringify(messages)}; errors ${JSON.stringify(page.problems)}; warnings ${JSON.stringify(page.warnings)}`;
  }
  return e;
}

/// A page's WebRTC connections: their states over time, the candidates
/// each side gave and the candidate pairs tried.
async function connections(page) {
  return page
    .evaluate(async () => {
      const out = [];
      for (const { pc, states } of window.__pcs ?? []) {
        const pairs = [];
        const candidates = [];
        (await pc.getStats()).forEach((r) => {
          if (r.type === 'candidate-pair') pairs.push(`${r.state} sent ${r.requestsSent} got ${r.responsesReceived}/${r.requestsReceived}`);
          if (r.type.endsWith('-candidate')) candidates.push(`${r.type} ${r.candidateType} ${r.protocol} ${r.port}`);
        });
        const sdp = (d) => (d?.sdp.match(/a=candidate:[^\r\n]*/g) ?? []).map((c) => c.split(' ').slice(4, 8).join(' '));
        const sctp = pc.sctp ? `sctp ${pc.sctp.state}, dtls ${pc.sctp.transport.state}` : 'no sctp';
        const channels = (window.__channels ?? []).filter((c) => c.pc === pc).map((c) => `${c.channel.label} ${c.channel.readyState}`);
        out.push({ states, sctp, channels, local: sdp(pc.localDescription), remote: sdp(pc.remoteDescription), candidates, pairs });
      }
      return out;
    })
    .catch((e) => `(${e.message})`);
}

/// What a device shows: its cards and the discard pile.
async function cards(page) {
  return page.evaluate(() => ({
    hand: [...document.querySelectorAll('[role="group"][aria-label="Your hand"] button')].map((b) => b.getAttribute('aria-label')),
    down: [...document.querySelectorAll('.facedown button')].map((b) => b.getAttribute('aria-label')),
    pile: [...document.querySelectorAll('.pile__top [role="img"]')].map((e) => e.getAttribute('aria-label')),
  }));
}

/// Every message a device received, each checked: of this protocol, for
/// its own seat, and with no card of another seat that the seat may not
/// see (its view holds its own hand and face-down cards only; a card drawn
/// from the deck shows only to the seat that drew it); never the game's
/// seed, record, draw order or anybody's hands.
function checkMessages(got, seat, device) {
  let views = 0;
  for (const { data } of got) {
    assert.ok(data.length <= 65536, `${device}: a message of ${data.length} bytes`);
    const message = JSON.parse(data);
    assert.equal(message.v, 1);
    const m = message.m;
    const keys = new Set();
    (function walk(v) {
      if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          // A round log's public step {"draw": {"seat", "card"}} is not the
          // draw pile: its card is there only when taken from a discard pile.
          const step = k === 'draw' && x && typeof x === 'object' && !Array.isArray(x);
          if (step) assert.deepEqual(Object.keys(x).sort(), ['card', 'seat'], `${device}: a draw step ${JSON.stringify(x)}`);
          else keys.add(k);
          walk(x);
        }
      }
    })(m);
    for (const secret of ['seed', 'actions', 'record', 'rng', 'draw', 'hands', 'deck']) {
      assert.ok(!keys.has(secret), `${device}: a message holds "${secret}": ${data.slice(0, 200)}`);
    }
    if (m.type === 'welcome') assert.equal(m.seat, seat);
    if (m.type !== 'snapshot' && m.type !== 'update') continue;
    views++;
    assert.equal(m.view.seat, seat, `${device}: another seat's view`);
    for (const e of [...m.events, ...m.log.map((l) => l.event)]) {
      if (e.event === 'drew' && e.source === 'deck' && e.card !== null) {
        assert.equal(e.seat, seat, `${device}: sees seat ${e.seat} draw ${e.card}`);
      }
    }
  }
  return views;
}

const received = (page) => page.evaluate(() => window.__got);

/// The p-th percentile of `xs`.
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/// From each action a phone sent (in the tap's task) to the moment the
/// table showed it (a new line in its log), and the other phone showed it.
/// Only actions the table received after its last reload count (its
/// records start again with the page).
async function latencies(from, table, other) {
  const sent = (await from.evaluate(() => window.__sent)).filter((s) => s.data.includes('"type":"act"'));
  const [tableGot, tableLines, otherLines] = await Promise.all([
    table.evaluate(() => window.__got),
    table.evaluate(() => window.__lines),
    other.evaluate(() => window.__lines),
  ]);
  const out = { table: [], other: [] };
  for (const s of sent) {
    const got = tableGot.find((g) => g.data === s.data && g.at >= s.at);
    if (!got) continue;
    const shown = tableLines.find((l) => l.at >= got.at);
    const seen = otherLines.find((l) => l.at >= s.at);
    if (!shown || !seen) continue;
    out.table.push(shown.at - s.at);
    out.other.push(seen.at - s.at);
  }
  return out;
}

/// What `latencies` found, put together: the moves, and the p50 and p95
/// to the table and to the other phone.
function latencyFigures(...runs) {
  const table = runs.flatMap((r) => r.table);
  const other = runs.flatMap((r) => r.other);
  return {
    moves: table.length,
    to_table_p50_ms: pct(table, 50),
    to_table_p95_ms: pct(table, 95),
    to_other_phone_p50_ms: pct(other, 50),
    to_other_phone_p95_ms: pct(other, 95),
  };
}

/// Plays by clicks on every device until the table shows the game over
/// (or `until()` says stop). The table's person plays through the hand-off
/// cover; "Next round" is the table's.
async function playAll(table, hands, { until, maxSteps = 20000 } = {}) {
  for (let i = 0; i < maxSteps; i++) {
    const onTable = await whatNow(table);
    if (onTable === 'over') return 'over';
    if (until && (await until())) return 'stopped';
    let acted = onTable !== 'wait';
    if (acted) await step(table, undefined, onTable);
    for (const hand of hands) {
      const what = await whatNow(hand);
      if (what !== 'wait' && what !== 'over') {
        // A phone's move can end between the look and the tap (the table
        // answered meanwhile): the tap then finds nothing to press, and the
        // next look sees the new screen.
        try {
          if (hand.wd) await hand.wd.step(undefined, what);
          else await step(hand, undefined, what);
        } catch (e) {
          if (e.name !== 'TimeoutError') throw e;
        }
        acted = true;
      }
    }
    if (!acted) await table.waitForTimeout(10);
  }
  throw new Error(`no game over after ${maxSteps} steps`);
}

