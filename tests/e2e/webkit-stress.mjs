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
import { existsSync, createWriteStream, readdirSync, renameSync } from 'node:fs';
import { spawn, execFileSync } from 'node:child_process';
import { loadavg, setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve, dist as defaultDist } from './server.mjs';
import { initScript } from './wd-harness.mjs';
import { startDriver, sleep, WebDriverError } from './webdriver.mjs';

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
    // The page takes 128 more externref table slots (wasm-bindgen's own
    // allocator, so the table grows from inside wasm as the app's does)
    // every N ms and holds them: the table grows by 128 each time.
    'table-ms': { type: 'string', default: '0' },
    // Every N ms the page takes the heap's free top (1 KiB blocks through
    // wasm-bindgen's malloc, kept) until under 2 KiB is left at the end of
    // the memory: the app's own next allocations then grow the memory from
    // inside a running wasm call (dlmalloc's memory.grow), as in a game.
    'hog-ms': { type: 'string', default: '0' },
    // A long table (issue 23, item 3): each game of the run is one table
    // played for N minutes, a Rematch at each game over, in one page.
    minutes: { type: 'string', default: '0' },
    // Page loads scored, not whole games (issue 23, item 2): each game of
    // the run ends, clean, N seconds after its page loaded.
    seconds: { type: 'string', default: '0' },
    // N busy loops (sh, niceness 0, so above the browser's 10) for the
    // whole run: a starved CPU, as when other work shares the machine.
    busy: { type: 'string', default: '0' },
  },
});
const games = Number(opts.games); // 0: no end
let webProcessDeaths = 0;
const modes = opts.mode === 'mix' ? ['human', 'pass', 'bots'] : opts.mode.split(',');
for (const m of modes) if (!['human', 'pass', 'bots'].includes(m)) throw new Error(`--mode ${m}?`);
const stuckMs = Number(opts['stuck-seconds']) * 1000;
const tableMs = Number(opts.minutes) * 60000; // 0: one game per table
const loadMs = Number(opts.seconds) * 1000; // 0: the whole game
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
    pick('draw', named('Draw from the draw pile')) ??
    pick('reveal', [...document.querySelectorAll('button[aria-label^="Reveal "]')].filter((b) => !b.disabled)) ??
    pick('play', hand ? [...hand.querySelectorAll('button')].filter((b) => !b.disabled) : []) ?? {
      ...base,
      what: 'wait',
      el: null,
    }
  );
}

/// The browser's processes under the driver (pid `driverPid`): each one's
/// pid, state, CPU time and resident memory, as `ps` shows them.
function browserProcesses(driverPid) {
  try {
    const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,time=,rss=,comm='], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .map(([pid, ppid, stat, time, rss, comm]) => ({ pid: +pid, ppid: +ppid, stat, time, rssMB: Math.round(rss / 1024), comm }));
    const mine = new Set([driverPid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows) if (mine.has(r.ppid) && !mine.has(r.pid)) mine.add(r.pid), (grew = true);
    }
    return rows.filter((r) => mine.has(r.pid) && r.pid !== driverPid);
  } catch (e) {
    return [{ error: e.message }];
  }
}

