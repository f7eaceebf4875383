// The web app's budgets, measured against a hello-world Yew app built in the
// same run (tools/hello): run through scripts/budget.sh, which builds both.
//
//   node scripts/budget.mjs --hello DIR --game DIR [--size] [--runs N]
//   node scripts/budget.mjs --hello DIR --game DIR --slow4g [--runs N] [--base [NAME=]DIR ...]
//
// Size: the .wasm and every .js file of each build, raw / gzip -9 / brotli
// q11 (node's zlib), and game ÷ floor (brotli); exits 1 over
// REGRESSION_CEILING (see below). With --size, stops there (the test run
// uses this).
// The QR worker's files (qr-worker*, loaded on demand the first time a QR
// code is shown or read: src/net/qr.rs) are not in the game's figures, which
// are what a first visit loads; they have a ceiling of their own
// (WORKER_CEILING, the worker's brotli ÷ the floor's). So have the phone's
// page's own files (mojo-phone-*, phone-boot-*: join.html, opened by "Join
// a table" or an invitation's link), with PHONE_CEILING.
// --slow4g: only the start on a slow phone, from a brotli static server:
// 150 ms latency, 200,000 bytes/s down, 84,375 up, the cache disabled, 4×
// CPU throttling (DevTools protocol), floor and game alternated run by run
// (default 15 runs each), medians, the spread and the ratio; --base DIR
// measures another build (e.g. the parent commit's dist) in the same
// alternation, and may be given more than once (`--base c3d0e5c=/tmp/d`
// names it), so that each change of a series is measured against the same
// base in one run. Two measures of each run (issue 37): "ready", navigation
// until a player can start (the game: "Start game" in the page and
// enabled; the floor: its button, enabled), the one the aim is set on;
// and, kept beside it for a while, "first button" (navigation until any
// button is in the page, as it was measured before). They differ where the
// game draws a button before "Start game" can be pressed. Beside them,
// "on screen": the frame after ready (work moved out of the app's start
// into that frame, such as a layout no longer forced, moves ready but not
// this). Each run is a first visit: nothing stored. With --link, the same
// network is the server's own instead of DevTools': one link shared by
// every request of the browser, 150 ms before each response and 200,000
// bytes/s in all (DevTools' emulation leaves a service worker's own
// fetches unthrottled, so it cannot see a precache competing with the
// page's download).
// Speed (headless Chromium, each app served under /app/ on localhost):
// - start: navigation → the first button rendered (the lobby's "Start
//   game", the floor's button), median of N fresh contexts, unthrottled and
//   with 4× CPU throttling (DevTools protocol) to stand in for a tablet;
// - tap: from a click on a card in the hand to the next frame after the
//   table changed, p95 over the person's plays of a game against bots;
// - bot round: the longest main-thread task (PerformanceObserver
//   "longtask", which reports tasks of 50 ms and more) and the longest gap
//   between two animation frames while four bots play a round.

import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { serve, launch, openPage, step, whatNow, root } from '../tests/e2e/harness.mjs';

