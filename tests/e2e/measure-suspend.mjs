// A measurement, not a test of the default run (BENCHMARKS.md, "A phone
// that sleeps"): a phone put to sleep for 5, 10, 15, 20, 40 and 90 s (all
// its browser's processes stopped, then let go on), in Chromium and in
// Firefox, at a Chromium table (the tablet). For each: whether play goes
// on by itself, how long after waking, what each screen said meanwhile,
// how many taps each side then costs to get the seat back, and the
// evidence of `getStats` on both sides (each connection's states over
// time, and its selected candidate pair: state, bytes, checks, consent).
// After `trunk build --release`:
//
//   node --test tests/e2e/measure-suspend.mjs
//   SLEEPS=20,40 PHONES=firefox node --test tests/e2e/measure-suspend.mjs
//
// Each sleep prints a line `# suspend {...}`; all of them go to
// tests/e2e/artifacts/suspend.json.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, artifacts } from './harness.mjs';
import { useDevices } from './devices-kit.mjs';
import { initScript, AppPage } from './wd-harness.mjs';
import { startDriver } from './webdriver.mjs';
import { chromiumPids, firefoxPids, asleep, linkStatsInPage } from './suspend-kit.mjs';

const SLEEPS = (process.env.SLEEPS ?? '5,10,15,20,40,90').split(',').map(Number);
const PHONES = (process.env.PHONES ?? 'chromium,firefox').split(',');
/// How long after waking the screens may take to settle: the phone's own
/// window (30 s) when it finds its connection gone on waking, and more.
const SETTLE_MS = 45000;

const { device, lobby, invitation, recordChannels } = useDevices();

/// What a phone's screen shows: its seat ("hand"), "Reconnecting…", or
/// the join screen ("join"), and what it has received and when.
function phoneInPage() {
  const status = document.querySelector('.status')?.textContent ?? '';
  const join = !!document.querySelector('#join-invitation') || [...document.querySelectorAll('button')].some((b) => b.textContent === 'Join a table');
  const seat = !!document.querySelector('.table');
  return {
    shows: status === 'Reconnecting…' ? 'reconnecting' : seat ? 'hand' : join ? 'join' : 'other',
    lastGot: window.__got?.at(-1)?.at ?? 0,
    now: Date.now(),
  };
}

/// What the table says of Ben's seat (seat 1), and what it last received.
function tableInPage() {
  return {
    mark: document.querySelector('[data-seat="1"] .seat__offline')?.textContent ?? '',
    lastGot: window.__got?.at(-1)?.at ?? 0,
  };
}

/// The states of a connection over time, each from `t` (ms since epoch).
const timeline = (link, t) =>
  link.states.map((s) => {
    const [ms, what] = s.split('ms ');
    return `${((link.t0 + Number(ms) - t) / 1000).toFixed(1)}s ${what.split('/').at(-1)}`;
  });

async function linkStats(evaluate) {
  return evaluate(linkStatsInPage).catch((e) => `(${e.message})`);
}

