// End-to-end, issue 35 (play across the internet), its first part on one
// network: the site's list of ICE servers (`network.json`) and the
// family's own relay from the Menu. The list is fetched when pairing
// starts, not at page start; a mistake in it is said where the devices
// pair, and they still pair; the relay is saved as three fields, travels
// in the invitation, and both devices make their connections with it.
// (Across real routers: the network lab, a later part of the issue.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDevices } from './devices-kit.mjs';
import { readInvitation } from './pairing.mjs';
import { saveScreenshot, eventually } from './harness.mjs';
import { reduceMotion } from './webdriver.mjs';

// Not about the animations: as a player who turned them off (issue 54).
reduceMotion();

const { url, device, lobby, devicesDialog, invitation, answer, pair } = useDevices();

/// Records the ICE servers each RTCPeerConnection is made with.
function recordConfigs() {
  window.__configs = [];
  const Peer = window.RTCPeerConnection;
  if (!Peer) return;
  window.RTCPeerConnection = class extends Peer {
    constructor(config, ...rest) {
      window.__configs.push(JSON.parse(JSON.stringify(config?.iceServers ?? [])));
      super(config, ...rest);
    }
  };
}

/// Serves `network.json` to `page` as `answer` says ({ status, body }),
/// counting the requests. (Service workers are blocked in these devices,
/// so that every request reaches the route.)
async function serveNetwork(page, answer) {
  const asked = { count: 0 };
  await page.route('**/network.json', (route) => {
    asked.count++;
    const { status = 200, body = '' } = answer();
    return route.fulfill({ status, contentType: 'application/json', body });
  });
  return asked;
}

const relay = { url: 'turn:192.0.2.1:3478', username: 'ann', password: 'a password' };