// No size budget: the 2× budget of issue 5 was withdrawn (issue 11) — a
// player does not feel the difference between 94 and 143 KB, and cutting
// screens or Yew for it is not worth it. What stays is a regression
// ceiling (game ÷ floor, brotli), a little above the bundle as it is, so
// that it never grows by accident. A feature may raise it by what it
// measurably costs, recorded in BENCHMARKS.md ("Size") with the command.
// Each raise is in BENCHMARKS.md's table "Raises of the regression
// ceiling": 3.2 (issue 11), + 1.77 play across devices (issue 12),
// + 0.55 moves you can follow, sound, replays, deal codes (issue 14),
// + 0.06 take-back, install, storage and rules help (issues 13, 14),
// + 0.10 Hard's inference over the round's public log (issue 15):
// 5.54x measured after the merge of hard-ismcts, the ceiling just above;
// + 0.2 the family table (issue 25): 5.8; lowered to 5.7 when core's float
// formatting left again (issue 20): 5.60x measured, the ceiling 0.1 above.
// The step also fails if that float formatting comes back (below).
// Lowered to 5.53 with the QR worker (issue 20 item 6, 2026-12-04): the QR
// codes (qrcode, quircs) left the first visit for a worker of their own,
// the .wasm 250.6 → 239.8 KB brotli; 5.43x measured, the ceiling 0.1 above.
// + 0.18 (2026-12-04): four features less one cut, each measured with the
// command above (BENCHMARKS.md, "Raises of the regression ceiling", that
// day's row): the one-tap rejoin and the news to phones (issue 24)
// +2.5 KB, Hard's review in the replay (issue 21) +3.3 KB, the typed codes
// without a camera (issue 24) +2.1 KB, the 30 s reconnection window and
// pings (issue 24) +1.9 KB on its branch; a catalogue read from a table of
// its fields -2.3 KB. The merged tree: 257.0 -> 265.4 KB, 5.44x -> 5.62x; the
// ceiling 0.09 above, as before. Then (2026-12-04 09:12 UTC) the build's
// JS and CSS minified and the wasm imports' short names: 265.4 -> 254.7 KB,
// 5.39x; the ceiling lowered to 0.1 above (issue 20). Then (2026-12-04
// 18:58 UTC) the phone's side on a page of its own (join.html, not in
// these figures): 254.7 -> 239.4 KB, 5.07x; the ceiling 0.1 above.
// + 0.09 (2026-12-05): the family table's second pass (issue 34), each
// commit's .wasm measured on its own build (BENCHMARKS.md, "Raises of the
// regression ceiling", that day's row): the lobby's links, the notices'
// room, today's result with places and streak +2.2 KB, the covers of the
// hand's place +0.7 KB, the review's numbers and per-person summary
// +0.9 KB: 231.0 -> 235.2 KB, 5.10x -> 5.19x; the ceiling raised by the
// same 0.09.
// + 0.13 (2026-12-05, issue 35's first part): play across the internet,
// the site's network.json (fetched as a link is made, read, its copy
// kept, its mistakes named), the Menu's relay (three fields, judged by
// the reducer), the relay in the invitation, and why a pairing found no
// path (four cases): 245.5 -> 251.5 KB, 5.20x -> 5.33x (BENCHMARKS.md,
// "Size").
// + 0.05 (2026-12-05, issue 35): the reply's way back (a reply kept
// through the messenger, the reply as a link, the tab a reply link opens
// and its hand-off to the table's tab): 251.5 -> 253.8 KB, 5.33x -> 5.38x
// (BENCHMARKS.md, "Size").
// + 0.05 (2026-12-05, issue 35, the sixth session): the invitation's ten
// minutes (until when, its end, the late reply told), the table's page in
// the background told to the phones, the round's chip as a button, the
// table's messages sent before it draws: 254.9 -> 256.6 KB, 5.40x ->
// 5.44x (BENCHMARKS.md, "Size").
// + 0.04 (2026-12-06, issue 35 item 6): a phone's link kept across a change
// of network (its looks at the network, the ICE restart over the channel,
// the table's answer to it): 256.7 -> 258.7 KB, 5.44x -> 5.48x.
// + 0.07 (2026-12-06, the ninth session, issue 35 item 6): the table's own
// network watched too (its looks, shared by its links, its ICE restarts,
// the rule for two restarts at once) and the confirming look: 258.6 ->
// 261.8 KB, 5.48x -> 5.55x (BENCHMARKS.md, "Size").
// - 0.04 (the same day): wasm-opt's one-caller inlining kept to small
// functions, the table's screen and the dialogs apart from the root view:
// 261.8 -> 260.2 KB, 5.51x; the ceiling 0.05 above it.
// + 0.04 (2026-12-07): the rules help's words (issue 57, +0.3 KB) and the
// far table's first slips fixed (issue 56 items 1-4, 9, 10: unknown fields
// of network.json let through, hashchange, percent-decoded links, the
// device's time format, the far player told; +2.0 KB): 260.2 -> 262.5 KB,
// 5.51x -> 5.56x (measured at e59d4ab, 6428267 and a9f07fd).
// + 0.12 (the same day): issue 56's last items (a seat said far, the link
// leading, a rematch that waits for its device: 262.5 -> 263.3 KB) and
// issue 55's first part (each person's buttons in a spot of their own,
// guarded as cards are, the take-back's question and its log line, the
// replay and Menu reordered: 263.3 -> 268.0 KB): 5.68x at c249831.
// + 0.07 (the same day): issue 55's last items (the card a person drew
// shown to them, Hard's review opening each flagged move and saying why
// for it, its summary's buttons) with the engine's split into files (moves
// only): 268.0 -> 271.7 KB, 5.75x at 5dc79b4.
const REGRESSION_CEILING = 5.79;
/// The QR worker's .wasm and .js (brotli) ÷ the floor's total: 0.71x
/// measured on 2026-12-04 (33.5 KB); 0.68x (32.1 KB) minified, with short
/// import names; the ceiling 0.1 above.
const WORKER_CEILING = 0.78;
/// The phone's page's .wasm and .js (brotli) ÷ the floor's total, 5.3x
/// measured on 2026-12-04 when it left the table's page (the whole app, as
/// the table's page was before); the ceiling 0.1 above. + 0.09
/// (2026-12-05): the same issue-34 features as the table's page carries
/// (its .wasm 246.1 -> 250.5 KB brotli, 5.33x -> 5.42x). + 0.15
/// (2026-12-05): issue 35's first part, as the table's page (and the
/// answer's side: the invitation's relay beside its own): 5.44x -> 5.59x.
/// + 0.06 (2026-12-05): issue 35's reply kept and sent back as a link:
/// 5.58x -> 5.64x (263.4 -> 266.1 KB). + 0.06 (the sixth session): the
/// same features as the table's page, and the phone's own (its reply's
/// end, a fresh reply when the browser gives one up, the table away, the
/// way back from another network): 266.5 -> 269.7 KB, 5.65x -> 5.71x.
/// + 0.08 (2026-12-06, issue 35 item 6): the phone's looks at its network
/// and its ICE restart over the channel: 269.6 -> 273.7 KB, 5.71x -> 5.80x.
/// + 0.05 (2026-12-07): issue 56 items 1-4, 9, 10, as the table's page:
/// 273.8 -> 276.1 KB, 5.80x -> 5.85x. + 0.11 (the same day): issue 56's
/// last items (276.1 -> 276.9 KB) and issue 55's first part (-> 281.4 KB),
/// 5.96x at c249831. + 0.08 (the same day): issue 55's last items and the
/// engine's split, as the game's above: 281.5 -> 285.2 KB, 6.04x at 5dc79b4.
const PHONE_CEILING = 6.08;
/// The QR worker's files: loaded on demand, not by a first visit.
const isWorker = (f) => f.startsWith('qr-worker');
/// The phone's page's own files (join.html's app and its boot script).
const isPhone = (f) => f.startsWith('mojo-phone-') || f.startsWith('phone-boot-');

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const helloDir = opt('--hello', join(root, 'target', 'budget', 'hello'));
const gameDir = opt('--game', join(root, 'dist'));
const sizeOnly = args.includes('--size');
const slow4g = args.includes('--slow4g');
// Other builds measured in the same alternation: `--base DIR` or
// `--base NAME=DIR`, as many as wanted (named base, base2, … otherwise).
const bases = args
  .flatMap((a, i) => (a === '--base' && i + 1 < args.length ? [args[i + 1]] : []))
  .map((b, i) => {
    const eq = b.indexOf('=');
    return eq > 0 ? [b.slice(0, eq), b.slice(eq + 1)] : [i === 0 ? 'base' : `base${i + 1}`, b];
  });
