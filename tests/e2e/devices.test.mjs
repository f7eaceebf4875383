// End-to-end: play across devices. Each device is its own browser process
// (Debian's Chromium): the table, and each player's phone. They pair
// through the text codes (or the camera), play whole games, and every
// message a phone receives is recorded and checked: none may hold another
// seat's hidden card. A raw WebRTC peer written here (tests/e2e/pairing.mjs,
// not the app) sends forged messages. Timings of a move from a phone to
// the table and to the other phone are printed for BENCHMARKS.md.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, open, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serve, whatNow, step, artifacts, waitUntil, eventually } from './harness.mjs';
import { useDevices } from './devices-kit.mjs';
import { initScript, AppPage } from './wd-harness.mjs';
import { startDriver } from './webdriver.mjs';
import { readInvitation, readReply, toSdp, fromSdp, writeReply, tagOf } from './pairing.mjs';
import { HOLD_EXPORTS } from './faults.mjs';

const { url, device, lobby, pairWebDriver, devicesDialog, invitation, answer, pair, cards, checkMessages, received, playAll, recordChannels, latencies, latencyFigures, env } =
  useDevices();

test('three devices play a whole game; no phone ever receives another seat\'s hidden card; a phone and the table fault mid-round (a wasm trap), restore themselves, and play goes on', async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 }, init: [HOLD_EXPORTS] });
  const ben = await device('ben', { init: [HOLD_EXPORTS] });
  const cy = await device('cy');
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'person'],
    ['Ben', 'remote'],
    ['Bot', 'medium'],
    ['Cy', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  await table.getByRole('dialog', { name: 'Players on their own devices' }).waitFor();
  // Opened at 127.0.0.1: the table says a phone cannot reach this address.
  await table.getByText('This page is open at a local address').waitFor();
  const start = table.getByRole('button', { name: 'Start playing' });
  assert.equal(await start.isDisabled(), true, 'not before every device is connected');
  await ben.goto(url());
  await cy.goto(url());
  await pair(table, 'Ben', ben);
  assert.equal(await start.isDisabled(), true, 'Cy is not connected yet');
  await pair(table, 'Cy', cy);
  await start.click();
  // Bots and people play until Ben has played a few times in round 1.
  const benPlays = () => ben.evaluate(() => window.__sent.filter((s) => s.data.includes('"type":"act"')).length);
  assert.equal(await playAll(table, [ben, cy], { until: async () => (await benPlays()) >= 3 }), 'stopped');

  // Ben's phone faults mid-round (static/guard.js reloads it, which closes
  // its connection): it offers its rejoin, its seat waits, a new
  // invitation takes it back (the phone proves its token), and Ben's
  // cards are the same.
  // (Ben's last tap may still be on its way: his cards are read once the
  // table has answered it. Read before, the hand still held the card that
  // tap played, and the hand after rejoining rightly did not: a run on a
  // loaded machine, 2026-12-05.)
  await ben.waitForFunction(lastActAnswered);
  const beforeReload = await cards(ben);
  const gotBefore = await received(ben);
  await raiseTrap(ben);
  await ben.getByRole('button', { name: 'Rejoin as Ben' }).waitFor();
  await restored(ben);
  await mkdir(artifacts, { recursive: true });
  await ben.screenshot({ path: join(artifacts, 'devices-phone-restored.png') });
  await devicesDialog(table);
  await table.getByRole('region', { name: "Ben's device" }).getByText("Ben's device is not connected.").waitFor({ timeout: 30000 });
  await pair(table, 'Ben', ben, { fresh: false });
  assert.deepEqual((await cards(ben)).hand, beforeReload.hand, "Ben's hand after rejoining");
  if (await table.getByRole('dialog', { name: 'Players on their own devices' }).count()) {
    await table.getByRole('button', { name: 'Close' }).click();
  }

  // Play on, then the table faults mid-round: it restores the game from
  // its save, shows every phone's seat waiting with a new invitation, and
  // both phones pair again with their tokens.
  // Stop where the game waits for a person (Ana at the table, Ben or Cy):
  // then no bot moves between the snapshot and the reload.
  const benPlaysNow = await benPlays();
  const aPersonToAct = async () => {
    for (const p of [table, ben, cy]) if ((await whatNow(p)) !== 'wait') return true;
    return false;
  };
  // And where no phone's tap is still on its way: one of Cy's, applied
  // after the screens were read and before the fault, showed on Ben's
  // restored screen as a card the reading had not seen (a busy run,
  // 2026-12-05).
  const settled = async () => (await ben.evaluate(lastActAnswered)) && (await cy.evaluate(lastActAnswered));
  assert.equal(
    await playAll(table, [ben, cy], {
      until: async () => (await benPlays()) >= benPlaysNow + 3 && (await settled()) && (await aPersonToAct()),
    }),
    'stopped',
  );
  const shown = { ben: await cards(ben), cy: await cards(cy) };
  const tableLines = await table.evaluate(() => window.__lines);
  const gotBeforeTable = { ben: await received(ben), cy: await received(cy) };
  await raiseTrap(table);
  await restored(table);
  await table.getByRole('dialog', { name: 'Players on their own devices' }).waitFor();
  for (const name of ['Ben', 'Cy']) {
    const seat = table.getByRole('region', { name: `${name}'s device` });
    await seat.getByText(`${name}'s device is not connected.`).waitFor();
    assert.ok((await invitation(table, name)).length > 0, `a new invitation for ${name}`);
  }
  await table.screenshot({ path: join(artifacts, 'devices-table-restored.png') });
  await ben.getByRole('button', { name: 'Join a table' }).or(ben.getByRole('textbox', { name: 'Invitation code' })).first().waitFor({ timeout: 30000 });
  await cy.getByRole('button', { name: 'Join a table' }).or(cy.getByRole('textbox', { name: 'Invitation code' })).first().waitFor({ timeout: 30000 });
  // A phone that lost the table says so, and keeps its seat.
  await ben.getByText('The connection to the table was lost.').waitFor();
  // Said once (issue 34: the rejoin screen said it twice, in two notes).
  assert.equal(await ben.getByText('scan its new invitation to take your seat back').count(), 0, 'the lost table said twice');
  await pair(table, 'Ben', ben, { fresh: false });
  await pair(table, 'Cy', cy, { fresh: false });
  assert.deepEqual(await cards(ben), shown.ben, "Ben's cards and the pile after the table's reload");
  assert.deepEqual(await cards(cy), shown.cy, "Cy's cards and the pile after the table's reload");
  await table.getByRole('button', { name: 'Close' }).click();

  assert.equal(await playAll(table, [ben, cy]), 'over');
  // The phones see the end of the game too.
  await ben.getByRole('button', { name: 'Leave the table' }).waitFor();
  await cy.getByRole('button', { name: 'Leave the table' }).waitFor();

  const views = {
    ben: checkMessages([...gotBefore, ...(await received(ben))], 1, 'ben'),
    cy: checkMessages([...gotBeforeTable.cy, ...(await received(cy))], 3, 'cy'),
  };
  checkMessages(gotBeforeTable.ben, 1, 'ben');
  assert.ok(views.ben > 50 && views.cy > 50, JSON.stringify(views));
  // Nothing went wrong on any device but the two traps raised, and no
  // message of the app was refused (both sides log a refusal).
  for (const p of [table, ben, cy]) {
    assert.deepEqual(p.problems.filter((e) => !p.trapped?.includes(e)), []);
    assert.deepEqual(p.warnings.filter((w) => w.includes('refused')), [], p.device);
  }
  // Both phones' moves: Cy's to the table and to Ben, Ben's (since his
  // reload) to the table and to Cy.
  const [fromCy, fromBen] = [await latencies(cy, table, ben), await latencies(ben, table, cy)];
  const figures = { ...latencyFigures(fromCy, fromBen), table_log_lines: tableLines.length };
  assert.ok(figures.moves > 10, JSON.stringify(figures));
  console.log(`# devices-latency ${JSON.stringify(figures)}`);
  await mkdir(artifacts, { recursive: true });
  await table.screenshot({ path: join(artifacts, 'devices-table.png') });
  await ben.screenshot({ path: join(artifacts, 'devices-phone.png') });
});

