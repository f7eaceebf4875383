// Plays Mojo in WebKit (or another engine) game after game, each game in a
// fresh browser profile on a fresh origin (a new server port), until one
// fails or N games are played. Run by scripts/webkit-stress.sh; see there
// for the options. Every game is one line of JSON in the log; the first
// failure stops the run (unless --keep-going) with its details: the page
// errors, the save (seed and moves, to replay it), the browser's console,
// a screenshot. Each game is a first game: the walkthrough opens, the
// service worker installs and takes over during it.
//
// Tables, in turn (--mode mix), or one kind:
//   human: you and three bots (Easy, Medium, Hard, shuffled); quick taps:
//          the first playable card as soon as it is enabled, through the
//          round summaries;
//   pass:  two people passing the device, and one or two bots; quick taps
//          through the hand-off cover too;
//   bots:  four bots playing by themselves to the end of the game.
// The first-game walkthrough is open at the start of every game; each
// game's person reads it through (half the games), skips it (a quarter) or
// leaves it open, after 0 to 7 taps.

import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve, dist as defaultDist } from './server.mjs';
import { initScript } from './wd-harness.mjs';
import { startDriver, sleep, ELEMENT, WebDriverError } from './webdriver.mjs';

const { values: opts } = parseArgs({
  options: {
    games: { type: 'string', default: '0' },
    mode: { type: 'string', default: 'mix' },
    engine: { type: 'string', default: 'webkit' },
    speed: { type: 'string', default: 'instant' },
    dist: { type: 'string', default: defaultDist },
    log: { type: 'string', default: 'target/webkit-stress' },
    'keep-going': { type: 'boolean', default: false },
    'stuck-seconds': { type: 'string', default: '60' },
    'first': { type: 'string', default: '1' },
    'tour-seen': { type: 'boolean', default: false },
    'stop-on-stuck': { type: 'boolean', default: false },
    // Experiments (not for the regression figure): JavaScriptCore options
    // for the browser (k=v,k=v: JSC_k=v in its environment), the page
    // growing the wasm memory by one page every N ms, or making garbage
    // (1 MB) every N ms.
    jsc: { type: 'string', default: '' },
    'grow-ms': { type: 'string', default: '0' },
    'garbage-ms': { type: 'string', default: '0' },
  },
});
const games = Number(opts.games); // 0: no end
const modes = opts.mode === 'mix' ? ['human', 'pass', 'bots'] : opts.mode.split(',');
for (const m of modes) if (!['human', 'pass', 'bots'].includes(m)) throw new Error(`--mode ${m}?`);
const stuckMs = Number(opts['stuck-seconds']) * 1000;
const logDir = opts.log;
await mkdir(logDir, { recursive: true });
const logFile = join(logDir, 'games.jsonl');
const say = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);

// A deterministic generator for table choices (game i always gets the same).
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function tableFor(i, mode) {
  const r = rng(i * 2654435761);
  const levels = ['easy', 'medium', 'hard'];
  const bot = () => levels[Math.floor(r() * 3)];
  if (mode === 'human') {
    const bots = ['easy', 'medium', 'hard'].sort(() => r() - 0.5);
    return [['You', 'person'], ...bots.map((b, k) => [`Bot ${k + 1}`, b])];
  }
  if (mode === 'pass') {
    const n = 1 + Math.floor(r() * 2);
    return [['Ana', 'person'], ['Ben', 'person'], ...Array.from({ length: n }, (_, k) => [`Bot ${k + 1}`, bot()])];
  }
  return Array.from({ length: 4 }, (_, k) => [`Bot ${k + 1}`, k === 0 ? 'hard' : bot()]);
}