/// The table's game started, `host` playing on it and Ben on his own
/// device (the devices dialog then shows Ben's invitation).
async function startGame(table, host) {
  await table.goto(url());
  await lobby(table, [
    [host, 'person'],
    ['Ben', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
}

test("the site's list is fetched as pairing starts, its mistake is said and play on one network still pairs; the Menu's relay travels in the invitation", async () => {
  const options = { init: [recordConfigs], context: { serviceWorkers: 'block' } };
  const table = await device('table', { ...options, viewport: { width: 1024, height: 768 } });
  const ben = await device('ben', options);
  const tableAsked = await serveNetwork(table, () => ({ body: '{"iceServers": [{"urls": "stun:192.0.2.2:3478"}, {"urls": "http://b.example"}]}' }));
  const benAsked = await serveNetwork(ben, () => ({ body: '{"iceServers": [{"urls": "stun:192.0.2.3:3478"}]}' }));
  await table.goto(url());
  await table.locator('.lobby').waitFor();
  await table.waitForTimeout(1000);
  assert.equal(tableAsked.count, 0, 'nothing fetched at page start');

  // The relay, in the Menu (the lobby's Settings): refused while it is not
  // a server, then saved.
  await table.getByRole('button', { name: 'Settings' }).click();
  const menu = table.getByRole('dialog', { name: 'Settings' });
  await menu.getByRole('heading', { name: 'Playing across the internet' }).waitFor();
  await menu.getByLabel('Relay address (turn:…)').fill('https://relay.example');
  await menu.getByRole('button', { name: 'Save relay' }).click();
  await menu.getByText('The address must begin with turn:, turns: or stun:.').waitFor();
  await menu.getByLabel('Relay address (turn:…)').fill(relay.url);
  await menu.getByRole('button', { name: 'Save relay' }).click();
  await menu.getByText('A TURN relay needs a user name and a password.').waitFor();
  await menu.getByLabel('User name').fill(relay.username);
  await menu.getByLabel('Password').fill(relay.password);
  await menu.getByRole('button', { name: 'Save relay' }).click();
  await menu.getByText('Relay saved: new invitations use it.').waitFor();
  await saveScreenshot(table, 'across-menu-relay');
  // Kept as three fields, and shown again after a reload.
  const stored = await table.evaluate(() => JSON.parse(localStorage.getItem('mojo.settings')).relays);
  assert.deepEqual(stored, [relay]);
  await table.reload();
  await table.getByRole('button', { name: 'Settings' }).click();
  assert.equal(await menu.getByLabel('Relay address (turn:…)').inputValue(), relay.url);
  assert.equal(await menu.getByLabel('Password').inputValue(), relay.password);
  await menu.getByRole('button', { name: 'Close' }).click();
  assert.equal(tableAsked.count, 0, 'nothing fetched before pairing');

  await lobby(table, [
    ['Ana', 'person'],
    ['Ben', 'remote'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const dialog = await devicesDialog(table);
  const code = await invitation(table, 'Ben');
  assert.ok(tableAsked.count >= 1, 'fetched as the invitation was made');
  // The mistake, named for whoever deployed the site.
  await dialog
    .getByText("This site's list of connection servers (network.json) has a mistake, so it is not used: server 2 of iceServers: `http://b.example` is not a stun:, turn: or turns: URL. Play on one network still works.")
    .waitFor();
  await saveScreenshot(table, 'across-network-mistake');
  // The relay is in the invitation; the table's connection uses it, and
  // nothing of the malformed list.
  assert.deepEqual(readInvitation(code).relay, relay);
  const tableConfigs = await table.evaluate(() => window.__configs);
  assert.deepEqual(tableConfigs.at(-1), [{ urls: [relay.url], username: relay.username, credential: relay.password }]);

  // The phone (its site's list is right): its connection uses that list
  // and the relay the invitation brought; the two still pair on one
  // network.
  await ben.goto(url());
  await pair(table, 'Ben', ben);
  assert.ok(benAsked.count >= 1);
  const benConfigs = await ben.evaluate(() => window.__configs);
  assert.deepEqual(benConfigs.at(-1), [
    { urls: ['stun:192.0.2.3:3478'] },
    { urls: [relay.url], username: relay.username, credential: relay.password },
  ]);
  assert.equal(await ben.getByText('network.json').count(), 0, "no word of a list that is right");
  assert.deepEqual([...table.problems, ...ben.problems], []);
});

/// A share sheet, as Linux browsers have none: what it was given.
function stubShare() {
  window.__shared = [];
  navigator.share = async (data) => {
    window.__shared.push(data);
  };
}

test("a reply sent back as a link: the phone shares it (or copies it); opened beside the table it goes to the table's tab, which connects; opened where no table is, it shows the code to scan or paste", async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const ben = await device('ben', { init: [stubShare] });
  await startGame(table, 'Ana');
  const code = await invitation(table, 'Ben');
  const reply = await answer(ben, code);
  // The share sheet, with the link.
  await ben.getByText('Far away? Send this reply back as a link').waitFor();
  await ben.getByRole('button', { name: 'Send the reply back' }).click();
  const shared = await ben.evaluate(() => window.__shared);
  assert.equal(shared.length, 1);
  const link = shared[0].text;
  assert.equal(link, `${new URL(url()).origin}/games/mojo/#reply=${reply}`);
  await saveScreenshot(ben, 'across-reply-link-phone');

  // Without a share sheet, Copy (a phone of its own, not paired).
  const noShare = await device('nos');
  await answer(noShare, code);
  assert.equal(await noShare.getByRole('button', { name: 'Send the reply back' }).count(), 0);
  await noShare.getByRole('button', { name: 'Copy the reply link' }).click();
  await noShare.locator('.copied').filter({ hasText: /./ }).first().waitFor();
  assert.match(await noShare.getByRole('textbox', { name: 'Copy the reply link' }).inputValue(), /\/games\/mojo\/#reply=/);

  // Where no table is open (another browser): the code, to scan or paste.
  const elsewhere = await device('elsewhere');
  await elsewhere.goto(link);
  await elsewhere.getByRole('heading', { name: 'A reply for your table' }).waitFor();
  await elsewhere.getByText('No table is open in this browser.').waitFor({ timeout: 10000 });
  assert.equal(await elsewhere.getByRole('textbox', { name: 'Reply code' }).inputValue(), reply);
  await elsewhere.locator('svg.qr').waitFor();
  assert.equal(await elsewhere.locator('.lobby, .table').count(), 0, 'no lobby or table in that tab');
  await saveScreenshot(elsewhere, 'across-reply-link-no-table');

  // Beside the table (a new tab of its browser, as a messenger opens
  // it): handed to the table's tab, which connects; no second table.
  const tab = await table.context().newPage();
  await tab.goto(link);
  await tab.getByText("Ben's reply went to your table, in its own tab").waitFor({ timeout: 10000 });
  assert.equal(await tab.locator('.lobby, .table').count(), 0, 'no lobby or table in the reply tab');
  assert.equal(new URL(tab.url()).hash, '', 'the reply is taken out of the address');
  await saveScreenshot(tab, 'across-reply-link-taken');
  const region = table.getByRole('region', { name: "Ben's device" });
  await region
    .getByText('Ben is connected.')
    .waitFor({ timeout: 30000 })
    .catch(async (e) => {
      const states = async () => (window.__pcs ?? []).map((p) => p.states);
      throw new Error(
        `${e.message}\nthe table: ${await region.innerText()}\nits connections: ${JSON.stringify(await table.evaluate(states))}\nBen: ${JSON.stringify(await ben.evaluate(states))}`,
      );
    });
  // The phone sits at the table.
  await ben.getByText(/the table/).first().waitFor();
  await tab.close();
});

/// `code` as some link handlers rewrite it: every character but letters
/// and digits percent-encoded (`+` as `%2B`, `:` as `%3A`, `$` as `%24`).
const percentEncoded = (code) => [...code].map((c) => (/[A-Z0-9]/.test(c) ? c : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)).join('');

test('a second invitation link opened in the tab already open (only its fragment changes) fills the box, Join leads and the reply link comes first, and the phone connects with it', async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const ben = await device('ben');
  await startGame(table, 'Ana');
  const code = await invitation(table, 'Ben');
  const phonePage = `${url().replace('?', 'join.html?')}`;
  // The first link: an invitation that no longer works.
  await ben.goto(`${phonePage}#join=KT47MRIW`);
  const box = ben.getByRole('textbox', { name: 'Invitation code' });
  await eventually('the first link in the box', async () => (await box.inputValue()) === 'KT47MRIW', { saw: () => box.inputValue() });
  // The second, in the same tab, as a messenger that percent-encodes.
  await ben.goto(`${phonePage}#join=${percentEncoded(code)}`);
  await eventually('the second link in the box', async () => (await box.inputValue()) === code, { saw: () => box.inputValue() });
  assert.equal(new URL(ben.url()).hash, '', 'the link is taken out of the address');
  // Come by a link, the link's way leads (issue 56): "Join" is the big
  // button, and the reply's link comes first, above its QR code.
  const join = ben.getByRole('button', { name: 'Join', exact: true });
  assert.match(await join.getAttribute('class'), /button--primary button--large/);
  await join.click();
  const reply = ben.getByRole('textbox', { name: 'Reply code' });
  await reply.waitFor({ timeout: 20000 });
  const replyLink = ben.getByRole('textbox', { name: 'Copy the reply link' });
  const qr = ben.locator('.join__reply svg.qr');
  await qr.waitFor();
  assert.ok((await replyLink.boundingBox()).y < (await qr.boundingBox()).y, 'the reply link above the QR code');
  await saveScreenshot(ben, 'across-linked-reply');
  const region = table.getByRole('region', { name: "Ben's device" });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(await reply.inputValue());
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Ben is connected.').waitFor({ timeout: 30000 });
});

test('a seat said to be far away in the lobby: its invitation leads with the link, and once its phone is paired the one person here sees her hand without a cover', async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const gran = await device('gran');
  await table.goto(url());
  await lobby(table, [
    ['Mum', 'person'],
    ['Gran', 'far'],
    ['Bot', 'easy'],
  ]);
  assert.equal(await table.locator('#seat-kind-1 option:checked').innerText(), 'Far device');
  await table.getByRole('button', { name: 'Start game' }).click();
  const region = table.getByRole('region', { name: "Gran's device" });
  const link = region.getByRole('textbox', { name: 'Copy the invitation link' });
  await link.waitFor({ timeout: 20000 });
  await region.locator('svg.qr').waitFor();
  assert.ok((await link.boundingBox()).y < (await region.locator('svg.qr').boundingBox()).y, 'the link above the QR code');
  await saveScreenshot(table, 'across-far-seat-invitation');
  await gran.goto(url());
  await pair(table, 'Gran', gran);
  await table.getByRole('button', { name: 'Start playing' }).click();
  // Mum starts: her hand shows without "Show my cards" (every turn's is
  // the native tests', src/session.rs).
  await table.getByRole('group', { name: 'Your hand' }).waitFor();
  assert.equal(await table.locator('.handoff').count(), 0, 'no cover at the table');
  assert.equal(await table.getByRole('button', { name: 'Show my cards' }).count(), 0);
  await saveScreenshot(table, 'across-far-seat-no-cover');
});

test("an invitation's time is written as the device writes the time: 7:42 PM on a 12-hour device, 19:42 on a 24-hour one", async () => {
  const start = new Date('2026-12-05T19:32:00Z');
  for (const [locale, until] of [
    ['en-US', '7:42 PM'],
    ['en-GB', '19:42'],
  ]) {
    const table = await device(`table-${locale}`, { viewport: { width: 1024, height: 768 }, context: { timezoneId: 'UTC', locale } });
    await table.clock.install({ time: start });
    await startGame(table, 'Ana');
    await invitation(table, 'Ben');
    const region = table.getByRole('region', { name: "Ben's device" });
    await region.getByText(`This invitation is good for 10 minutes, until ${until}.`).waitFor();
    await table.clock.fastForward('10:00');
    await region.getByText(`The invitation good until ${until} has expired`).waitFor();
    await table.close();
  }
});

test('an invitation says how long it stays good; unanswered for 10 minutes it gives way to a new one, a reply to it is told it expired, and a phone whose reply was never taken says so', async () => {
  // Both pages' clocks are Playwright's (they run at the real pace until
  // a test jumps them on), so ten minutes pass in a moment.
  const start = new Date('2026-12-05T19:32:00Z');
  const table = await device('table', { viewport: { width: 1024, height: 768 }, context: { timezoneId: 'UTC', locale: 'en-GB' } });
  await table.clock.install({ time: start });
  const ben = await device('ben', { context: { timezoneId: 'UTC', locale: 'en-GB' } });
  await ben.clock.install({ time: start });
  await startGame(table, 'Ana');
  const code = await invitation(table, 'Ben');
  const region = table.getByRole('region', { name: "Ben's device" });
  await region.getByText('This invitation is good for 10 minutes, until 19:42.').waitFor();
  await saveScreenshot(table, 'across-invitation-valid');
  const reply = await answer(ben, code);
  const replyBox = ben.getByRole('textbox', { name: 'Reply code' });

  // Ten minutes on, the phone's reply was never taken.
  await ben.clock.fastForward('10:00');
  await ben.getByText('This invitation has expired: the table did not take your reply within 10 minutes.').waitFor();
  assert.equal(await replyBox.count(), 0, 'the expired reply is no longer offered');
  assert.equal(await ben.getByRole('textbox', { name: 'Invitation code' }).inputValue(), '', 'the join box waits for a new invitation');
  await saveScreenshot(ben, 'across-reply-expired');

  // The table: the invitation gives way to a new one, good until 19:52.
  await table.clock.fastForward('10:00');
  await region.getByText('The invitation good until 19:42 has expired').waitFor();
  await region.getByText('This invitation is good for 10 minutes, until 19:52.').waitFor({ timeout: 20000 });
  const fresh = await invitation(table, 'Ben');
  assert.notEqual(fresh, code);
  await saveScreenshot(table, 'across-invitation-expired');
  // The old reply, taken now: it expired; nothing connects.
  await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByRole('alert').filter({ hasText: 'The invitation good until 19:42 has expired' }).waitFor();
  assert.equal(await region.getByText('Connecting…').count(), 0, 'the expired reply does not connect');
  assert.equal(await invitation(table, 'Ben'), fresh, 'the new invitation stays on offer');

  // The new invitation answered: the phone takes its seat.
  await ben.getByRole('textbox', { name: 'Invitation code' }).fill(fresh);
  await ben.getByRole('button', { name: 'Join', exact: true }).click();
  await replyBox.waitFor({ timeout: 20000 });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(await replyBox.inputValue());
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Ben is connected.').waitFor({ timeout: 30000 });
  assert.equal(await ben.getByText('This invitation has expired').count(), 0, 'the note goes with a new invitation');
});

test("the table's page in the background (its screen off, another app in front): every phone says the table is away and the game waits, until it is back", async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const ben = await device('ben', { context: { hasTouch: true } });
  await startGame(table, 'Ann');
  await ben.goto(url());
  await pair(table, 'Ben', ben);
  await table.getByRole('button', { name: 'Start playing' }).click();
  const away = ben.getByText("Ann's table is away (its screen is off or another app is in front); the game waits.");
  assert.equal(await away.count(), 0);
  // What the browser does as the page goes to the background, and back.
  const hide = (hidden) => {
    Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
    Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  await table.evaluate(hide, true);
  await away.waitFor({ timeout: 5000 });
  await saveScreenshot(ben, 'across-table-away-phone');
  // Pings go on from a page in the background: the phone still says so.
  await ben.waitForTimeout(2500);
  assert.equal(await away.count(), 1, 'still away after a ping');
  await table.evaluate(hide, false);
  await away.waitFor({ state: 'detached', timeout: 5000 });

  // The phone's score pad and log are below its hand: one tap on the
  // round's chip brings them into view, held upright and sideways.
  for (const [width, height] of [
    [390, 844],
    [844, 390],
  ]) {
    await ben.setViewportSize({ width, height });
    await ben.evaluate(() => window.scrollTo(0, 0));
    const inView = (selector) =>
      ben.locator(selector).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      });
    assert.equal(await inView('#pad-title'), false, `${width}x${height}: the pad starts out of view`);
    await ben.getByRole('button', { name: 'Round 1: show the score pad and the game log' }).tap();
    await ben.waitForFunction(() => {
      const r = document.querySelector('#pad-title').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    assert.equal(await inView('#log-title'), true, `${width}x${height}: the log's title in view too`);
    await saveScreenshot(ben, `across-phone-scores-${width}x${height}`);
  }
});

test("a phone whose browser gives its reply up before the table took it makes a fresh reply by itself, says to send that one, and the fresh one connects", async () => {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const ben = await device('ben');
  await startGame(table, 'Ann');
  const code = await invitation(table, 'Ben');
  const first = await answer(ben, code);
  const replyBox = ben.getByRole('textbox', { name: 'Reply code' });
  // The browser gives up: the reply's channel closes before it opened,
  // as Firefox's did after 11 s before the phone kept looking (told as
  // the browser tells it: Chromium's close() of a channel still
  // connecting says nothing until its transport is up).
  await ben.evaluate(() => window.__channels.at(-1).channel.dispatchEvent(new Event('close')));
  await ben.getByRole('alert').filter({ hasText: 'Your first reply can no longer connect' }).waitFor();
  await ben.waitForFunction((old) => {
    const now = document.querySelector('#join-reply')?.value;
    return now && now !== old;
  }, first);
  const fresh = await replyBox.inputValue();
  await saveScreenshot(ben, 'across-fresh-reply');
  const region = table.getByRole('region', { name: "Ben's device" });
  await region.getByRole('textbox', { name: 'Reply code' }).fill(fresh);
  await region.getByRole('button', { name: 'Connect' }).click();
  await region.getByText('Ben is connected.').waitFor({ timeout: 30000 });
  await ben.getByText(/the table/).first().waitFor();
});