const link = args.includes('--link');
const runs = Number(opt('--runs', slow4g ? '15' : '9'));

// ---- size ----------------------------------------------------------------

async function sizes(dir, which = (f) => !isWorker(f) && !isPhone(f)) {
  const files = (await readdir(dir)).filter((f) => (f.endsWith('.wasm') || f.endsWith('.js')) && which(f)).sort();
  const out = { files: {}, wasm: { raw: 0, gzip: 0, brotli: 0 }, js: { raw: 0, gzip: 0, brotli: 0 } };
  for (const f of files) {
    const bytes = await readFile(join(dir, f));
    const s = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [constants.BROTLI_PARAM_MODE]: f.endsWith('.js') ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        },
      }).length,
    };
    out.files[f] = s;
    const kind = f.endsWith('.wasm') ? out.wasm : out.js;
    for (const k of ['raw', 'gzip', 'brotli']) kind[k] += s[k];
  }
  if (!files.some((f) => f.endsWith('.wasm'))) throw new Error(`no .wasm in ${dir}: build it first`);
  out.total = {};
  for (const k of ['raw', 'gzip', 'brotli']) out.total[k] = out.wasm[k] + out.js[k];
  return out;
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const hello = await sizes(helloDir);
const game = await sizes(gameDir);
const ratio = game.total.brotli / hello.total.brotli;
const worker = await sizes(gameDir, isWorker).catch(() => null);
const workerRatio = worker ? worker.total.brotli / hello.total.brotli : 0;
const phone = await sizes(gameDir, isPhone).catch(() => null);
const phoneRatio = phone ? phone.total.brotli / hello.total.brotli : 0;
const result = {
  date: new Date().toISOString(),
  size: {
    hello: { wasm: hello.wasm, js: hello.js, total: hello.total },
    game: { wasm: game.wasm, js: game.js, total: game.total, files: game.files },
    ratio_brotli: Number(ratio.toFixed(3)),
    ratio_gzip: Number((game.total.gzip / hello.total.gzip).toFixed(3)),
    regression_ceiling: REGRESSION_CEILING,
    worker: worker && { wasm: worker.wasm, js: worker.js, total: worker.total, files: worker.files },
    worker_ratio_brotli: Number(workerRatio.toFixed(3)),
    worker_ceiling: WORKER_CEILING,
    phone: phone && { wasm: phone.wasm, js: phone.js, total: phone.total, files: phone.files },
    phone_ratio_brotli: Number(phoneRatio.toFixed(3)),
    phone_ceiling: PHONE_CEILING,
  },
};