/// Core files left in the log folder since `before` (a Set of names).
const coreFiles = () => new Set(readdirSync(logDir).filter((f) => /^core/.test(f)));

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
    await session.replaceText(input, name);
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
  // Bytes through TextDecoder (wasm-bindgen's strings; Safari's decoder
  // failed after 2 GiB, wasm-bindgen issue 4471).
  window.__decoded = 0;
  const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = function (b, o) { window.__decoded += (b && b.byteLength) || 0; return decode.call(this, b, o); };
  // The wasm instance (Trunk's loader announces it): its memory (pages),
  // externref table (slots) and the Rust stack's deepest point (KiB) over
  // time, as 'ms:Np/Nx/Nk', for the report of a failure.
  addEventListener('TrunkApplicationStarted', (e) => {
    const w = e.detail && e.detail.wasm;
    if (!w) return;
    window.__mojoWasm = w;
    const t0 = performance.now();
    const sizes = [];
    let last = '';
    // The deepest the Rust stack has been: the stack is the first MiB of
    // the memory (stack-first layout, growing down from 1 MiB), which
    // starts zeroed, so its lowest non-zero word is a low-water mark.
    let low = 262144;
    const stackUsed = () => {
      const a = new Uint32Array(w.memory.buffer, 0, 262144);
      let i = 0;
      while (i < low && a[i] === 0) i++;
      low = i;
      return Math.round((1048576 - low * 4) / 1024);
    };
    const note = () => {
      const now = w.memory.buffer.byteLength / 65536 + 'p/' + w.__wbindgen_externrefs.length + 'x/' + stackUsed() + 'k';
      if (now !== last) { last = now; sizes.push(Math.round(performance.now() - t0) + 'ms:' + now); sessionStorage.setItem('e2e.sizes', JSON.stringify(sizes.slice(-200))); }
      sessionStorage.setItem('e2e.decoded', String(window.__decoded));
    };
    note();
    setInterval(note, 200);
    ${Number(opts['grow-ms']) > 0 ? `setInterval(() => w.memory.grow(1), ${Number(opts['grow-ms'])});` : ''}
    ${Number(opts['table-ms']) > 0 ? `const held = []; setInterval(() => { if (held.length > 60000) return; for (let k = 0; k < 128; k++) { const i = w.__externref_table_alloc(); w.__wbindgen_externrefs.set(i, { k }); held.push(i); } }, ${Number(opts['table-ms'])});` : ''}
    ${Number(opts['hog-ms']) > 0 ? `let hogPages = 0; setInterval(() => { const before = w.memory.buffer.byteLength; let end = 0; for (let k = 0; k < 4096; k++) { const p = w.__wbindgen_malloc(1024, 1) >>> 0; end = Math.max(end, p + 1024); if (w.memory.buffer.byteLength - end < 2048) break; } hogPages += (w.memory.buffer.byteLength - before) / 65536; sessionStorage.setItem('e2e.hog', String(hogPages)); }, ${Number(opts['hog-ms'])});` : ''}
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
  if (opts['table-ms'] !== '0') rec.tableMs = Number(opts['table-ms']);
  if (opts['hog-ms'] !== '0') rec.hogMs = Number(opts['hog-ms']);
  if (tableMs) rec.minutes = tableMs / 60000;
  if (loadMs) rec.seconds = loadMs / 1000;
  if (busy.length) rec.busy = busy.length;
  rec.loadAtStart = loadavg().map((l) => +l.toFixed(2));
  const deathsBefore = webProcessDeaths;
  const coresBefore = coreFiles();
  let session;
  try {
    session = await driver.newSession({ width: 1024, height: 768 });
  } catch (e) {
    await server.close();
    throw e; // the caller restarts the driver and plays this game again
  }
  // Every WebDriver command of the game, timed: the last ones go into the
  // record of a failure, the slow ones (3 s and more) into every record.
  const recent = [];
  const slow = [];
  const send = session.cmd.bind(session);
  session.cmd = async (method, path, body, timeoutMs) => {
    const t = Date.now();
    let outcome = 'ok';
    try {
      return await send(method, path, body, timeoutMs);
    } catch (e) {
      outcome = String(e.message ?? e).slice(0, 160);
      throw e;
    } finally {
      const line = `${new Date(t).toISOString().slice(11, 23)} ${method} ${path.replace(/\/element\/[^/]+/, '/element/…')} ${Date.now() - t} ms ${outcome}`;
      recent.push(line);
      if (recent.length > 30) recent.shift();
      if (Date.now() - t >= 3000) slow.push(line);
    }
  };
  const loads = [];
  let loadSampled = 0;
  let steps = 0;
  let stuck = null;
  let tourTaps = 0;
  let lastClickError = null;
  const rounds = new Set();
  let roundsPlayed = 0;
  let lastRound = '';
  let gamesOver = 0;
  const taps = {};
  let overSeen = false;
  let last = null;
  try {
    await session.setTimeouts({ script: 30000, pageLoad: 60000, implicit: 0 });
    await session.get(`${server.url}?lang=en&speed=${opts.speed}`);
    const loaded = Date.now();
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
      if (last.round && last.round !== lastRound) {
        lastRound = last.round;
        roundsPlayed++;
      }
      if (Date.now() - loadSampled > 30000) {
        loadSampled = Date.now();
        loads.push(+loadavg()[0].toFixed(2));
      }
      if (last.problems.length) break;
      // --seconds: the page load is scored, clean, this long after it loaded.
      if (loadMs && Date.now() - loaded >= loadMs) break;
      // --minutes: the table is played this long, whatever the screen.
      if (tableMs && Date.now() - started >= tableMs) break;
      if (last.what === 'over') {
        if (!overSeen) gamesOver++;
        overSeen = true;
        if (!tableMs) break;
        // A long table: the game over's Rematch, and on.
        const again = await session.execute(
          () =>
            [...document.querySelectorAll('button')].find(
              (b) => !b.disabled && b.getClientRects().length && b.textContent.trim() === 'Rematch',
            ) ?? null,
        );
        if (again) {
          try {
            await session.click(again);
            steps++;
            taps.rematch = (taps.rematch ?? 0) + 1;
          } catch (e) {
            if (!(e instanceof WebDriverError) || !/stale|intercepted|not interactable/.test(e.error)) throw e;
            lastClickError = `rematch: ${e.message.slice(0, 300)}`;
          }
        }
        last.el = null;
      } else {
        overSeen = false;
      }
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
          taps[last.what] = (taps[last.what] ?? 0) + 1;
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
    rec.browser = browserProcesses(driver.pid).map((p) => `${p.comm} ${p.pid} ${p.stat} cpu ${p.time} rss ${p.rssMB} MB`);
    rec.sizes = await session.execute(() => JSON.parse(sessionStorage.getItem('e2e.sizes') || '[]')).catch(() => null);
    rec.decodedBytes = await session.execute(() => Number(sessionStorage.getItem('e2e.decoded'))).catch(() => null);
    if (opts['hog-ms'] !== '0') rec.hogPages = await session.execute(() => Number(sessionStorage.getItem('e2e.hog'))).catch(() => null);
    rec.ms = Date.now() - started;
    rec.steps = steps;
    rec.rounds = tableMs ? roundsPlayed : rounds.size;
    if (tableMs) rec.gamesOver = gamesOver;
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
    rec.steps = steps;
    rec.rounds = tableMs ? roundsPlayed : rounds.size;
    if (tableMs) rec.gamesOver = gamesOver;
    rec.console = driver.output().slice(-6000);
    rec.lastCommands = recent;
    // The browser's processes as they are now: alive, hung (state, CPU
    // time), or gone.
    rec.browser = browserProcesses(driver.pid).map((p) => `${p.comm} ${p.pid} ${p.stat} cpu ${p.time} rss ${p.rssMB} MB`);
  } finally {
    // The browser's web process died (MiniBrowser said so): WebDriver then
    // answers a pending script with "Could not parse script result" and
    // the next command with "session deleted because of page crash or
    // hang". Not a page error and not the harness: a browser crash.
    // The same two answers with no word from MiniBrowser (a web process
    // ended some other way) count too: the only other source of the
    // first is a script that throws a string, which none here does.
    await sleep(300);
    const deathSaid = /Could not parse script result|page crash or hang/.test(String(rec.problems?.[0] ?? ''));
    if (webProcessDeaths > deathsBefore || (rec.result === 'harness-error' && deathSaid)) {
      rec.webProcessDied = webProcessDeaths - deathsBefore;
      if (rec.result === 'harness-error') rec.result = 'browser-crash';
      // What the kernel said (a segfault, the OOM killer), if readable.
      try {
        rec.kernel = execFileSync('dmesg', ['--ctime'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
          .split('\n')
          .filter((l) => /webkit|oom|segfault|killed process|general protection|trap/i.test(l))
          .slice(-10);
      } catch {
        rec.kernel = null;
      }
    }
    const cores = [...coreFiles()].filter((f) => !coresBefore.has(f));
    if (cores.length) {
      rec.cores = cores.map((f, k) => {
        const to = `core-game-${i}-${k}`;
        renameSync(join(logDir, f), join(logDir, to));
        return join(logDir, to);
      });
      // Where it crashed (Debian's WebKit has no symbols: the libraries and
      // offsets still tell WebKit, JavaScriptCore, GStreamer or JIT code
      // apart), if gdb is installed.
      try {
        rec.backtrace = execFileSync(
          'gdb',
          ['-batch', '-nx', '-ex', 'info threads', '-ex', 'bt 25', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/WebKitWebProcess', rec.cores[0]],
          { encoding: 'utf8', timeout: 120000, stdio: ['ignore', 'pipe', 'pipe'] },
        )
          .split('\n')
          .filter((l) => !/^\[New LWP|^warning:|^\s*$/.test(l))
          .slice(0, 120);
      } catch (e) {
        rec.backtrace = [`gdb: ${String(e.message).slice(0, 200)}`];
      }
    }
    rec.slowCommands = slow;
    rec.taps = taps;
    rec.loads = loads;
    rec.loadAtEnd = loadavg().map((l) => +l.toFixed(2));
    await session.close().catch(() => {});
    await server.close();
  }
  return rec;
}

for (const kv of opts.jsc.split(',').filter(Boolean)) {
  const [k, v] = kv.split('=');
  process.env[`JSC_${k}`] = v; // inherited by the driver, the browser and its web process
}
// The busy loops of --busy, ended with this process.
const busy = [];
for (let k = 0; k < Number(opts.busy); k++) {
  const child = spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' });
  try {
    setPriority(child.pid, 0);
  } catch (e) {
    say(`busy loop ${child.pid}: its niceness stays ${e.message}`);
  }
  busy.push(child);
}
process.on('exit', () => {
  for (const child of busy) child.kill('SIGKILL');
});
if (busy.length) say(`${busy.length} busy loop(s): ${busy.map((c) => c.pid).join(', ')}`);
// Everything the driver and the browser print (MiniBrowser's console and
// WebKit's warnings), with the time of each piece, in DIR/driver.log.
// MiniBrowser says "WebProcess CRASHED" when its web process dies (a
// crash, or a kill): counted here, so that a game's end can be told apart.
const driverLog = createWriteStream(join(logDir, 'driver.log'), { flags: 'a' });
const log = (text) => {
  if (/WebProcess CRASHED/.test(text)) webProcessDeaths++;
  driverLog.write(`[${new Date().toISOString().slice(11, 23)}] ${text}${text.endsWith('\n') ? '' : '\n'}`);
};
// The driver, its browser and the browser's web process work in the log
// folder: a process that crashes leaves its core there (if the run has
// `ulimit -c unlimited`).
const cwd = resolve(logDir);
let driver = await startDriver(opts.engine, { log, cwd });
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
        driver = await startDriver(opts.engine, { log, cwd });
      }
    }
    played++;
    if (rec.result === 'ok') clean++;
    await appendFile(logFile, JSON.stringify(rec) + '\n');
    log(`--- game ${i} ${rec.result}`);
    say(
      `game ${i} ${mode} ${rec.result} ${Math.round(rec.ms / 1000)} s, ${rec.rounds} rounds, ${rec.steps} taps` +
        (tableMs ? ` (${rec.gamesOver} games over)` : '') +
        ` load ${rec.loadAtStart[0]}→${rec.loadAtEnd[0]}` +
        (rec.slowCommands.length ? ` ${rec.slowCommands.length} slow commands` : '') +
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