/// One look at the page: what a quick-tapping person would tap now, and
/// the element to tap (null while waiting), plus the game's progress. Only
/// what a finger can reach: an enabled button not covered by anything (the
/// first-game walkthrough's box may cover some cards: then the person taps
/// another card, or, if it covers every one, the walkthrough's Next).
function look() {
  const reachable = (e) => {
    if (!e || e.disabled || !e.getClientRects().length) return false;
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true; // WebDriver scrolls to it
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === e || e.contains(hit));
  };
  const named = (t) =>
    [...document.querySelectorAll('button')].filter(
      (b) => !b.disabled && b.getClientRects().length && (b.getAttribute('aria-label') ?? b.textContent.trim()) === t,
    );
  const problems = JSON.parse(sessionStorage.getItem('e2e.problems') || '[]');
  const round = document.querySelector('.topbar__round')?.textContent ?? '';
  const tour = document.querySelector('.tour .button--primary');
  const skip = document.querySelector('.tour .button--ghost');
  const base = {
    problems,
    round,
    tour: !!tour,
    tourNext: tour,
    tourSkip: skip,
    over: !!document.querySelector('.summary__winner'),
  };
  const pick = (what, list) => {
    const el = list.find(reachable);
    if (el) return { ...base, what, el };
    if (list.length && tour) return { ...base, what: 'tour-next', el: tour };
    return null;
  };
  if (base.over) return { ...base, what: 'over', el: null };
  const hand = document.querySelector('[role="group"][aria-label="Your hand"]');
  return (
    pick('next', named('Next round')) ??
    pick('show', named('Show my cards')) ??
    pick('draw', named('Draw from the deck')) ??
    pick('reveal', [...document.querySelectorAll('button[aria-label^="Reveal "]')].filter((b) => !b.disabled)) ??
    pick('play', hand ? [...hand.querySelectorAll('button')].filter((b) => !b.disabled) : []) ?? {
      ...base,
      what: 'wait',
      el: null,
    }
  );
}

async function setUp(session, seats) {
  // The lobby starts with four seats.
  const run = (fn, arg) => session.execute(fn, arg);
  await waitUntil(() => run(() => !!document.querySelector('.lobby')), 30000, 'the lobby');
  for (;;) {
    const n = await run(() => document.querySelectorAll('.lobby__seat').length);
    if (n === seats.length) break;
    const el = await run(
      (more) =>
        more
          ? [...document.querySelectorAll('.lobby button')].find((b) => b.textContent.trim() === '+ Add a seat')
          : [...document.querySelectorAll('.lobby__seat')].at(-1).querySelector('button'),
      n < seats.length,
    );
    await session.click(el);
  }
  for (const [i, [name, kind]] of seats.entries()) {
    const input = await run((k) => document.querySelector(`#seat-name-${k}`), i);
    await session.cmd('POST', `/element/${input[ELEMENT]}/clear`, {});
    await session.sendKeys(input, name);
    await run(
      ({ i, kind }) => {
        const s = document.querySelector(`#seat-kind-${i}`);
        s.value = kind;
        s.dispatchEvent(new Event('input', { bubbles: true }));
        s.dispatchEvent(new Event('change', { bubbles: true }));
      },
      { i, kind },
    );
  }
  const start = await run(() =>
    [...document.querySelectorAll('.lobby button')].find((b) => b.textContent.trim() === 'Start game'),
  );
  await session.click(start);
}

async function waitUntil(fn, ms, what) {
  const t = Date.now();
  for (;;) {
    if (await fn()) return;
    if (Date.now() - t > ms) throw new Error(`timeout: ${what}`);
    await sleep(50);
  }
}