/// One phone asleep `seconds`: the table and the phone paired first.
async function trial(engine, seconds, ff) {
  const table = await device('table', { viewport: { width: 1024, height: 768 } });
  const at = `${ff.server.url}?lang=en&speed=instant`;
  await table.goto(at);
  await lobby(table, [
    ['Bot', 'medium'],
    ['Ben', 'remote'],
    ['Bot 2', 'easy'],
  ]);
  await table.getByRole('button', { name: 'Start game' }).click();
  const marker = `--mojo-sleeper=${process.pid}-${seconds}-${Date.now()}`;
  let phone;
  let pids;
  if (engine === 'chromium') {
    const page = await device('ben', { args: [marker] });
    await page.goto(at);
    phone = {
      eval: (fn, arg) => page.evaluate(fn, arg),
      click: (name) => page.getByRole('button', { name, exact: true }).click(),
      fill: (sel, text) => page.locator(sel).fill(text),
      close: () => page.context().browser().close(),
    };
    pids = () => chromiumPids(marker);
  } else {
    const page = await AppPage.open({ driver: ff.driver, server: ff.server }, at, { width: 390, height: 844 });
    await page.ready();
    phone = {
      eval: (fn, arg) => page.eval(fn, arg),
      click: (name) => page.clickRole('button', name),
      fill: (sel, text) => page.fill(sel, text),
      close: () => page.close(),
    };
    pids = () => firefoxPids(ff.driver.url);
  }
  const rejoin = async () => {
    // The rejoin path of today, with the text codes: what each side taps
    // (and pastes) to give the seat back to the phone.
    const taps = { phone: 0, table: 0, pastes: 0 };
    const dialog = table.getByRole('dialog', { name: 'Players on their own devices' });
    if (!(await dialog.count())) {
      await table.getByRole('button', { name: 'Devices' }).click();
      taps.table++;
    }
    const code = await invitation(table, 'Ben');
    if (!(await phone.eval(() => !!document.querySelector('#join-invitation')))) {
      await phone.click('Join a table');
      taps.phone++;
    }
    await phone.fill('#join-invitation', code);
    taps.pastes++;
    await phone.click('Join');
    taps.phone++;
    let reply = null;
    for (const until = Date.now() + 20000; !reply && Date.now() < until; await table.waitForTimeout(100)) {
      reply = await phone.eval(() => document.querySelector('#join-reply')?.value || null);
    }
    const region = table.getByRole('region', { name: "Ben's device" });
    await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
    taps.pastes++;
    await region.getByRole('button', { name: 'Connect' }).click();
    taps.table++;
    for (const until = Date.now() + 20000; Date.now() < until; await table.waitForTimeout(100)) {
      if ((await phone.eval(phoneInPage)).shows === 'hand') return taps;
    }
    throw new Error('the phone did not get its seat back');
  };
  try {
    // Pairing by the text codes.
    const code = await invitation(table, 'Ben');
    await phone.click('Join a table');
    await phone.fill('#join-invitation', code);
    await phone.click('Join');
    let reply = null;
    for (const until = Date.now() + 20000; !reply && Date.now() < until; await table.waitForTimeout(100)) {
      reply = await phone.eval(() => document.querySelector('#join-reply')?.value || null);
    }
    const region = table.getByRole('region', { name: "Ben's device" });
    await region.getByRole('textbox', { name: 'Reply code' }).fill(reply);
    await region.getByRole('button', { name: 'Connect' }).click();
    await region.getByText('Ben is connected.').waitFor({ timeout: 30000 });
    await table.getByRole('button', { name: 'Start playing' }).click();
    for (const until = Date.now() + 20000; (await phone.eval(phoneInPage)).shows !== 'hand'; await table.waitForTimeout(100)) {
      if (Date.now() > until) throw new Error('the phone never showed its seat');
    }
    // A few pings each way first.
    await table.waitForTimeout(4500);
    const before = { table: await linkStats((f) => table.evaluate(f)), phone: await linkStats(phone.eval) };
    const marks = {};
    const stoppedAt = Date.now();
    // The table's side once, late in the sleep (before it gives up, at
    // 30 s of its window).
    let asleepTable = null;
    const lookAt = Math.min(seconds - 1.5, 25);
    await asleep(pids(), seconds, async (t) => {
      const { mark } = await table.evaluate(tableInPage);
      if (mark && !(mark in marks)) marks[mark] = Number(t.toFixed(1));
      if (t >= lookAt && !asleepTable) asleepTable = { at_s: Number(t.toFixed(1)), links: await linkStats((f) => table.evaluate(f)) };
    });
    const woke = Date.now();
    const atWake = { table: await linkStats((f) => table.evaluate(f)) };
    // Settled: play goes on (each side received something after waking,
    // and neither says "Reconnecting…"), or the seat is lost on both
    // sides (the phone at its join screen, the table's seat not connected).
    let outcome = null;
    let phoneSaw = new Set();
    let last;
    for (const until = woke + SETTLE_MS; !outcome && Date.now() < until; await table.waitForTimeout(250)) {
      const [p, t] = [await phone.eval(phoneInPage), await table.evaluate(tableInPage)];
      last = { p, t };
      phoneSaw.add(p.shows);
      if (t.mark && !(t.mark in marks)) marks[t.mark] = Number(((Date.now() - stoppedAt) / 1000).toFixed(1));
      if (p.shows === 'hand' && !t.mark && p.lastGot > woke && t.lastGot > woke) outcome = 'goes on';
      else if (p.shows === 'join' && t.mark === 'Phone not connected') outcome = 'lost';
    }
    const settledMs = Date.now() - woke;
    const after = { table: await linkStats((f) => table.evaluate(f)), phone: await linkStats(phone.eval) };
    const taps = outcome === 'lost' ? await rejoin() : outcome === 'goes on' ? { phone: 0, table: 0, pastes: 0 } : null;
    const brief = (links, t) =>
      Array.isArray(links) ? links.filter((l) => l.state !== 'closed' || l.pair).map((l) => ({ ...l, states: timeline(l, t) })) : links;
    const result = {
      engine,
      seconds,
      outcome: outcome ?? `unsettled: ${JSON.stringify(last)}`,
      settled_after_wake_s: Number((settledMs / 1000).toFixed(1)),
      table_marks_s: marks,
      phone_showed: [...phoneSaw],
      taps,
      // States from the moment the phone was stopped.
      before,
      asleep_table: asleepTable && { at_s: asleepTable.at_s, links: brief(asleepTable.links, stoppedAt) },
      at_wake_table: brief(atWake.table, stoppedAt),
      after: { table: brief(after.table, stoppedAt), phone: brief(after.phone, stoppedAt) },
    };
    console.log(`# suspend ${JSON.stringify(result)}`);
    return result;
  } finally {
    await phone.close().catch(() => {});
    await table.context().browser().close().catch(() => {});
  }
}

test('a phone asleep 5 to 90 s, in Chromium and Firefox: which sleeps play on by themselves, and what each return costs', async () => {
  const server = await serve('/games/mojo/', {
    init: initScript({ extra: `if (/Firefox/.test(navigator.userAgent)) (${recordChannels})();` }),
  });
  const driver = PHONES.includes('firefox') ? await startDriver('firefox') : null;
  const results = [];
  try {
    for (const engine of PHONES) {
      for (const seconds of SLEEPS) results.push(await trial(engine, seconds, { server, driver }));
    }
  } finally {
    await driver?.stop();
    await server.close();
    await mkdir(artifacts, { recursive: true });
    await writeFile(join(artifacts, 'suspend.json'), JSON.stringify(results, null, 1));
  }
  console.log('# engine  sleep  outcome   settled  table marks  taps phone/table/pastes');
  for (const r of results) {
    console.log(`# ${r.engine.padEnd(8)} ${String(r.seconds).padStart(3)} s  ${r.outcome.padEnd(8)}  ${r.settled_after_wake_s} s  ${JSON.stringify(r.table_marks_s)}  ${r.taps ? `${r.taps.phone}/${r.taps.table}/${r.taps.pastes}` : '-'}`);
  }
  assert.ok(results.every((r) => r.taps), 'every sleep settled');
});