console.log('size (.wasm + .js)          raw        gzip -9    brotli q11');
/// The .wasm, .js and total rows of one set of files (`sizes`).
const rows = (name, s) => {
  for (const part of ['wasm', 'js', 'total']) {
    const label = `${name} ${part}`.padEnd(26);
    console.log(`${label} ${kb(s[part].raw).padStart(10)} ${kb(s[part].gzip).padStart(10)} ${kb(s[part].brotli).padStart(12)}`);
  }
};
rows('floor (tools/hello)', hello);
rows('game', game);
if (worker) {
  rows('QR worker', worker);
  console.log(`QR worker (on demand, not in the game's figures): ${workerRatio.toFixed(2)}× the floor (ceiling ${WORKER_CEILING}×)`);
} else {
  console.log('QR worker: no qr-worker files in the build');
}
if (phone) {
  rows("phone's page", phone);
  console.log(`phone's page (join.html, not in the game's figures): ${phoneRatio.toFixed(2)}× the floor (ceiling ${PHONE_CEILING}×)`);
}
console.log(`game js files: ${Object.entries(game.files).filter(([f]) => f.endsWith('.js')).map(([f, s]) => `${f} ${s.brotli} B br`).join(', ')}`);
// Not counted above: a language other than English, fetched before the
// first screen only by players who use it (and cached in the background by
// the service worker for offline play).
const langDir = join(gameDir, 'i18n');
const langs = (await readdir(langDir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
if (langs.length > 0) {
  const lang = [];
  for (const f of langs) {
    const bytes = await readFile(join(langDir, f));
    lang.push(`${f} ${brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length} B br`);
  }
  console.log(`languages on demand (i18n/, not in the ratio): ${lang.join(', ')}`);
}
console.log(`ratio game / floor, brotli: ${ratio.toFixed(2)}× (regression ceiling ${REGRESSION_CEILING}×)`);

// Core's float formatting (`{}` or `{:.N}` of an f64: flt2dec, Grisu with
// Dragon4 behind it) costs the game about 7 KB brotli, and any one
// `format!` of an f64 brings it back. Its data is found by the first entry
// of Grisu's table of cached powers of ten (CACHED_POW10, the u64
// 0xe61acf033d1a45df, little-endian), which nothing else holds.
const FLOAT_FORMATTING = Buffer.from('df451a3d03cf1ae6', 'hex');
const floatFormatting = [];
for (const f of [...Object.keys(game.files), ...Object.keys(phone?.files ?? {})].filter((f) => f.endsWith('.wasm'))) {
  if ((await readFile(join(gameDir, f))).includes(FLOAT_FORMATTING)) floatFormatting.push(f);
}
result.size.float_formatting = floatFormatting.length > 0;
console.log(`core's float formatting in the game's .wasm: ${floatFormatting.length ? `yes (${floatFormatting.join(', ')})` : 'no'}`);

// ---- speed ---------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : null;
};
const round1 = (x) => (x == null ? null : Math.round(x * 10) / 10);

/// Slow 4G as `--slow4g` measures it: DevTools protocol's network
/// emulation (latency per request, bytes per second).
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 84375 };

/// One slow link shared by all of a browser's requests, as `--link` has it:
/// each response waits the latency, then its body goes out in 4 KB pieces,
/// each piece given its turn on the link (so that parallel downloads share
/// the bytes per second, as on a real link).
function slowLink({ latency, downloadThroughput }) {
  let free = 0;
  const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));
  return {
    async send(res, headers, body) {
      await wait(latency);
      res.writeHead(200, headers);
      for (let at = 0; at < body.length; at += 4096) {
        // The browser went away (a run ends at its first screen): the rest
        // is not sent and takes no time on the link.
        if (res.destroyed) return;
        const piece = body.subarray(at, at + 4096);
        const now = performance.now();
        free = Math.max(free, now) + (piece.length * 1000) / downloadThroughput;
        await wait(free - now);
        res.write(piece);
      }
      res.end();
    },
  };
}

async function newPage(browser, throttle, network = null, { firstVisit = false } = {}) {
  // A fresh context set up like the end-to-end tests' (tests/e2e/harness.mjs);
  // a first visit's with nothing stored (the tests' own contexts start
  // with the walkthrough marked as seen).
  const page = await openPage(browser, null, undefined, { tour: firstVisit });
  const context = page.context();
  if (throttle > 1 || network) {
    const cdp = await context.newCDPSession(page);
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    if (network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', network);
    }
  }
  return { context, page };
}