/// Plays one game; returns its record. Throws nothing for a page error: it
/// is returned in `problems`.
async function playOne(driver, i, mode) {
  // A fresh profile as a new player has it: the first-game walkthrough
  // opens (it is not modal; the quick taps play on under it), unless
  // --tour-seen.
  // The storage as the page found it, before the app ran (a fresh profile:
  // empty but for the walkthrough flag with --tour-seen).
  const extra = `if (!sessionStorage.getItem('e2e.start')) sessionStorage.setItem('e2e.start', JSON.stringify(Object.keys(localStorage)));
  // The wasm instance (Trunk's loader announces it): its memory and
  // externref table sizes over time, for the report of a failure.
  addEventListener('TrunkApplicationStarted', (e) => {
    const w = e.detail && e.detail.wasm;
    if (!w) return;
    window.__mojoWasm = w;
    const t0 = performance.now();
    const sizes = [];
    let last = '';
    const note = () => {
      const now = w.memory.buffer.byteLength / 65536 + 'p/' + w.__wbindgen_externrefs.length + 'x';
      if (now !== last) { last = now; sizes.push(Math.round(performance.now() - t0) + 'ms:' + now); sessionStorage.setItem('e2e.sizes', JSON.stringify(sizes.slice(-200))); }
    };
    note();
    setInterval(note, 200);
    ${Number(opts['grow-ms']) > 0 ? `setInterval(() => w.memory.grow(1), ${Number(opts['grow-ms'])});` : ''}
    ${Number(opts['garbage-ms']) > 0 ? `setInterval(() => { let a = []; for (let i = 0; i < 20000; i++) a.push({ i, s: 'x' + i }); window.__g = a.length; }, ${Number(opts['garbage-ms'])});` : ''}
  });`;
  const server = await serve('/', { dir: opts.dist, init: initScript({ tour: !opts['tour-seen'], extra }) });
  const seats = tableFor(i, mode);
  const r = rng(i * 40503 + 7);
  const roll = r();
  const plan = { tour: roll < 0.5 ? 'read' : roll < 0.75 ? 'skip' : 'ignore', tourAfter: Math.floor(r() * 8) };
  const started = Date.now();
  const rec = { game: i, mode, engine: opts.engine, port: server.port, seats: seats.map((s) => s[1]).join(',') };
  rec.tourPlan = opts['tour-seen'] ? 'seen' : `${plan.tour}@${plan.tourAfter}`;
  if (opts.jsc) rec.jsc = opts.jsc;
  if (opts['grow-ms'] !== '0') rec.growMs = Number(opts['grow-ms']);
  if (opts['garbage-ms'] !== '0') rec.garbageMs = Number(opts['garbage-ms']);
  let session;
  try {
    session = await driver.newSession({ width: 1024, height: 768 });
  } catch (e) {
    await server.close();
    throw e; // the caller restarts the driver and plays this game again
  }
  let steps = 0;
  let stuck = null;
  let tourTaps = 0;
  let lastClickError = null;
  const rounds = new Set();
  let last = null;
  try {
    await session.setTimeouts({ script: 30000, pageLoad: 60000, implicit: 0 });
    await session.get(`${server.url}?lang=en&speed=${opts.speed}`);
    // A fresh profile: nothing stored yet but the walkthrough flag that the
    // init script sets.
    rec.storageAtStart = await session.execute(() => JSON.parse(sessionStorage.getItem('e2e.start')));
    rec.freshStorage = rec.storageAtStart.filter((k) => !(opts['tour-seen'] && k === 'mojo.settings')).length === 0;
    await setUp(session, seats);
    let lastChange = Date.now();
    let lastKey = '';
    for (;;) {
      try {
        last = await session.execute(look);
      } catch (e) {
        // An element re-rendered while the answer was sent: look again.
        if (e instanceof WebDriverError && e.error === 'stale element reference') continue;
        throw e;
      }
      if (last.round) rounds.add(last.round);
      if (last.problems.length) break;
      if (last.what === 'over') break;
      const key = `${last.what}|${last.round}|${steps}`;
      // The walkthrough, as this game's person deals with it: read through
      // (Next to the end) or skipped after a few taps, or left open.
      if (last.tour && plan.tour !== 'ignore' && steps >= plan.tourAfter) {
        last.what = 'tour-next';
        last.el = plan.tour === 'read' ? last.tourNext : last.tourSkip;
      }
      if (last.el) {
        try {
          await session.click(last.el);
          steps++;
          if (last.what === 'tour-next') tourTaps++;
        } catch (e) {
          if (!(e instanceof WebDriverError) || !/stale|intercepted|not interactable/.test(e.error)) throw e;
          lastClickError = `${last.what}: ${e.message.slice(0, 300)}`;
        }
      } else {
        await sleep(10);
      }
      // Progress: the table's state changes (the snapshot of the log length).
      const progress = await session.execute(
        () => `${document.querySelector('.log')?.textContent.length ?? 0}|${document.querySelector('.status')?.textContent ?? ''}|${document.querySelector('.topbar__round')?.textContent ?? ''}`,
      );
      if (progress + key !== lastKey) {
        lastKey = progress + key;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > stuckMs) {
        stuck = `stuck: nothing changed for ${stuckMs / 1000} s (screen: ${last.what}${last.tour ? ', walkthrough open' : ''})`;
        rec.lastClickError = lastClickError;
        // Is the page still rendering? What is under the element to tap?
        rec.stuckDiag = await session
          .executeAsync(
            (el) =>
              new Promise((done) => {
                const d = { visibility: document.visibilityState, focus: document.hasFocus() };
                if (el) {
                  const r = el.getBoundingClientRect();
                  d.target = el.outerHTML.slice(0, 160);
                  d.rect = [r.left, r.top, r.width, r.height].map(Math.round);
                  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                  d.hit = hit ? hit.outerHTML.slice(0, 160) : null;
                  d.viewport = [innerWidth, innerHeight, scrollX, scrollY];
                }
                let frames = 0;
                const tick = () => {
                  frames++;
                  if (frames < 3) requestAnimationFrame(tick);
                };
                requestAnimationFrame(tick);
                setTimeout(() => done({ ...d, framesIn1s: frames }), 1000);
              }),
            last.el,
          )
          .catch((e) => ({ error: String(e.message).slice(0, 300) }));
        break;
      }
    }
    rec.sizes = await session.execute(() => JSON.parse(sessionStorage.getItem('e2e.sizes') || '[]')).catch(() => null);
    rec.ms = Date.now() - started;
    rec.steps = steps;
    rec.rounds = rounds.size;
    rec.problems = last.problems;
    rec.tourTaps = tourTaps;
    rec.result = last.problems.length ? 'error' : stuck ? 'stuck' : 'ok';
    if (stuck) rec.stuck = stuck;
    if (rec.result !== 'ok') {
      // Let the page settle, then read everything it recorded.
      await sleep(500);
      rec.problems = await session.execute(() => JSON.parse(sessionStorage.getItem('e2e.problems') || '[]'));
      rec.save = await session.execute(() => localStorage.getItem('mojo.game'));
      rec.sizes = await session.execute(() => JSON.parse(sessionStorage.getItem('e2e.sizes') || '[]'));
      rec.userAgent = await session.execute(() => navigator.userAgent);
      const shot = join(logDir, `game-${i}.png`);
      try {
        await writeFile(shot, await session.screenshot(15000));
        rec.screenshot = shot;
      } catch (e) {
        rec.screenshot = `none: ${String(e.message).slice(0, 120)}`;
      }
      rec.console = driver.output().slice(-8000);
    }
  } catch (e) {
    rec.ms = Date.now() - started;
    rec.result = 'harness-error';
    rec.problems = [String(e.stack ?? e)];
    rec.console = driver.output().slice(-4000);
  } finally {
    await session.close().catch(() => {});
    await server.close();
  }
  return rec;
}