/// In a phone's page: the last move it sent has been answered, i.e. an
/// update of the table's came at a later move than the one the move was
/// made at (recordChannels keeps what went and came).
function lastActAnswered() {
  const message = (d) => JSON.parse(d.data).m;
  const acts = window.__sent.map(message).filter((m) => m.type === 'act');
  const last = acts.at(-1);
  return !last || window.__got.map(message).some((m) => m.type === 'update' && m.at > last.at);
}

/// Raises a real wasm trap in a task of the device's page (faults.mjs),
/// and waits until the page that trapped is gone.
async function raiseTrap(page) {
  const before = page.problems.length;
  const reloaded = page.waitForEvent('load', { timeout: 10000 });
  assert.match(await page.evaluate(() => window.__e2eRaiseTrap?.() ?? 'the app did not start'), /closures.*invoke/);
  await reloaded;
  // The trap itself, as the page reported it, and nothing else.
  const now = page.problems.slice(before);
  assert.ok(now.length > 0 && now.every((e) => /memory access out of bounds/.test(e)), `the trap: ${now}`);
  page.trapped = [...(page.trapped ?? []), ...now];
}

/// The notice of a page restored after a fault.
async function restored(page) {
  await page.locator('.notice p').filter({ hasText: /^The game was restored/ }).waitFor();
}

/// A raw WebRTC peer in its own browser, written here: answers an
/// invitation and sends whatever the test wants.
async function rawPeer(code) {
  const page = await device('raw');
  await page.goto('about:blank');
  const invitation = readInvitation(code);
  const answer = await page.evaluate(async (sdp) => {
    const pc = new RTCPeerConnection({ iceServers: [] });
    window.pc = pc;
    window.inbox = [];
    // The app's channel, agreed beforehand: negotiated, id 0.
    window.channel = pc.createDataChannel('mojo', { ordered: true, negotiated: true, id: 0 });
    window.channel.onmessage = (m) => window.inbox.push(JSON.parse(m.data));
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await new Promise((ok) => {
      if (pc.iceGatheringState === 'complete') ok();
      pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && ok();
    });
    return pc.localDescription.sdp;
  }, toSdp(invitation.peer));
  const reply = writeReply(invitation.seat, tagOf(invitation.peer), fromSdp(answer));
  assert.deepEqual(readReply(reply).peer, fromSdp(answer), 'the reply reads back');
  return { page, reply, seat: invitation.seat };
}