/// A static server as a host with brotli would be: every file of `dir`
/// compressed once (q11) and sent with `content-encoding: br` when the
/// browser accepts it (gzip -9 otherwise), under /app/.
async function serveCompressed(dir, pace = null) {
  const { createServer } = await import('node:http');
  const { extname, normalize } = await import('node:path');
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };
  const packed = new Map();
  const encodings = new Set();
  const server = createServer(async (req, res) => {
    let rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/app\//, '');
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(normalize(dir))) return res.writeHead(403).end();
    const accepts = req.headers['accept-encoding'] ?? '';
    const enc = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    const key = `${enc}:${file}`;
    if (!packed.has(key)) {
      const raw = await readFile(file).catch(() => null);
      if (raw === null) return res.writeHead(404).end();
      const body =
        enc === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : enc === 'gzip'
            ? gzipSync(raw, { level: 9 })
            : raw;
      packed.set(key, body);
    }
    encodings.add(enc ?? 'identity');
    const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
    if (enc) headers['content-encoding'] = enc;
    if (!pace) return res.writeHead(200, headers).end(packed.get(key));
    await pace.send(res, headers, packed.get(key));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/app/`, encodings, close: () => new Promise((ok) => server.close(ok)) };
}

/// navigation → first button in the DOM (both apps render their first
/// button with their first render, listeners attached).
async function startOnce(browser, url, throttle, network = null) {
  return (await readyOnce(browser, url, throttle, network, null)).first;
}

/// One fresh start of `url`: `first`, navigation → the first button in the
/// DOM; `ready`, navigation → a button a player can press to start:
/// labelled `label` (the game's "Start game", in English) or, without a
/// label, any button (the floor's), in the page and enabled (not
/// `disabled`, not `aria-disabled`). Both watched by one observer of the
/// page's tree and attributes from before its first script.
async function readyOnce(browser, url, throttle, network, label) {
  const { context, page } = await newPage(browser, throttle, network, { firstVisit: true });
  await page.addInitScript((label) => {
    // Where the time goes (issue 37 item 2): the .wasm's compile and
    // instantiation, timed around the browser's own calls.
    for (const name of ['instantiateStreaming', 'instantiate', 'compileStreaming', 'compile']) {
      const real = WebAssembly[name];
      if (!real) continue;
      WebAssembly[name] = function (...a) {
        window.__wasmStart ??= performance.now();
        return real.apply(this, a).then((x) => {
          window.__wasmEnd = performance.now();
          return x;
        });
      };
    }
    const check = (obs) => {
      if (window.__render === undefined && document.body && [...document.body.children].some((e) => !['SCRIPT', 'LINK', 'NOSCRIPT', 'STYLE'].includes(e.tagName))) {
        window.__render = performance.now();
      }
      const buttons = [...document.querySelectorAll('body button')];
      if (buttons.length && window.__first === undefined) window.__first = performance.now();
      const ready = buttons.some(
        (b) => (label === null || b.textContent.trim() === label) && !b.disabled && b.getAttribute('aria-disabled') !== 'true',
      );
      if (ready && window.__ready === undefined) {
        window.__ready = performance.now();
        obs.disconnect();
        // On screen: the frame that shows it (the style and layout of the
        // first render are done there unless a script forced them sooner).
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => (window.__painted = performance.now());
          ch.port2.postMessage(0);
        });
      }
    };
    new MutationObserver((_, obs) => check(obs)).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['disabled', 'aria-disabled'],
    });
  }, label);
  await page.goto(url);
  const what = label === null ? 'an enabled button' : `an enabled "${label}"`;
  try {
    await page.waitForFunction(() => window.__ready !== undefined && window.__painted !== undefined, null, { timeout: 60000 });
  } catch (e) {
    const saw = await page.evaluate(() => [...document.querySelectorAll('button')].map((b) => `${b.textContent.trim()}${b.disabled ? ' (disabled)' : ''}`).join(', ')).catch(() => '?');
    throw new Error(`${url}: no ${what} within 60 s; the page's buttons: ${saw || 'none'}`);
  }
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource').filter((e) => e.startTime <= window.__ready);
    const end = (re) => Math.max(0, ...res.filter((e) => re.test(new URL(e.name).pathname)).map((e) => e.responseEnd));
    const wasm = res.filter((e) => /\.wasm$/.test(new URL(e.name).pathname));
    return {
      first: window.__first,
      ready: window.__ready,
      parts: {
        html: nav ? nav.responseEnd : null,
        scripts: end(/\.js$/),
        css: end(/\.css$/),
        wasm_start: wasm.length ? Math.min(...wasm.map((e) => e.startTime)) : null,
        wasm_end: wasm.length ? Math.max(...wasm.map((e) => e.responseEnd)) : null,
        instantiated: window.__wasmEnd ?? null,
        first_render: window.__render ?? null,
        on_screen: window.__painted ?? null,
        dom_content_loaded: nav ? nav.domContentLoadedEventEnd : null,
        fonts: end(/\.(woff2?|ttf|otf)$/) || null,
        language_file: end(/\/i18n\//) || null,
        requests: res.map((e) => `${new URL(e.name).pathname.split('/').pop()} ${Math.round(e.startTime)}–${Math.round(e.responseEnd)}`),
      },
    };
  });
  await context.close();
  return t;
}