for (const kv of opts.jsc.split(',').filter(Boolean)) {
  const [k, v] = kv.split('=');
  process.env[`JSC_${k}`] = v; // inherited by the driver, the browser and its web process
}
let driver = await startDriver(opts.engine, {});
let played = 0;
let clean = 0;
const t0 = Date.now();
// Interrupted: the browsers and drivers started here end with this process
// (webdriver.mjs ends their process groups on exit).
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.on(signal, () => {
    say(`interrupted after ${played} games (${clean} clean)`);
    process.exit(code);
  });
}
let failures = 0;
let stucks = 0;
try {
  for (let i = Number(opts.first); games === 0 || played < games; i++) {
    // Between games, a PAUSE file in the log folder holds the run (to let
    // another browser job use the machine) until it is removed.
    if (existsSync(join(logDir, 'PAUSE'))) {
      say('paused (remove PAUSE in the log folder to go on)');
      while (existsSync(join(logDir, 'PAUSE'))) await sleep(2000);
      say('resumed');
    }
    const mode = modes[(i - 1) % modes.length];
    let rec;
    for (let attempt = 1; ; attempt++) {
      try {
        rec = await playOne(driver, i, mode);
        break;
      } catch (e) {
        // No browser session (the driver or the browser did not start):
        // not a game's failure; a new driver, and the same game again.
        say(`game ${i}: no session (${String(e.message ?? e).slice(0, 200)}); restarting the driver (attempt ${attempt})`);
        await appendFile(logFile, JSON.stringify({ game: i, mode, result: 'no-session', error: String(e.message ?? e) }) + '\n');
        await driver.stop().catch(() => {});
        if (attempt >= 3) throw e;
        driver = await startDriver(opts.engine, {});
      }
    }
    played++;
    if (rec.result === 'ok') clean++;
    await appendFile(logFile, JSON.stringify(rec) + '\n');
    say(
      `game ${i} ${mode} ${rec.result} ${Math.round(rec.ms / 1000)} s, ${rec.rounds} rounds, ${rec.steps} taps` +
        (rec.tourTaps ? ` (${rec.tourTaps} on the walkthrough)` : '') +
        (rec.freshStorage === false ? ' (storage NOT fresh)' : '') +
        ` — ${clean}/${played} clean, ${Math.round((Date.now() - t0) / 60000)} min`,
    );
    if (rec.result === 'stuck' && !opts['stop-on-stuck']) {
      stucks++;
      say(`game ${i} stuck (recorded, going on): ${rec.stuck}; ${JSON.stringify(rec.stuckDiag)}`);
    } else if (rec.result !== 'ok') {
      failures++;
      say(`FAILED game ${i}: ${[rec.stuck, ...(rec.problems ?? [])].filter(Boolean).join('\n  ')}`);
      if (!opts['keep-going']) break;
    }
  }
} finally {
  await driver.stop();
}
say(`done: ${played} games, ${clean} clean, ${failures} failed, ${stucks} stuck; log ${logFile}`);
process.exit(failures ? 1 : 0);