test('forged messages from a raw peer are refused with a reason, logged, and the game goes on', async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'person'],
    ['Raw', 'remote'],
    ['Bot', 'easy'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const { page: raw, reply, seat } = await rawPeer(await invitation(table, 'Raw'));
  assert.equal(seat, 1);
  const region = table.getByRole('region', { name: "Raw's device" });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
  await region.getByRole('button', { name: 'Connect' }).click();
  await waitUntil(raw, "the raw peer's channel to open", () => window.channel?.readyState === 'open', null, { timeout: 30000 });
  const build = await table.locator('.app').getAttribute('data-build');
  assert.match(build, /^[0-9a-f]{16}$/);
  const send = (text) => raw.evaluate((t) => window.channel.send(t), text);
  const lastRefusal = async (n) => {
    await waitUntil(raw, "the table's refusal", (k) => window.inbox.filter((m) => m.m.type === 'refused').length >= k, n);
    return raw.evaluate(() => window.inbox.filter((m) => m.m.type === 'refused').at(-1).m.reason);
  };
  let refused = 0;
  const expectRefused = async (text, why) => {
    await send(text);
    const reason = await lastRefusal(++refused);
    assert.equal(reason.why, why, `${text.slice(0, 80)} → ${JSON.stringify(reason)}`);
    return reason;
  };
  // Garbage, an oversized blob, another protocol version, another build.
  await expectRefused('}{ not json', 'malformed');
  await expectRefused('x'.repeat(70000), 'too_large');
  await expectRefused('{"v":9,"m":{"type":"hello","app":"x","token":null}}', 'version');
  await expectRefused(JSON.stringify({ v: 1, m: { type: 'act', at: 1, action: { reveal: 3 } } }), 'no_hello');
  const other = await expectRefused(JSON.stringify({ v: 1, m: { type: 'hello', app: '0000000000000000', token: null } }), 'other_app');
  assert.equal(other.ours, build);
  await region.getByText('The two devices run different versions of Mojo.').waitFor();
  // Now a proper hello: the seat is the raw peer's, the table starts.
  await send(JSON.stringify({ v: 1, m: { type: 'hello', app: build, token: null } }));
  await waitUntil(raw, "the table's snapshot", () => window.inbox.some((m) => m.m.type === 'snapshot'));
  await table.getByRole('button', { name: 'Start playing' }).click();
  const latest = () => raw.evaluate(() => window.inbox.filter((m) => m.m.type === 'snapshot' || m.m.type === 'update').at(-1).m);
  // The next round is the table's, never a device's.
  await expectRefused(JSON.stringify({ v: 1, m: { type: 'act', at: (await latest()).at, action: { next_round: true } } }), 'not_yours');
  // Play (Ana by clicks; the bot by itself) until it is the raw seat's turn
  // to play a card.
  for (let i = 0; i < 2000; i++) {
    const m = await latest();
    if (m.view.current === seat && m.view.phase === 'play') break;
    if (m.view.current !== seat) {
      // Another seat's action, sent by this device: refused.
      if (i === 0) await expectRefused(JSON.stringify({ v: 1, m: { type: 'act', at: m.at, action: { play: m.view.hand[0], pile: 0 } } }), 'not_your_turn');
      const what = await whatNow(table);
      if (what !== 'wait') await step(table, undefined, what);
      else await table.waitForTimeout(10);
    } else {
      // Its turn, but not to play (reveal): reveal the first card.
      await send(JSON.stringify({ v: 1, m: { type: 'act', at: m.at, action: { reveal: m.view.face_down[0] } } }));
      await waitUntil(raw, "the table's answer to the reveal", (at) => window.inbox.filter((x) => x.m.at > at).length > 0, m.at);
    }
  }
  const m = await latest();
  assert.equal(m.view.current, seat);
  const missing = [...Array(13).keys()].find((v) => !m.view.hand.includes(v));
  await expectRefused(JSON.stringify({ v: 1, m: { type: 'act', at: m.at, action: { play: missing, pile: 0 } } }), 'illegal');
  await expectRefused(JSON.stringify({ v: 1, m: { type: 'act', at: m.at - 1, action: { play: m.view.hand[0], pile: 0 } } }), 'stale_move');
  // A move sent twice (as a flaky network might): played once, the second
  // refused (its move number is gone).
  const play = JSON.stringify({ v: 1, m: { type: 'act', at: m.at, action: { play: m.view.hand[0], pile: 0 } } });
  await send(play);
  await send(play);
  const second = await lastRefusal(++refused);
  assert.ok(['stale_move', 'not_your_turn'].includes(second.why), JSON.stringify(second));
  // The table's update for the one play taken.
  await waitUntil(raw, "the table's update for the play taken", (at) => window.inbox.some((x) => x.m.type === 'update' && x.m.at > at), m.at);
  // That update itself (the bot may have moved since): its hand and events.
  const after = await raw.evaluate((at) => window.inbox.find((x) => x.m.type === 'update' && x.m.at > at).m, m.at);
  assert.equal(after.view.hand.length, m.view.hand.length - 1 + (after.events.some((e) => e.event === 'drew' && e.seat === seat) ? 1 : 0));
  // Every refusal was logged by the table. The table's console and the raw
  // peer's inbox are two pages' events, in no order between them (issue
  // 54: 9 !== 10 on a loaded machine): wait for the table's warnings.
  const logged = () => table.warnings.filter((w) => w.includes('refused a message')).length;
  await eventually(`the table's ${refused} warnings of a refused message`, () => logged() >= refused, { timeout: 10000, saw: () => table.warnings });
  assert.equal(logged(), refused, table.warnings.join('\n'));
  // Play on until it is the raw seat's turn again: the table gives the
  // seat to a bot while the game waits for it (the bot must take that very
  // turn: no action count changes when a seat changes hands); the device
  // is told; the game goes on to its end.
  for (let i = 0; i < 2000 && (await latest()).view.current !== seat; i++) {
    const what = await whatNow(table);
    if (what !== 'wait') await step(table, undefined, what);
    else await table.waitForTimeout(10);
  }
  assert.equal((await latest()).view.current, seat, 'the raw seat is to act');
  await devicesDialog(table);
  await region.getByRole('button', { name: 'Give this seat to a bot' }).click();
  await waitUntil(raw, "the table's goodbye", () => window.inbox.some((m) => m.m.type === 'bye'));
  for (let i = 0; i < 20000 && (await whatNow(table)) !== 'over'; i++) {
    const what = await whatNow(table);
    if (what !== 'wait') await step(table, undefined, what);
    else await table.waitForTimeout(5);
  }
  assert.equal(await whatNow(table), 'over');
  assert.deepEqual(table.problems, []);
});

/// Init script: the first data channel of the device never delivers what
/// the app sends on it (its `send` does nothing), as when the connection
/// comes up, the channel is open at both ends and the hello is lost.
function firstChannelLost() {
  if (!window.RTCDataChannel) return;
  // The device's first channel, not each page's: leaving join.html for the
  // lobby loads the table's page (kept in the tab's sessionStorage).
  if (sessionStorage.getItem('mojo-test-lost')) return;
  const send = RTCDataChannel.prototype.send;
  let lost = null;
  RTCDataChannel.prototype.send = function (data) {
    if (!lost) {
      lost = this;
      sessionStorage.setItem('mojo-test-lost', '1');
    }
    if (lost !== this) return send.call(this, data);
  };
}

test('a connection whose hello never comes is given up after 15 s: the table says so, and its new invitation pairs the phone', async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const ben = await device('ben', { init: [firstChannelLost] });
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'person'],
    ['Ben', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  await ben.goto(url());
  const first = await invitation(table, 'Ben');
  await ben.getByRole('button', { name: 'Join a table' }).click();
  await ben.getByRole('textbox', { name: 'Invitation code' }).fill(first);
  await ben.getByRole('button', { name: 'Join', exact: true }).click();
  const reply = ben.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 20000 });
  const region = table.getByRole('region', { name: "Ben's device" });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(await reply.inputValue());
  const asked = Date.now();
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Connecting…').waitFor();
  // The connection itself comes up (the channel opens at both ends), but
  // no hello ever comes: after 15 s the table gives up and says so.
  await waitUntil(table, "a channel of the table's open", () => window.__channels?.some((c) => c.channel.readyState === 'open'), null, { timeout: 10000 });
  await region.getByText('The devices could not connect.', { exact: false }).waitFor({ timeout: 25000 });
  const waited = Date.now() - asked;
  assert.ok(waited >= 15000, `given up after ${waited} ms`);
  assert.equal(await region.getByText('Ben is connected.').count(), 0);
  assert.equal(await table.getByRole('button', { name: 'Start playing' }).isDisabled(), true);
  // A new invitation, and the old link closed.
  const second = await invitation(table, 'Ben');
  assert.notEqual(second, first);
  await waitUntil(table, "the table's first connection closed", () => window.__pcs[0].pc.connectionState === 'closed');
  // The person pairs again with it, and the game starts.
  await ben.getByRole('button', { name: 'Leave to the lobby' }).click();
  await pair(table, 'Ben', ben, { again: 0 });
  await table.getByRole('button', { name: 'Start playing' }).click();
  await table.getByRole('button', { name: 'Start playing' }).waitFor({ state: 'detached' });
  assert.deepEqual([...table.problems, ...ben.problems], []);
});