/// Medians over the runs of each moment of a first visit, from
/// navigation: the HTML received, the last script, the stylesheet, the
/// .wasm's download (start, end), compiled and instantiated, the first
/// element drawn, DOMContentLoaded, fonts and the language file (null
/// where none was fetched), ready to start; and one run's requests.
function breakdown(parts, ready) {
  const keys = ['html', 'scripts', 'css', 'wasm_start', 'wasm_end', 'instantiated', 'first_render', 'on_screen', 'dom_content_loaded', 'fonts', 'language_file'];
  const out = {};
  for (const key of keys) {
    const xs = parts.map((p) => p[key]).filter((x) => x !== null && x !== undefined);
    out[key] = xs.length ? round1(median(xs)) : null;
  }
  out.ready = round1(median(ready));
  out.requests_of_one_run = parts[0]?.requests ?? [];
  return out;
}

/// The spread of `xs`: min, quartiles, max.
const spread = (xs) => ({ min: round1(Math.min(...xs)), p25: round1(quantile(xs, 0.25)), p75: round1(quantile(xs, 0.75)), max: round1(Math.max(...xs)) });

/// Start times of the floor and the game, alternating run by run so that
/// whatever else the machine does weighs on both alike.
async function startTimes(browser, helloUrl, gameUrl, throttle) {
  const h = [];
  const g = [];
  for (let i = 0; i < runs; i++) {
    h.push(await startOnce(browser, helloUrl, throttle));
    g.push(await startOnce(browser, gameUrl, throttle));
  }
  const summary = (xs) => ({ median_ms: round1(median(xs)), runs: xs.map(round1) });
  return [summary(h), summary(g)];
}

async function setUpBots(page, kinds) {
  const current = await page.locator('.lobby__seat').count();
  for (let i = current; i < kinds.length; i++) await page.getByRole('button', { name: '+ Add a seat' }).click();
  for (let i = current; i > kinds.length; i--) await page.locator('.lobby__seat').last().getByRole('button').click();
  for (const [i, kind] of kinds.entries()) {
    await page.locator(`#seat-name-${i}`).fill(kind === 'person' ? 'You' : `Bot ${i}`);
    await page.locator(`#seat-kind-${i}`).selectOption(kind);
  }
}

/// Card tap → the next frame after the table changed, for the person's
/// plays against three Medium bots.
async function tapTimes(browser, url, throttle, taps = 40) {
  const { context, page } = await newPage(browser, throttle);
  await page.addInitScript(() => {
    window.__taps = [];
    document.addEventListener(
      'click',
      (e) => {
        if (!e.target.closest('[role="group"][aria-label="Your hand"] button')) return;
        const t0 = e.timeStamp;
        const table = document.querySelector('.table');
        const obs = new MutationObserver(() => {
          obs.disconnect();
          requestAnimationFrame(() => window.__taps.push(performance.now() - t0));
        });
        obs.observe(table, { childList: true, subtree: true, characterData: true, attributes: true });
      },
      true,
    );
  });
  await page.goto(`${url}?lang=en&speed=instant`);
  await setUpBots(page, ['person', 'medium', 'medium', 'medium']);
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator('.table').waitFor();
  for (let i = 0; i < 4000; i++) {
    const n = await page.evaluate(() => window.__taps.length);
    if (n >= taps) break;
    const what = await whatNow(page);
    if (what === 'over') {
      await page.getByRole('button', { name: 'Rematch' }).click();
      continue;
    }
    await step(page);
    if (what === 'play') await page.waitForFunction((k) => window.__taps.length > k, n, { timeout: 10000 });
  }
  const xs = await page.evaluate(() => window.__taps);
  await context.close();
  return { taps: xs.length, p50_ms: round1(quantile(xs, 0.5)), p95_ms: round1(quantile(xs, 0.95)), max_ms: round1(Math.max(...xs)) };
}

