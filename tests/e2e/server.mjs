// The static server of the end-to-end tests: serves the release build
// (dist/) under a sub-path, as a static host would, and records what it was
// asked. Shared by the Playwright tests (harness.mjs) and the WebDriver
// tests of every engine (wd-harness.mjs); no browser library here.

import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const root = normalize(join(here, '..', '..'));
// MOJO_DIST: another build to test (default: dist/, the release build).
export const dist = process.env.MOJO_DIST ?? join(root, 'dist');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/// Where an injected test script is served, under the base path.
export const INIT_PATH = '__e2e__/init.js';

/// An empty page of the site, outside the app's base and so outside its
/// service worker's scope: where a test empties the site's storage
/// (engines.mjs `emptied`). Answered whatever the base, never an error.
export const BLANK_PATH = '/__e2e__/blank.html';

/// Serves dist/ (or `dir`) on 127.0.0.1 (a free port, or `port`) under
/// `base` (e.g. "/" or "/games/mojo/"). Returns { url, origin, port, close,
/// setDir, setDelay, down, up, setInit, requests, errors }:
/// - `setDir(other)` serves another build at the same address (a deploy);
///   `setDir(null)` drops every connection (the server is gone);
/// - `setDelay(ms)` answers every request that much later (a weak network),
///   but for the test's own script (`init`, below);
/// - `down()` stops listening (the browser's connections are refused) and
///   `up()` listens again on the same port;
/// - `requests` lists the paths asked for; `errors` the answers of 400 and
///   over (`HTTP 404 /path`).
///
/// `init`: JavaScript that the page runs first, as WebDriver has no init
/// scripts. The server adds `<script src="…/__e2e__/init.js">` (same
/// origin, allowed by the page's `script-src 'self'`) at the top of every
/// HTML page it serves and answers that URL with this code; `setInit(code)`
/// changes it. The build on disk is never touched: only what this test
/// server sends carries the hook. The script may be cached for an hour, so
/// that a page opened offline from the service worker's copy (which has the
/// tag) still finds it in the HTTP cache.
///
/// The network lab (tests/e2e/lab/) serves the site as a deployer would:
/// over https (`tls`: `{ cert, key }`) on another address (`host`), with
/// files of the deployer's beside the build (`files`: `{ 'network.json':
/// text }`, answered under `base`).
export async function serve(base = '/', { dir = dist, init = null, port = 0, host = '127.0.0.1', tls = null, files = {} } = {}) {
  let served = dir;
  let delay = 0;
  let initCode = init;
  let initVersion = 1;
  const requests = [];
  const errors = [];
  const sockets = new Set();
  const answer = (res, path, status, headers, body) => {
    // (`network.json` is the deployer's, not the build's: without it, a
    // pairing's fetch of it is answered 404, as on a site that lists no
    // ICE server. Not an error of the page.)
    if (status >= 400 && !(status === 404 && path === `${base}network.json`)) errors.push(`HTTP ${status} ${path}`);
    res.writeHead(status, headers).end(body);
  };
  const handle = async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    // The slow network is the app's: the test's own script comes at once.
    const isInit = initCode !== null && path === `${base}${INIT_PATH}`;
    if (delay > 0 && !isInit) await new Promise((ok) => setTimeout(ok, delay));
    if (served === null) {
      req.socket.destroy();
      return;
    }
    if (path === BLANK_PATH && base !== '/') {
      answer(res, path, 200, { 'content-type': 'text/html', 'cache-control': 'no-store' }, '<!doctype html><title>blank</title>');
      return;
    }
    if (!path.startsWith(base)) {
      answer(res, path, 404);
      return;
    }
    let rel = path.slice(base.length) || 'index.html';
    if (isInit) {
      answer(res, path, 200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' }, initCode);
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(served, rel));
    if (!file.startsWith(served)) {
      answer(res, path, 403);
      return;
    }
    let body;
    try {
      body = Object.hasOwn(files, rel) ? Buffer.from(files[rel]) : await readFile(file);
    } catch {
      answer(res, path, 404);
      return;
    }
    if (initCode !== null && extname(file) === '.html') {
      const tag = `<script src="${base}${INIT_PATH}?v=${initVersion}"></script>`;
      const html = body.toString('utf8');
      if (!/<head>/i.test(html)) throw new Error(`no <head> in ${file}`);
      body = html.replace(/<head>/i, (h) => `${h}${tag}`);
    }
    answer(res, path, 200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    }, body);
  };
  const server = tls ? createTlsServer(tls, handle) : createServer(handle);
  const scheme = tls ? 'https' : 'http';
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const listen = (p) =>
    new Promise((ok, fail) => {
      server.once('error', fail);
      server.listen(p, host, () => {
        server.off('error', fail);
        ok();
      });
    });
  const stop = () =>
    new Promise((ok) => {
      for (const s of sockets) s.destroy();
      server.close(() => ok());
    });
  await listen(port);
  const bound = server.address().port;
  let listening = true;
  return {
    url: `${scheme}://${host}:${bound}${base}`,
    origin: `${scheme}://${host}:${bound}`,
    port: bound,
    requests,
    errors,
    setDir: (d) => {
      served = d;
    },
    setDelay: (ms) => {
      delay = ms;
    },
    setInit: (code) => {
      initCode = code;
      initVersion++;
    },
    down: async () => {
      if (listening) await stop();
      listening = false;
    },
    up: async () => {
      if (!listening) await listen(bound);
      listening = true;
    },
    close: async () => {
      if (listening) await stop();
      listening = false;
    },
  };
}
