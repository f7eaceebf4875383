// A small W3C WebDriver client (plain HTTP from Node, no dependency), and
// the three engines it drives: Chromium (chromedriver), Firefox
// (geckodriver + Debian's firefox-esr) and WebKit (WebKitWebDriver, which
// drives WebKitGTK's MiniBrowser, in an Xvfb display of its own).
//
// Only what the end-to-end tests need: sessions, navigation, executed
// scripts (which find elements by their accessible role and name, see
// `byRole` in wd-harness.mjs), element clicks and keys, screenshots.

import { spawn } from 'node:child_process';
import { mkdtemp, rm, access, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import { createServer, connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/// The W3C key of an element reference.
export const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const HOME_BIN = join(process.env.CARGO_HOME ?? join(process.env.HOME ?? '/root', '.cargo'), 'bin');

/// A free TCP port on 127.0.0.1 (the kernel picks it).
export async function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function executable(path) {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/// Finds a program on PATH (or in cargo's bin folder); null if absent.
async function which(name) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), HOME_BIN]) {
    if (dir && (await executable(join(dir, name)))) return join(dir, name);
  }
  return null;
}

/// Reduced motion (issue 54): a test file whose point is not the animations
/// calls `reduceMotion()` at its top, and every browser it starts from then
/// on (Chromium through Playwright or WebDriver, Firefox) prefers reduced
/// motion, as a player who turned animations off: the app's animations
/// and transitions are gone (`@media (prefers-reduced-motion: reduce)` in
/// styles/app.css), and so are the CPU they cost and the waits for them.
/// The files that test looks, pacing, taps during animations or the
/// animations themselves keep them. Each file runs in a process of its own
/// (`node --test`), so the choice is the file's.
let motionReduced = false;
export function reduceMotion() {
  motionReduced = true;
}
/// Chromium's flag for `reduceMotion()`, if the file asked for it.
export function motionArgs() {
  return motionReduced ? ['--force-prefers-reduced-motion'] : [];
}

/// The engines: how to start each one's driver and what a new session asks.
/// `capabilities(profileDir)` returns the `alwaysMatch` capabilities.
/// Chromium's flags for the tests (headless as root, no network of its own);
/// Playwright's launcher (harness.mjs) uses the same.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ENGINES = {
  chromium: {
    driver: 'chromedriver',
    needs: ['/usr/bin/chromium', '/usr/bin/chromedriver'],
    install: 'apt-get install chromium chromium-driver (scripts/setup.sh)',
    args: (port) => [`--port=${port}`],
    capabilities: (profile, { width, height }) => ({
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: [
          '--headless=new',
          ...chromiumArgs,
          ...motionArgs(),
          `--user-data-dir=${profile}`,
          `--window-size=${width},${height}`,
        ],
      },
    }),
  },
  firefox: {
    driver: 'geckodriver',
    needs: ['/usr/bin/firefox-esr'],
    install: 'apt-get install firefox-esr; cargo install geckodriver (scripts/setup.sh)',
    args: (port) => ['--port', String(port), '--log', 'fatal'],
    capabilities: (profile, { width, height }) => ({
      browserName: 'firefox',
      'moz:firefoxOptions': {
        binary: '/usr/bin/firefox-esr',
        args: ['-headless', '-profile', profile, `--width=${width}`, `--height=${height}`],
        // The machine's network is closed: no update, telemetry, safe
        // browsing or captive-portal checks.
        prefs: {
          'app.update.enabled': false,
          'app.normandy.enabled': false,
          'browser.safebrowsing.malware.enabled': false,
          'browser.safebrowsing.phishing.enabled': false,
          'browser.safebrowsing.downloads.enabled': false,
          'datareporting.policy.dataSubmissionEnabled': false,
          'toolkit.telemetry.enabled': false,
          'network.captive-portal-service.enabled': false,
          'network.connectivity-service.enabled': false,
          'extensions.update.enabled': false,
          'browser.shell.checkDefaultBrowser': false,
          'browser.startup.homepage_override.mstone': 'ignore',
          'remote.prefs.recommended': true,
          ...(motionReduced ? { 'ui.prefersReducedMotion': 1 } : {}),
        },
      },
    }),
  },
  webkit: {
    driver: 'WebKitWebDriver',
    needs: [MINIBROWSER, '/usr/bin/WebKitWebDriver', '/usr/bin/Xvfb'],
    install: 'apt-get install webkit2gtk-driver xvfb (scripts/setup.sh)',
    display: true,
    args: (port) => [`--port=${port}`],
    // MiniBrowser in automation mode has an ephemeral profile of its own
    // (nothing is kept between sessions): `profile` is not needed.
    capabilities: () => ({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: ['--automation', '--enable-write-console-messages-to-stdout=true'],
      },
    }),
  },
};