/// Four bots (Hard, Hard, Medium, Easy) play a round at normal speed.
async function botRound(browser, url, throttle) {
  const { context, page } = await newPage(browser, throttle);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${url}?lang=en&speed=fast`);
  await setUpBots(page, ['hard', 'hard', 'medium', 'easy']);
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator('.table').waitFor();
  await page.evaluate(() => {
    window.__frames = { last: performance.now(), max: 0, on: true };
    const tick = (t) => {
      const f = window.__frames;
      f.max = Math.max(f.max, t - f.last);
      f.last = t;
      if (f.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const started = Date.now();
  await page.getByRole('heading', { name: /^Round 1 is over/ }).waitFor({ timeout: 180000 });
  const r = await page.evaluate(() => {
    window.__frames.on = false;
    return {
      hard_decisions: performance.getEntriesByName('mojo-think-hard').length,
      long_tasks: window.__longTasks.length,
      longest_task_ms: window.__longTasks.length ? Math.max(...window.__longTasks) : 0,
      longest_frame_gap_ms: window.__frames.max,
    };
  });
  await context.close();
  return {
    round_s: round1((Date.now() - started) / 1000),
    hard_decisions: r.hard_decisions,
    long_tasks: r.long_tasks,
    longest_task_ms: round1(r.longest_task_ms),
    longest_frame_gap_ms: round1(r.longest_frame_gap_ms),
  };
}

if (!sizeOnly && !slow4g) {
  const helloServer = await serve('/app/', { dir: helloDir });
  const gameServer = await serve('/app/', { dir: gameDir });
  const browser = await launch();
  try {
    const speed = {};
    for (const throttle of [1, 4]) {
      const key = throttle === 1 ? 'unthrottled' : `cpu_${throttle}x`;
      const [h, g] = await startTimes(browser, helloServer.url, `${gameServer.url}?lang=en`, throttle);
      speed[key] = {
        start_floor: h,
        start_game: g,
        start_ratio: round1(g.median_ms / h.median_ms),
        tap: await tapTimes(browser, gameServer.url, throttle),
        bot_round: await botRound(browser, gameServer.url, throttle),
      };
      const s = speed[key];
      console.log(
        `${key}: start floor ${s.start_floor.median_ms} ms, game ${s.start_game.median_ms} ms (${s.start_ratio}×, median of ${runs});` +
          ` tap→table p95 ${s.tap.p95_ms} ms (p50 ${s.tap.p50_ms}, ${s.tap.taps} taps);` +
          ` bot round: longest task ${s.bot_round.longest_task_ms} ms (${s.bot_round.long_tasks} over 50 ms),` +
          ` longest frame gap ${s.bot_round.longest_frame_gap_ms} ms, ${s.bot_round.hard_decisions} Hard decisions in ${s.bot_round.round_s} s`,
      );
    }
    result.speed = speed;
    result.chromium = browser.version();
    result.load_average = (await import('node:os')).loadavg().map((x) => Number(x.toFixed(2)));
    console.log(`machine load average (1, 5, 15 min): ${result.load_average.join(', ')} on ${(await import('node:os')).cpus().length} cores`);
  } finally {
    await browser.close();
    await helloServer.close();
    await gameServer.close();
  }
}

if (slow4g) {
  // Floor, game (and the other build), alternated run by run.
  const builds = [['floor', helloDir], ['game', gameDir], ...bases];
  const servers = [];
  // With --link, one link for all the servers (a run is one build at a time).
  const shared = link ? slowLink(SLOW_4G) : null;
  for (const [, dir] of builds) servers.push(await serveCompressed(dir, shared));
  const browser = await launch();
  const times = builds.map(() => []);
  const firsts = builds.map(() => []);
  const parts = builds.map(() => []);
  try {
    for (let i = 0; i < runs; i++) {
      for (const [k, [name]] of builds.entries()) {
        const url = name === 'floor' ? servers[k].url : `${servers[k].url}?lang=en`;
        const t = await readyOnce(browser, url, 4, link ? null : SLOW_4G, name === 'floor' ? null : 'Start game');
        times[k].push(t.ready);
        firsts[k].push(t.first);
        parts[k].push(t.parts);
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) await s.close();
  }
  const out = { conditions: { ...SLOW_4G, cache_disabled: true, cpu_throttling: 4, runs, network: link ? 'the server paces one shared link' : 'DevTools emulation' }, chromium: browser.version() };
  const floor = median(times[0]);
  const floorFirst = median(firsts[0]);
  // On screen: the frame after ready (a change that only moves work from
  // the start into that frame moves ready, not this).
  const onScreen = parts.map((ps) => ps.map((p) => p.on_screen));
  const floorShown = median(onScreen[0]);
  for (const [k, [name, dir]] of builds.entries()) {
    const m = median(times[k]);
    const f = median(firsts[k]);
    out[name] = {
      dir,
      median_ms: round1(m),
      ratio: Number((m / floor).toFixed(2)),
      spread_ms: spread(times[k]),
      runs: times[k].map(round1),
      first_button: { median_ms: round1(f), ratio: Number((f / floorFirst).toFixed(2)), runs: firsts[k].map(round1) },
      on_screen: { median_ms: round1(median(onScreen[k])), ratio: Number((median(onScreen[k]) / floorShown).toFixed(2)), runs: onScreen[k].map(round1) },
      breakdown: breakdown(parts[k], times[k]),
      encodings: [...servers[k].encodings],
    };
    const sp = spread(times[k]);
    const b = out[name].breakdown;
    console.log(
      `  ${name}: html ${b.html}, scripts ${b.scripts}, css ${b.css}, .wasm ${b.wasm_start}–${b.wasm_end}, instantiated ${b.instantiated}, ` +
        `first render ${b.first_render}, on screen ${b.on_screen}, DOMContentLoaded ${b.dom_content_loaded}, fonts ${b.fonts ?? 'none'}, language file ${b.language_file ?? 'none'}, ready ${b.ready} (ms, medians)`,
    );
    console.log(
      `slow 4G (150 ms, 200,000 B/s${link ? ', one link paced by the server' : ''}, 4× CPU), ${name.padEnd(5)}: ` +
        `ready to start in ${round1(m)} ms median of ${runs} (${(m / floor).toFixed(2)}× the floor; spread ${sp.min}–${sp.max}, quartiles ${sp.p25}–${sp.p75}); ` +
        `first button ${round1(f)} ms (${(f / floorFirst).toFixed(2)}×); on screen ${round1(median(onScreen[k]))} ms (${(median(onScreen[k]) / floorShown).toFixed(2)}×); ${[...servers[k].encodings].join(', ')} ${dir}`,
    );
  }
  // Each other build against the game, run by run (the same round of the
  // alternation: the machine's moment weighs on both alike).
  for (const [k, [name]] of builds.entries()) {
    if (k < 2) continue;
    const pairs = (xs, ys) => xs.map((x, i) => x / ys[i]);
    const ready = pairs(times[1], times[k]);
    const shown = pairs(onScreen[1], onScreen[k]);
    out[name].game_over_this = {
      ready: { median: Number(median(ready).toFixed(3)), p25: Number(quantile(ready, 0.25).toFixed(3)), p75: Number(quantile(ready, 0.75).toFixed(3)) },
      on_screen: { median: Number(median(shown).toFixed(3)), p25: Number(quantile(shown, 0.25).toFixed(3)), p75: Number(quantile(shown, 0.75).toFixed(3)) },
    };
    const r = out[name].game_over_this;
    console.log(
      `game ÷ ${name}, run by run: ready ${r.ready.median} (quartiles ${r.ready.p25}–${r.ready.p75}), on screen ${r.on_screen.median} (${r.on_screen.p25}–${r.on_screen.p75})`,
    );
  }
  out.load_average = (await import('node:os')).loadavg().map((x) => Number(x.toFixed(2)));
  result.slow4g = out;
}

const outDir = join(root, 'target', 'budget');
await mkdir(outDir, { recursive: true });
const outName = sizeOnly ? 'size' : slow4g ? 'slow4g' : 'budget';
await writeFile(join(outDir, `${outName}.json`), JSON.stringify(result, null, 2) + '\n');
console.log(`budget: written target/budget/${outName}.json`);
if (floatFormatting.length) {
  console.error(
    "budget: FAILED: core's float formatting is back in the game's .wasm (about 7 KB brotli). " +
      'Look for a `format!`, `to_string` or `{}` of an f64 or f32 (git diff, or twiggy on a build that keeps names: ' +
      'BENCHMARKS.md, "Where the bytes are") and format whole numbers instead (src/ui/follow.rs `whole_px`, src/ui/mod.rs `tenths`).',
  );
  process.exit(1);
}
if (ratio > REGRESSION_CEILING) {
  console.error(
    `budget: FAILED: the game is ${ratio.toFixed(2)}× the Yew floor (brotli): it grew past the regression ceiling of ${REGRESSION_CEILING}×. ` +
      'If a feature is worth it, raise REGRESSION_CEILING in scripts/budget.mjs by what it measurably costs and record it in BENCHMARKS.md ("Raises of the regression ceiling").',
  );
  process.exit(1);
}
if (!phone) {
  console.error("budget: FAILED: no phone's page (mojo-phone-*.wasm) in the build: index.html must build mojo-phone and scripts/pwa-postbuild.mjs write join.html");
  process.exit(1);
}
if (phoneRatio > PHONE_CEILING) {
  console.error(
    `budget: FAILED: the phone's page is ${phoneRatio.toFixed(2)}× the Yew floor (brotli), past its ceiling of ${PHONE_CEILING}×. ` +
      'Raise PHONE_CEILING in scripts/budget.mjs by what a change measurably costs and record it in BENCHMARKS.md ("Raises of the regression ceiling").',
  );
  process.exit(1);
}
if (!worker) {
  console.error('budget: FAILED: no QR worker (qr-worker*.wasm) in the build: index.html must build qr-worker/ as a worker');
  process.exit(1);
}
if (workerRatio > WORKER_CEILING) {
  console.error(
    `budget: FAILED: the QR worker is ${workerRatio.toFixed(2)}× the Yew floor (brotli), past its ceiling of ${WORKER_CEILING}×. ` +
      'Raise WORKER_CEILING in scripts/budget.mjs by what a change measurably costs and record it in BENCHMARKS.md ("Raises of the regression ceiling").',
  );
  process.exit(1);
}
console.log(
  `budget: ${ratio.toFixed(2)}× is under the regression ceiling of ${REGRESSION_CEILING}×; the QR worker ${workerRatio.toFixed(2)}× under ${WORKER_CEILING}×; ` +
    `the phone's page ${phoneRatio.toFixed(2)}× under ${PHONE_CEILING}×`,
);