/// A picture of a QR code as a .y4m video (Chromium's fake camera): the
/// code's modules from its SVG path, black on white, in the middle of a
/// 640×480 frame.
async function y4m(table, name, file) {
  await y4mOf(table.getByRole('region', { name: `${name}'s device` }).locator('svg.qr'), file);
}

/// The QR code `svg` (a locator) as what a camera sees (see `y4m`). The
/// file is written over in place, at the same size: a camera already on
/// reads its frames from the file as it goes, and sees the new picture.
async function y4mOf(svg, file) {
  const qr = svg ? await svg.evaluate((el) => ({ d: el.querySelector('path').getAttribute('d'), size: Number(el.getAttribute('viewBox').split(' ')[2]) })) : null;
  const { d, size } = qr ?? { d: '', size: 1 };
  const [W, H] = [640, 480];
  const scale = Math.floor(440 / size);
  const x0 = Math.floor((W - size * scale) / 2);
  const y0 = Math.floor((H - size * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    const [x, yy, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let py = (yy * scale) + y0; py < (yy + 1) * scale + y0; py++) {
      y.fill(16, py * W + x * scale + x0, py * W + (x + w) * scale + x0);
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const bytes = Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
  const out = await open(file, existsSync(file) ? 'r+' : 'w');
  try {
    await out.write(bytes, 0, bytes.length, 0);
  } finally {
    await out.close();
  }
}

/// The devices dialog fits a tablet either way up: its Start playing (or
/// Close) in view, and the camera's picture of `region`, if given.
async function fits(table, region, what) {
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ]) {
    await table.setViewportSize({ width, height });
    const dialog = table.getByRole('dialog', { name: 'Players on their own devices' });
    const button = await dialog.getByRole('button', { name: /^(Start playing|Close)$/ }).boundingBox();
    assert.ok(button && button.y >= 0 && button.y + button.height <= height, `${what}, ${width}×${height}: the dialog's button in view: ${JSON.stringify(button)}`);
    if (region) {
      const video = await region.locator('video.scanner__video').boundingBox();
      assert.ok(video && video.y >= 0 && video.y + video.height <= height, `${what}, ${width}×${height}: the camera's picture in view: ${JSON.stringify(video)}`);
    }
    await table.screenshot({ path: join(artifacts, `devices-fit-${what.replaceAll(' ', '-')}-${width}x${height}.png`) });
  }
  await table.setViewportSize({ width: 1024, height: 768 });
}

test("a phone that lost its link is back in one tap, by camera on both sides, none on the table; a new phone for a held seat is told how to take it over, and the table offers Pair a different device right there", async () => {
  await mkdir(artifacts, { recursive: true });
  const [tableCam, phoneCam] = [join(artifacts, 'table-camera.y4m'), join(artifacts, 'phone-camera.y4m')];
  await y4mOf(null, tableCam);
  await y4mOf(null, phoneCam);
  const camera = (file) => ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
  const table = await device('table', { viewport: { width: 1024, height: 768 }, args: camera(tableCam) });
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'easy'],
    ['Ben', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  await invitation(table, 'Ben');
  await fits(table, null, 'pairing');
  const ben = await device('ben', { args: camera(phoneCam) });
  await ben.goto(url());
  await pair(table, 'Ben', ben);
  await table.getByRole('button', { name: 'Start playing' }).click();
  await ben.getByText('Keep Mojo open on this phone until the game ends.').waitFor();
  // Every tap on the table from here is counted: none is needed.
  await table.evaluate(() => {
    window.__taps = 0;
    document.addEventListener('click', () => window.__taps++, true);
  });
  // Ben's phone loses its link (the page reloaded): its first screen is
  // the way back, not the lobby.
  await ben.reload();
  const rejoin = ben.getByRole('button', { name: 'Rejoin as Ben' });
  await rejoin.waitFor({ timeout: 20000 });
  assert.equal(await ben.getByRole('button', { name: 'Start game' }).count(), 0, 'not the lobby');
  // The table, at Ben's turn, shows Ben's new invitation and reads the
  // replies by itself with its camera.
  const region = table.getByRole('region', { name: "Ben's device" });
  await region.locator('svg.qr').waitFor({ timeout: 30000 });
  await region.locator('video.scanner__video').waitFor();
  assert.equal(await region.getByRole('button', { name: 'Scan the reply' }).count(), 0, 'the camera is on already');
  await table.screenshot({ path: join(artifacts, 'devices-table-reads-by-itself.png') });
  await fits(table, region, 'the table reads by itself');
  // One tap on the phone: its camera reads the table's new invitation…
  await y4m(table, 'Ben', phoneCam);
  await ben.screenshot({ path: join(artifacts, 'devices-phone-rejoin.png') });
  await rejoin.click();
  const replyQr = ben.locator('svg.qr');
  await replyQr.waitFor({ timeout: 30000 });
  // …its reply is shown to the table's camera, and Ben plays on.
  await y4mOf(replyQr, tableCam);
  await ben.getByRole('group', { name: 'Your hand' }).or(ben.locator('.facedown, .summary')).first().waitFor({ timeout: 30000 });
  await table.getByRole('dialog', { name: 'Players on their own devices' }).waitFor({ state: 'detached', timeout: 20000 });
  assert.equal(await table.evaluate(() => window.__taps), 0, 'no tap on the table');
  await y4mOf(null, tableCam);
  // Another phone answers Ben's seat while Ben's old phone is away: it is
  // told how to take the seat over, and the table offers it right there.
  await ben.close();
  // (Ben's turn: the dialog comes up by itself.)
  await table.getByRole('dialog', { name: 'Players on their own devices' }).waitFor({ timeout: 30000 });
  const code = await invitation(table, 'Ben');
  const other = await device('ben-new');
  await region.getByRole('textbox', { name: 'Reply code' }).fill(await answer(other, code));
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText("Ben's seat is held by another device. If Ben has a new device, pair that one instead:").waitFor({ timeout: 20000 });
  await other.getByText('ask the table to tap “Pair a different device”', { exact: false }).waitFor({ timeout: 20000 });
  assert.equal(await region.getByRole('button', { name: 'Pair a different device' }).count(), 1, 'offered once, by the problem');
  await table.screenshot({ path: join(artifacts, 'devices-seat-held.png') });
  await other.screenshot({ path: join(artifacts, 'devices-phone-seat-held.png') });
  // The phone waits for a new invitation (its reply could not work)…
  await other.getByRole('textbox', { name: 'Invitation code' }).waitFor();
  // …which "Pair a different device" makes: the new phone takes the seat.
  await region.getByRole('button', { name: 'Pair a different device' }).click();
  await pair(table, 'Ben', other, { fresh: false });
  // On the phone, Ana's seat is labelled as a bot's.
  await other.locator('[data-seat="0"] .seat__level', { hasText: 'Bot' }).waitFor();
  assert.deepEqual([...table.problems, ...other.problems], []);
});

test("a phone pairs by reading the table's invitation QR code with its camera; a second answer to one invitation is refused", async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'easy'],
    ['Ben', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const code = await invitation(table, 'Ben');
  await mkdir(artifacts, { recursive: true });
  const file = join(artifacts, 'invitation.y4m');
  await y4m(table, 'Ben', file);
  const qr = await table.locator('svg.qr').getAttribute('data-version');
  console.log(`# devices-codes ${JSON.stringify({ invitation_chars: code.length, invitation_qr_version: Number(qr) })}`);
  const region = table.getByRole('region', { name: "Ben's device" });
  // Someone else answers the invitation first (a raw peer that then goes
  // away): the table takes that answer and tries to connect…
  const { page: first, reply: firstReply } = await rawPeer(code);
  await first.evaluate(() => window.pc.close());
  await region.getByRole('textbox', { name: 'Reply code' }).fill(firstReply);
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Connecting…').first().waitFor();
  // …so Ben's phone, reading the same invitation with its camera, is
  // refused: each invitation is answered once.
  const phone = await device('phone', {
    args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
  });
  await phone.goto(url());
  await phone.getByRole('button', { name: 'Join a table' }).click();
  await phone.getByRole('button', { name: 'Scan the invitation' }).click();
  // The camera reads the code and the phone answers it at once.
  const reply = phone.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 30000 });
  const replyQr = await phone.locator('svg.qr').getAttribute('data-version');
  const replyCode = await reply.inputValue();
  console.log(`# devices-codes ${JSON.stringify({ reply_chars: replyCode.length, reply_qr_version: Number(replyQr) })}`);
  assert.equal(readReply(replyCode).tag, tagOf(readInvitation(code).peer), 'the phone answered this invitation');
  await region.getByRole('textbox', { name: 'Reply code' }).fill(replyCode);
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('This invitation was already answered.').waitFor();
  // A new invitation, by text this time, and Ben plays.
  await region.getByRole('button', { name: 'New invitation' }).click();
  await phone.getByRole('button', { name: 'Leave to the lobby' }).click();
  await pair(table, 'Ben', phone);
  await table.getByRole('button', { name: 'Start playing' }).click();
  await phone.getByRole('group', { name: 'Your hand' }).or(phone.locator('.table')).first().waitFor();
  assert.deepEqual([...table.problems, ...phone.problems], []);
});