/// The engine named by MOJO_ENGINE (default chromium), or an error saying
/// what to set.
export function engineFromEnv() {
  const name = process.env.MOJO_ENGINE ?? 'chromium';
  if (!ENGINES[name]) throw new Error(`MOJO_ENGINE=${name}: expected one of ${Object.keys(ENGINES).join(', ')}`);
  return name;
}

/// A virtual X display (Xvfb) for WebKitGTK; `stop()` ends it.
///
/// `-noreset`: an X server resets itself when its last client leaves, and
/// the reset drops a client that connected in the meantime before answering
/// it. Between two tests the last browser leaves and the next one starts:
/// MiniBrowser then said `cannot open display: :0` 43 ms after the earlier
/// test ended, and its session never started (series run 4 on 68aaa87,
/// issue 38; tests/scripts/display.test.mjs shows the race).
export async function startXvfb() {
  const xvfb = await which('Xvfb');
  if (!xvfb) throw new Error('Xvfb not found: apt-get install xvfb (scripts/setup.sh)');
  const child = spawnGroup(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-noreset'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const display = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`Xvfb gave no display in 10 s: ${stderr}`)), 10000);
    child.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) {
        clearTimeout(timer);
        ok(`:${out.trim()}`);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Xvfb exited (${code}): ${stderr}`));
    });
  });
  return {
    display,
    stop: () => stopChild(child),
  };
}

/// Children started here run in process groups of their own (a driver
/// starts the browser, which starts its own processes): stopping one ends
/// its whole group, and every group still running when Node exits is ended.
const groups = new Set();
process.on('exit', () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
});

function spawnGroup(cmd, args, options) {
  const child = spawn(cmd, args, { ...options, detached: true });
  groups.add(child.pid);
  child.once('exit', () => groups.delete(child.pid));
  return child;
}

function stopChild(child) {
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {}
  };
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      signal('SIGKILL'); // what it started may still run
      groups.delete(child.pid);
      return ok();
    }
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      signal('SIGKILL');
      ok();
    });
    signal('SIGTERM');
  });
}

/// Starts the driver of `engine` on a free port (and, for WebKit, an Xvfb
/// display unless `display` is given). Fails with what to install when a
/// browser or driver is missing. Returns { engine, url, pid, newSession,
/// stop }. `log(text)` gets everything the driver and its browser print;
/// `cwd` is their working folder (where a crashing process leaves its core).
/// `ns`: a network namespace of the lab (tests/e2e/lab/) to run the driver
/// and its browser in; it is reached through a Unix socket (nsBridge).
export async function startDriver(engine, { display, log, cwd, ns } = {}) {
  const spec = ENGINES[engine];
  if (!spec) throw new Error(`unknown engine ${engine}`);
  for (const path of spec.needs) {
    if (!(await executable(path))) throw new Error(`${engine}: ${path} is missing: ${spec.install}`);
  }
  const bin = await which(spec.driver);
  if (!bin) throw new Error(`${engine}: ${spec.driver} not found: ${spec.install}`);
  let xvfb = null;
  const env = { ...process.env };
  if (spec.display) {
    if (!display) {
      xvfb = await startXvfb();
      display = xvfb.display;
    }
    env.DISPLAY = display;
    // No accessibility bus or GPU in the container; quiet and software only.
    env.NO_AT_BRIDGE = '1';
    env.WEBKIT_DISABLE_COMPOSITING_MODE = '1';
    env.LIBGL_ALWAYS_SOFTWARE = '1';
  }
  // The driver's process; replaced once if a session does not start.
  let run = await launch(bin, spec, env, log, cwd, ns);
  const driver = {
    engine,
    get url() {
      return run.url;
    },
    get pid() {
      return run.child.pid;
    },
    display,
    output: () => run.output(),
    /// A new browser session with a fresh profile. A browser that does
    /// not start (WebKitGTK's MiniBrowser, now and then: no answer to
    /// POST /session in 60 s) is not what any test checks: the driver and
    /// its browsers are ended (its other sessions with them: the tests
    /// hold one session of a driver at a time), a new driver is started,
    /// and the session is asked for once more, saying so on stderr. A
    /// second failure fails. The one cause seen, the display's reset as
    /// the last browser left (`startXvfb`), is gone; this stays for a
    /// cause not seen yet, and prints what the test run's log needs to
    /// find it.
    newSession: async (size = {}, extra = {}) => {
      try {
        return await openSession(run.url, engine, spec, size, extra);
      } catch (e) {
        // What the driver and its browser printed last, and the processes
        // they had, for the cause (issue 38: seen in a CI rehearsal and in
        // two clean-clone runs here, 2026-12-06, series run 3 on a729704
        // and run 4 on 68aaa87, 60 s lost each time; the last printed the
        // cause).
        const processes = await new Promise((done) => {
          const ps = spawn('ps', ['-o', 'pid,ppid,stat,etime,time,args', '-g', String(run.child.pid)]);
          let text = '';
          ps.stdout.on('data', (d) => (text += d));
          ps.on('error', () => done('(ps failed)'));
          ps.on('close', () => done(text.trim()));
        });
        process.stderr.write(
          `webdriver: ${engine}: no browser session (${String(e.message ?? e).slice(0, 200)}); the driver is restarted and asked once more\n` +
            `webdriver: ${engine}: its processes:\n${processes}\nwebdriver: ${engine}: its last output:\n${run.output().slice(-3000)}\n`,
        );
        await stopChild(run.child);
        run = await launch(bin, spec, env, log, cwd, ns);
        return openSession(run.url, engine, spec, size, extra);
      }
    },
    stop: async () => {
      await stopChild(run.child);
      await run.bridge?.close();
      await xvfb?.stop();
    },
  };
  return driver;
}

/// Starts the driver's process on a free port and waits until it answers.
async function launch(bin, spec, env, log, cwd, ns) {
  const port = await freePort();
  const [cmd, args] = ns ? ['ip', ['netns', 'exec', ns, bin, ...spec.args(port)]] : [bin, spec.args(port)];
  const child = spawnGroup(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d) => {
    output = (output + d).slice(-20000);
    log?.(String(d));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const bridge = ns ? await nsBridge(ns, port) : null;
  const url = bridge ? bridge.url : `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${spec.driver} exited (${child.exitCode}): ${output}`);
    try {
      const r = await fetch(`${url}/status`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stopChild(child);
      await bridge?.close();
      throw new Error(`${spec.driver} did not answer on ${url} in 20 s: ${output}`);
    }
    await sleep(50);
  }
  return { child, url, bridge, output: () => output };
}

/// The way in to a driver listening on `port` inside the namespace `ns`,
/// whose loopback this process cannot reach: a relay inside the namespace
/// from a Unix socket (files cross namespaces) to that port, and the same
/// port here, which leads to the socket. Returns { url, close }.
async function nsBridge(ns, port) {
  const socket = join(tmpdir(), `mojo-${ns}-${port}.sock`);
  await rm(socket, { force: true });
  const code = `const net = require('node:net');
    net.createServer((c) => { const t = net.connect(${port}, '127.0.0.1'); c.pipe(t).pipe(c); c.on('error', () => t.destroy()); t.on('error', () => c.destroy()); }).listen(${JSON.stringify(socket)});`;
  const inside = spawnGroup('ip', ['netns', 'exec', ns, process.execPath, '-e', code], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await stat(socket).catch(() => null)); i++) await sleep(20);
  const here = createServer((c) => {
    const t = netConnect(socket);
    c.pipe(t).pipe(c);
    c.on('error', () => t.destroy());
    t.on('error', () => c.destroy());
  });
  // The same port here as inside: a driver checks the Host header's port.
  await new Promise((ok, fail) => here.once('error', fail).listen(port, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((ok) => here.close(() => ok()));
      await stopChild(inside);
      await rm(socket, { force: true });
    },
  };
}

/// A session of the driver at `url`, in a fresh profile; `extra`: more
/// capabilities (`acceptInsecureCerts`, what a person's "Accept the risk"
/// does for a self-signed certificate).
async function openSession(url, engine, spec, { width = 1024, height = 768 } = {}, extra = {}) {
  const profile = await mkdtemp(join(tmpdir(), `mojo-${engine}-`));
  const forget = () => rm(profile, { recursive: true, force: true }).catch(() => {});
  let value;
  try {
    value = await command(url, 'POST', '/session', { capabilities: { alwaysMatch: { ...spec.capabilities(profile, { width, height }), ...extra } } }, 60000);
  } catch (e) {
    await forget();
    throw e;
  }
  const session = new Session(url, value.sessionId, engine, value.capabilities, forget);
  // Chromium and Firefox take the size from their flags; WebKit's window
  // is set here (and checked by the tests that care).
  if (engine === 'webkit') {
    await session.setWindowSize(width, height).catch(() => {});
    session.resized = false;
  }
  return session;
}

export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

export class WebDriverError extends Error {
  constructor(error, message, path) {
    super(`${error}: ${message} (${path})`);
    this.error = error;
  }
}

async function command(base, method, path, body, timeoutMs = 60000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (e) {
    throw new Error(`WebDriver ${method} ${path}: ${e.name === 'AbortError' ? `no answer in ${timeoutMs} ms` : e.message}`);
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`WebDriver ${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 300)}`);
  }
  const value = json.value;
  if (!res.ok || (value && typeof value === 'object' && 'error' in value && value.error)) {
    throw new WebDriverError(value?.error ?? `HTTP ${res.status}`, value?.message ?? text.slice(0, 300), path);
  }
  return value;
}

/// One browser session.
export class Session {
  constructor(base, id, engine, capabilities, cleanup) {
    this.base = base;
    this.id = id;
    this.engine = engine;
    this.capabilities = capabilities;
    this.cleanup = cleanup;
  }

  cmd(method, path, body, timeoutMs) {
    return command(this.base, method, `/session/${this.id}${path}`, body, timeoutMs);
  }

  async get(url) {
    await this.cmd('POST', '/url', { url });
  }

  async refresh() {
    await this.cmd('POST', '/refresh', {});
  }

  async url() {
    return this.cmd('GET', '/url');
  }

  /// Runs `script` (a function body, or a function whose source is sent)
  /// in the page with `args`; returns its result (DOM elements come back
  /// as references that `click` takes).
  async execute(script, ...args) {
    const body = typeof script === 'function' ? `return (${script}).apply(null, arguments);` : script;
    return this.cmd('POST', '/execute/sync', { script: body, args });
  }

  /// Like `execute`, for a function that returns a promise.
  async executeAsync(fn, ...args) {
    const body = `const done = arguments[arguments.length - 1];
      Promise.resolve((${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((v) => done({ ok: v }), (e) => done({ err: String(e && e.stack || e) }));`;
    const r = await this.cmd('POST', '/execute/async', { script: body, args });
    if (r && 'err' in r) throw new Error(`in the page: ${r.err}`);
    return r?.ok;
  }

  async setTimeouts({ script = 30000, pageLoad = 60000, implicit = 0 } = {}) {
    await this.cmd('POST', '/timeouts', { script, pageLoad, implicit });
  }

  /// (`resized` tells engines.mjs not to hand the session to another test.)
  async setWindowSize(width, height) {
    this.resized = true;
    await this.cmd('POST', '/window/rect', { width, height });
  }

  async click(element) {
    await this.cmd('POST', `/element/${element[ELEMENT]}/click`, {});
  }

  async sendKeys(element, text) {
    await this.cmd('POST', `/element/${element[ELEMENT]}/value`, { text });
  }

  /// Replaces a text field's text as a person does: selects all of it and
  /// types over it, every key an input event. Not WebDriver's clear, which
  /// empties the field with a change event and no input event: an app that
  /// follows its fields' input keeps the old text, and any render before
  /// the first key puts it back (Yew sets a field's value from the state
  /// whenever the page's differs), so "Ana" typed after it read
  /// "PlayerAna" (series run 7 on a729704).
  async replaceText(element, text) {
    // Ctrl+A in a call of its own: each call ends with its keys released
    // (geckodriver does not release Ctrl at a NULL key within one call).
    // The field keeps its focus, so the next call types over the
    // selection; an empty text deletes it.
    await this.sendKeys(element, '\uE009a');
    await this.sendKeys(element, text || '\uE003');
  }

  async screenshot(timeoutMs) {
    return Buffer.from(await this.cmd('GET', '/screenshot', undefined, timeoutMs), 'base64');
  }

  async close() {
    try {
      await this.cmd('DELETE', '', undefined, 30000);
    } finally {
      await this.cleanup?.();
    }
  }
}