test('a browser without WebRTC says plainly that it cannot connect devices; the rest of the game is unchanged', async () => {
  const page = await device('old', {
    viewport: { width: 1024, height: 768 },
    init: [() => { delete window.RTCPeerConnection; }],
  });
  await page.goto(url());
  const option = page.locator('#seat-kind-1 option[value="remote"]');
  assert.equal(await option.isDisabled(), true);
  assert.match(await option.textContent(), /This browser cannot connect devices/);
  await page.getByRole('button', { name: 'Join a table' }).click();
  await page.getByText('This browser cannot connect devices. Everything else in the game works as usual.').waitFor();
  await page.getByRole('button', { name: 'Leave to the lobby' }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('group', { name: 'Your hand' }).waitFor();
  assert.deepEqual(page.problems, []);
});

test('a phone takes back its own card, and only its own; neither the table nor the other phone offers it; every phone is told; phones wait for the table to start', async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const ben = await device('ben');
  const cy = await device('cy');
  // Normal speed: bots wait two seconds after a card that may be taken back.
  await table.goto(`${env.server.url}?lang=en`);
  await lobby(table, [
    ['Bot', 'easy'],
    ['Ben', 'remote'],
    ['Cy', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  await ben.goto(url());
  await cy.goto(url());
  await pair(table, 'Ben', ben);
  await pair(table, 'Cy', cy);
  // Paired, the phones wait for the table (no move is offered yet).
  for (const p of [ben, cy]) {
    await p.locator('.status', { hasText: 'Waiting for the table to start playing' }).waitFor();
    assert.equal(await p.locator('[role="group"][aria-label="Your hand"] button:not([disabled])').count(), 0);
  }
  await table.getByRole('button', { name: 'Start playing' }).click();
  for (const p of [ben, cy]) {
    await waitUntil(p, 'the phone to stop waiting for the table', () => !document.querySelector('.status')?.textContent.startsWith('Waiting for the table'));
  }
  const handOf = (page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('[role="group"][aria-label="Your hand"] button')].map((b) => ({
        name: b.getAttribute('aria-label'),
        hint: b.getAttribute('aria-description'),
        enabled: !b.disabled,
      })),
    );
  for (let i = 0; i < 3000; i++) {
    assert.notEqual(await whatNow(table), 'over');
    const what = await whatNow(ben);
    const lower = what === 'play' ? (await handOf(ben)).find((c) => c.enabled && c.hint === 'ends your turn') : null;
    if (lower) {
      const before = await handOf(ben);
      await ben.getByRole('group', { name: 'Your hand' }).getByRole('button', { name: lower.name, exact: true }).first().click();
      await ben.getByRole('button', { name: 'Take back' }).waitFor();
      assert.equal(await cy.getByRole('button', { name: 'Take back' }).count(), 0, "not on Cy's phone");
      assert.equal(await table.getByRole('button', { name: 'Take back' }).count(), 0, 'not on the table');
      await ben.getByRole('button', { name: 'Take back' }).click();
      await ben.getByRole('button', { name: 'Take back' }).waitFor({ state: 'detached' });
      await waitUntil(ben, "Ben's hand back to its cards", (n) => document.querySelectorAll('[role="group"][aria-label="Your hand"] button').length === n, before.length);
      assert.deepEqual(await handOf(ben), before, 'the card is back in Ben\'s hand');
      // Every phone is told.
      await cy.locator('.took-back', { hasText: `Ben took back ${lower.name}` }).waitFor();
      await ben.locator('.took-back', { hasText: `Ben took back ${lower.name}` }).waitFor();
      await cy.screenshot({ path: join(artifacts, 'devices-took-back.png') });
      assert.deepEqual([...table.problems, ...ben.problems, ...cy.problems], []);
      return;
    }
    for (const page of [table, ben, cy]) {
      const w = await whatNow(page);
      if (w !== 'wait' && w !== 'over') await step(page, undefined, w);
    }
    await table.waitForTimeout(10);
  }
  throw new Error('Ben never had a card that ends his turn');
});

test('another tab of the table device leaves a game with players on their own devices to its table; the table itself reloads into it', async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'person'],
    ['Ben', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  await invitation(table, 'Ben');
  // A second tab of the same browser: the saved game is the first tab's.
  const other = await table.context().newPage();
  other.problems = [];
  other.on('pageerror', (e) => other.problems.push(e.message));
  await other.goto(url());
  await other.getByText('is open in another tab of this browser').waitFor();
  await other.getByRole('button', { name: 'Start game' }).waitFor();
  assert.equal(await other.getByRole('button', { name: 'Continue' }).count(), 0, 'not offered here');
  assert.equal(await other.getByRole('dialog', { name: 'Players on their own devices' }).count(), 0);
  // The table keeps its save (the other tab did not forget it), and a
  // reload of the table itself takes the game back with new invitations.
  const saved = await table.evaluate(() => JSON.parse(localStorage.getItem('mojo.game')).game.seats[1]);
  assert.deepEqual(saved, { name: 'Ben', bot: null, remote: true });
  await other.close();
  await table.reload();
  await invitation(table, 'Ben');
  assert.deepEqual([...table.problems, ...other.problems], []);
});


// Another engine as a phone: Firefox (geckodriver), holding one seat of a
// table in Chromium. (Debian's WebKitGTK has no WebRTC.)
test("a Firefox phone is told what happens and comes back in one tap: it asks to keep Mojo open, names another phone's drop, and after a reload offers 'Rejoin as Fay' first; the typed path takes the seat back", async () => {
  const ffServer = await serve('/games/mojo/', { init: initScript() });
  const driver = await startDriver('firefox');
  let phone;
  try {
    const at = `${ffServer.url}?lang=en&speed=instant`;
    const table = await device('table', { viewport: { width: 1024, height: 768 } });
    await table.goto(at);
    await lobby(table, [
      ['Ana', 'easy'],
      ['Fay', 'remote'],
      ['Gus', 'remote'],
    ]);
    await table.getByRole('button', { name: 'Start game' }).click();
    const gus = await device('gus');
    await gus.goto(at);
    await pair(table, 'Gus', gus);
    phone = await AppPage.open({ driver, server: ffServer }, at, { width: 390, height: 844 });
    await phone.ready();
    assert.match(await phone.eval(() => navigator.userAgent), /Firefox\//);
    await pairWebDriver(table, phone, 'Fay', { fromLobby: true });
    await phone.waitFor(() => !!document.querySelector('.table'), undefined, { timeout: 30000, what: "Fay's seat" });
    const says = (text, timeout) => phone.waitFor((t) => document.body.innerText.includes(t), text, { timeout, what: text });
    // Until Start playing, the phone says that it waits for the table.
    await says('Waiting for the table to start playing', 10000);
    await table.getByRole('button', { name: 'Start playing' }).click();
    await says('Keep Mojo open on this phone until the game ends.', 20000);
    // Gus's phone goes away: Fay's phone names it and marks Gus's seat.
    await gus.close();
    await says("Gus's phone lost the connection.", 30000);
    assert.ok(await phone.eval(() => !!document.querySelector('[data-seat="2"] .seat__offline')), "Gus's seat marked on Fay's phone");
    await phone.screenshot('firefox-phone-names-a-drop');
    // Fay's phone reloads: its first screen is the way back to its seat.
    await phone.reload();
    await phone.waitForRole('button', 'Rejoin as Fay', { timeout: 20000 });
    assert.equal(await phone.count('button', 'Start game'), 0, 'not the lobby');
    await phone.screenshot('firefox-phone-rejoin');
    // The typed path takes the seat back (this table has no camera).
    await pairWebDriver(table, phone, 'Fay', { fromLobby: false });
    await phone.waitFor(() => !!document.querySelector('.table'), undefined, { timeout: 30000, what: "Fay's seat" });
    await phone.expectNoProblems();
    assert.deepEqual(table.problems, []);
  } finally {
    await phone?.close().catch(() => {});
    await driver.stop();
    await ffServer.close();
  }
});

test('a Chromium table and a Firefox phone play a whole game; the phone receives only its own seat\'s cards', async () => {
  // The Firefox page records its channels as the Chromium pages do; the
  // script comes from the server, as WebDriver has no init scripts.
  const ffServer = await serve('/games/mojo/', {
    init: initScript({ extra: `if (/Firefox/.test(navigator.userAgent)) (${recordChannels})();` }),
  });
  const driver = await startDriver('firefox');
  let phone;
  try {
    const at = `${ffServer.url}?lang=en&speed=instant`;
    const table = await device('table', { viewport: { width: 1024, height: 768 } });
    await table.goto(at);
    await lobby(table, [
      ['Bot', 'medium'],
      ['Fay', 'remote'],
      ['Bot 2', 'easy'],
    ]);
    await table.getByRole('button', { name: 'Start game' }).click();
    phone = await AppPage.open({ driver, server: ffServer }, at, { width: 390, height: 844 });
    await phone.ready();
    assert.match(await phone.eval(() => navigator.userAgent), /Firefox\//);
    // Pairing by the text codes, copied from one screen to the other.
    const region = await pairWebDriver(table, phone, 'Fay', { fromLobby: true });
    await region.getByText('Fay is connected.').waitFor({ timeout: 30000 });
    await table.getByRole('button', { name: 'Start playing' }).click();
    await phone.waitForRole('group', 'Your hand', { timeout: 20000 });
    // Firefox shows the cards of its seat's view, as the table sent it.
    const first = await phone.eval(() => ({
      shown: document.querySelectorAll('[role="group"][aria-label="Your hand"] button').length,
      view: JSON.parse(window.__got.filter((g) => g.data.includes('"view"')).at(-1).data).m.view.hand.length,
    }));
    assert.ok(first.shown > 0 && first.shown === first.view, `the phone's first hand: ${JSON.stringify(first)}`);
    // Both play to the end: the table's bots, Firefox by taps.
    // After each of its taps, the phone's page has had no error (an error
    // thrown in the app's code stops its rendering for good).
    const tap = async (choose, what) => {
      await phone.step(choose, what);
      assert.equal(await phone.eval(() => sessionStorage.getItem('e2e.problems')), null, "the phone's page errors");
    };
    const hand = { wd: { step: tap }, evaluate: (fn, arg) => phone.eval(fn, arg) };
    assert.equal(await playAll(table, [hand], { maxSteps: 4000 }), 'over');
    await phone.waitForRole('button', 'Leave the table', { timeout: 20000 });
    const got = await phone.eval(() => window.__got);
    const sent = await phone.eval(() => window.__sent.filter((s) => s.data.includes('"type":"act"')).length);
    const views = checkMessages(got, 1, 'firefox');
    // Every card the phone played or revealed came back in an update as
    // its own seat's move: as many as the actions it sent. (Not a fixed
    // count: a whole game to 50 is as long as its deal; one CI run had
    // Fay send 10 and failed the bound "more than 10" this replaced.)
    const moves = got
      .map(({ data }) => JSON.parse(data).m)
      .filter((m) => m.type === 'update')
      .flatMap((m) => m.events)
      .filter((e) => (e.event === 'played' || e.event === 'revealed') && e.seat === 1).length;
    assert.ok(views > 20 && sent > 0, `views ${views}, actions sent ${sent}`);
    assert.equal(moves, sent, `the phone's moves in the table's updates (${moves}) against its actions sent (${sent})`);
    assert.deepEqual(table.problems, []);
    assert.deepEqual(table.warnings.filter((w) => w.includes('refused')), []);
    await phone.expectNoProblems();
  } finally {
    await phone?.close().catch(() => {});
    await driver.stop();
    await ffServer.close();
  }
});

test("a reply pasted under the wrong seat is taken for its own seat and the table says so; a cut-off reply says it is cut off; a reply inside a message is found; a phone's menu has no bot speed, leaving asks first, and its round summary says the table deals; a phone gone is marked on the table and named on the other phone", async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'easy'],
    ['Ben', 'remote'],
    ['Cy', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const code = await invitation(table, 'Cy');
  const phone = await device('cy');
  const reply = await answer(phone, code);
  const ben = table.getByRole('region', { name: "Ben's device" });
  const cy = table.getByRole('region', { name: "Cy's device" });
  // A copy that lost its end, under Ben's seat.
  await ben.getByRole('textbox', { name: 'Reply code' }).fill(reply.slice(0, reply.length - 12));
  await ben.getByRole('button', { name: 'Connect' }).click();
  await ben.getByText('The code is cut off: its end is missing.', { exact: false }).waitFor();
  // Cy's reply as a message would carry it, still under Ben's seat: it is
  // Cy's, and Cy connects.
  await ben.getByRole('textbox', { name: 'Reply code' }).fill(`Cy's reply:\n${reply}\nsee you soon!`);
  await ben.getByRole('button', { name: 'Connect' }).click();
  await ben.getByText("This reply answers Cy's invitation: it was taken for Cy's seat.").waitFor();
  await cy.getByText('Cy is connected.').waitFor({ timeout: 20000 });
  await table.screenshot({ path: join(artifacts, 'devices-reply-taken-for-its-seat.png') });
  // Ben pairs as usual, and play starts.
  const benPhone = await device('ben');
  await benPhone.goto(url());
  await pair(table, 'Ben', benPhone);
  await table.getByRole('button', { name: 'Start playing' }).click();
  for (const p of [phone, benPhone]) {
    await p.getByRole('group', { name: 'Your hand' }).or(p.locator('.table')).first().waitFor();
  }
  // The phone's menu: only what a phone can change (the bots' speed is
  // the table's), and leaving the table asks first.
  await phone.getByRole('button', { name: 'Menu' }).click();
  // (Named as its button is: issue 34.)
  const menu = phone.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  assert.equal(await menu.getByRole('group', { name: 'Speed' }).count(), 0, 'no bot speed on a phone');
  await menu.getByRole('button', { name: 'Leave the table' }).click();
  const ask = phone.getByRole('alertdialog', { name: 'Leave the table?' });
  await ask.waitFor();
  await phone.screenshot({ path: join(artifacts, 'devices-phone-leave-asks.png') });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await phone.locator('.table').waitFor();
  assert.equal(await phone.getByRole('button', { name: 'Join a table' }).count(), 0, 'still at the table');
  // The round's end on a phone: the table deals the next one.
  assert.equal(
    await playAll(table, [phone, benPhone], { until: async () => (await whatNow(table)) === 'next' }),
    'stopped',
  );
  await phone.getByText('The table deals the next round.').waitFor();
  assert.equal(await table.locator('.seat__offline').count(), 0, 'both phones connected');
  // Cy's phone goes away: the table marks Cy's seat.
  const problems = [...table.problems, ...phone.problems, ...benPhone.problems];
  await phone.close();
  await table.locator('[data-seat="2"] .seat__offline', { hasText: 'Phone not connected' }).waitFor({ state: 'attached', timeout: 20000 });
  assert.equal(await table.locator('[data-seat="1"] .seat__offline').count(), 0, "Ben's phone is still there");
  // …and Ben's phone names it and marks Cy's seat too.
  await benPhone.getByText("Cy's phone lost the connection.").waitFor({ timeout: 20000 });
  await benPhone.locator('[data-seat="2"] .seat__offline', { hasText: 'Phone not connected' }).waitFor({ state: 'attached' });
  assert.equal(await benPhone.locator('[data-seat="1"] .seat__offline').count(), 0, 'not its own seat');
  // The round is over on Ben's phone: its summary, on top, says it.
  assert.ok(await benPhone.locator('.summary__lost').isVisible(), 'said in the round summary, which covers the table');
  await benPhone.screenshot({ path: join(artifacts, 'devices-phone-names-a-drop.png') });
  assert.deepEqual(problems, []);
});

test('without a camera, both screens say so and show their code large in groups with check characters; a reply typed with a wrong group names it, and once fixed the phone connects', async () => {
  // No camera API on either device (as on a plain-http network address).
  const noCamera = () => {
    delete Navigator.prototype.mediaDevices;
  };
  const table = await device('table', { viewport: { width: 1024, height: 768 }, init: [noCamera] });
  const ben = await device('ben', { init: [noCamera] });
  await table.goto(url());
  await lobby(table, [
    ['Ana', 'person'],
    ['Ben', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const dialog = await devicesDialog(table);
  await dialog.getByText('No camera here: it needs a secure https page and your permission.').waitFor();
  const region = table.getByRole('region', { name: "Ben's device" });
  assert.equal(await region.getByRole('button', { name: 'Scan the reply' }).count(), 0, 'no camera, no scan button');
  await region.getByText('Ben: type this code on your device, group by group').waitFor();
  const code = await invitation(table, 'Ben');
  // The invitation in groups of 4 and a check character, shown open.
  const groups = region.getByRole('list', { name: 'Code to type' });
  await groups.waitFor();
  const invitationGroups = await groups.locator('.typed__g').allTextContents();
  assert.equal(invitationGroups.length, Math.ceil(code.length / 4));
  assert.equal(invitationGroups.map((g) => g.slice(0, -1)).join(''), code, 'the groups are the code, each with one check character');
  assert.equal(await groups.locator('li').nth(6).locator('.typed__n').textContent(), '7', 'each group shows its number');

  // The phone says so too, and the invitation is typed there, group by group.
  await ben.goto(url());
  await ben.getByRole('button', { name: 'Join a table' }).click();
  await ben.getByText('No camera here: it needs a secure https page and your permission.').waitFor();
  assert.equal(await ben.getByRole('button', { name: 'Scan the invitation' }).count(), 0);
  await ben.getByText("Type the table's invitation here, group by group").waitFor();
  await ben.getByRole('textbox', { name: 'Invitation code' }).pressSequentially(invitationGroups.join(' ').toLowerCase());
  await ben.getByRole('button', { name: 'Join' }).click();
  const reply = ben.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 20000 });
  const replyGroups = await ben
    .getByRole('list', { name: 'Code to type' })
    .locator('.typed__g')
    .allTextContents();
  assert.equal(replyGroups.map((g) => g.slice(0, -1)).join(''), await reply.inputValue());
  await ben.getByText('Type this reply on the table, group by group').waitFor();

  await mkdir(artifacts, { recursive: true });
  await ben.screenshot({ path: join(artifacts, 'devices-no-camera-phone.png'), fullPage: true });
  // The groups and the notes pass axe (contrast on the felt and the paper).
  for (const page of [ben, table]) assert.deepEqual(await axeOn(page, ['.typed', '[role="note"]']), [], page.device);
  // The reply typed on the table with a slip in group 7: that group is named.
  const slip = [...replyGroups];
  slip[6] = slip[6][0] + (slip[6][1] === 'Q' ? 'R' : 'Q') + slip[6].slice(2);
  const box = region.getByRole('textbox', { name: 'Reply code' });
  await box.pressSequentially(slip.join(' '));
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Group 7 is wrong: check it.').waitFor();
  await table.screenshot({ path: join(artifacts, 'devices-no-camera-table.png'), fullPage: true });
  // Fixed, it connects.
  await box.fill(replyGroups.join(' '));
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Ben is connected.').waitFor({ timeout: 20000 });
  await table.getByRole('button', { name: 'Start playing' }).click();
  await ben.getByRole('group', { name: 'Your hand' }).or(ben.locator('.facedown')).first().waitFor({ timeout: 20000 });
  assert.deepEqual([...table.problems, ...ben.problems], []);
});

test('a phone whose camera is refused says so and offers the typed path', async () => {
  const ben = await device('ben', {
    init: [
      () => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      },
    ],
  });
  await ben.goto(url());
  await ben.getByRole('button', { name: 'Join a table' }).click();
  assert.equal(await ben.getByText('No camera here').count(), 0, 'a camera API: the camera is offered first');
  await ben.getByRole('button', { name: 'Scan the invitation' }).click();
  await ben.getByText('The camera cannot be used here').waitFor();
  await ben.getByText('No camera here: it needs a secure https page and your permission.').waitFor();
  await ben.getByText("Type the table's invitation here, group by group").waitFor();
  assert.equal(await ben.getByRole('button', { name: 'Scan the invitation' }).count(), 0, 'not offered again');
  assert.deepEqual(ben.problems, []);
});

test('a Chromium table and a Firefox phone without cameras pair by typing the codes in groups; a slip on the phone names its group', async () => {
  const noCamera = () => {
    delete Navigator.prototype.mediaDevices;
  };
  const ffServer = await serve('/games/mojo/', { init: initScript({ extra: `(${noCamera})();` }) });
  const driver = await startDriver('firefox');
  let phone;
  try {
    const at = `${ffServer.url}?lang=en&speed=instant`;
    const table = await device('table', { viewport: { width: 1024, height: 768 }, init: [noCamera] });
    await table.goto(at);
    await lobby(table, [
      ['Ana', 'person'],
      ['Fay', 'remote'],
    ]);
    await table.getByRole('button', { name: 'Start game' }).click();
    await invitation(table, 'Fay');
    const region = table.getByRole('region', { name: "Fay's device" });
    const groups = await region.getByRole('list', { name: 'Code to type' }).locator('.typed__g').allTextContents();
    phone = await AppPage.open({ driver, server: ffServer }, at, { width: 390, height: 844 });
    await phone.ready();
    await phone.clickRole('button', 'Join a table');
    await phone.waitFor(() => document.body.textContent.includes('No camera here'), undefined, { what: 'the no-camera note' });
    assert.equal(await phone.count('button', 'Scan the invitation'), 0);
    // A slip in group 3, typed by keys: named; fixed: the phone answers.
    const slip = [...groups];
    slip[2] = (slip[2][0] === 'Q' ? 'R' : 'Q') + slip[2].slice(1);
    await phone.fill('#join-invitation', slip.join(' '));
    await phone.clickRole('button', 'Join');
    await phone.waitFor(() => document.body.textContent.includes('Group 3 is wrong: check it.'), undefined, { what: 'group 3 named' });
    await phone.fill('#join-invitation', groups.join(' '));
    await phone.clickRole('button', 'Join');
    const reply = await phone.waitFor(
      () => [...document.querySelectorAll('.typed__g')].map((g) => g.textContent).join(' ') || null,
      undefined,
      { timeout: 20000, what: "the phone's reply in groups" },
    );
    await phone.screenshot('devices-no-camera-firefox-phone');
    await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
    await region.getByRole('button', { name: 'Connect' }).click();
    await region.getByText('Fay is connected.').waitFor({ timeout: 30000 });
    await table.getByRole('button', { name: 'Start playing' }).click();
    await phone.waitFor(() => !!document.querySelector('[aria-label="Your hand"], .facedown'), undefined, { timeout: 20000, what: "Fay's hand" });
    assert.deepEqual(table.problems, []);
    await phone.expectNoProblems();
  } finally {
    await phone?.close().catch(() => {});
    await driver.stop();
    await ffServer.close();
  }
});

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/// axe's serious and critical violations in the elements of `selectors`.
async function axeOn(page, selectors) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    const r = await window.axe.run({ include: include.filter((s) => document.querySelector(s)) }, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, selectors);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
