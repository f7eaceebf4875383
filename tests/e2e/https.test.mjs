// End-to-end: the https mode of `scripts/play.sh` (HTTPS=1), as a family
// at home meets it. Its certificate (scripts/https-cert.sh) names this
// machine's network addresses and is kept from run to run; its server
// (scripts/serve.py) serves the release build over https at this machine's
// network address. Each browser is shown the warning and bypasses it as a
// person does, by its own buttons, with no flag or capability that skips
// certificate checks: Chromium's "Advanced" then "Proceed to … (unsafe)",
// Firefox's "Advanced…" then "Accept the Risk and Continue". Then the page
// is a secure context: the camera API and the clipboard exist, and the
// join screen offers the camera. The service worker (offline play) is
// refused by Chromium over a certificate it does not trust, and accepted
// by Firefox once the risk is accepted (the game then opens with the
// server gone): what the README says. Firefox's test runs last: it stops
// the server.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root, dist, launch } from './harness.mjs';
import { startDriver, ELEMENT, sleep } from './webdriver.mjs';
import { reduceMotion } from './webdriver.mjs';

// Not about the animations: as a player who turned them off (issue 54).
reduceMotion();

const run = promisify(execFile);

/// This machine's IPv4 addresses on a network (not loopback): where a
/// phone opens the game. Loopback when it has none (then the test checks
/// less than a phone would meet: browsers treat 127.0.0.1 specially).
const lan = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a.family === 'IPv4' && !a.internal)
  .map((a) => a.address);
const host = lan[0] ?? '127.0.0.1';

const env = { dir: null, server: null, url: null, fingerprint: null };

before(async () => {
  env.dir = await mkdtemp(join(tmpdir(), 'mojo-https-'));
  const made = await run('bash', [join(root, 'scripts/https-cert.sh'), env.dir]);
  env.made = made.stdout;
  // The server of play.sh's https mode, on every address, a free port.
  env.server = spawn('python3', [join(root, 'scripts/serve.py'), '0', '0.0.0.0', dist, join(env.dir, 'cert.pem'), join(env.dir, 'key.pem')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise((ok, fail) => {
    let out = '';
    env.server.stdout.on('data', (d) => {
      out += d;
      const m = /^serving (\d+)$/m.exec(out);
      if (m) ok(m[1]);
    });
    env.server.once('exit', (code) => fail(new Error(`serve.py exited (${code})`)));
  });
  env.url = `https://${host}:${port}/`;
});

after(async () => {
  env.server?.kill();
  if (env.dir) await rm(env.dir, { recursive: true, force: true });
});

test("https mode: the certificate names this machine's network addresses; a second run keeps it, a new address makes a new one", async () => {
  const { stdout: text } = await run('openssl', ['x509', '-in', join(env.dir, 'cert.pem'), '-noout', '-ext', 'subjectAltName,basicConstraints']);
  for (const ip of [...lan, '127.0.0.1']) assert.match(text, new RegExp(`IP Address:${ip.replaceAll('.', '\\.')}(,|$)`, 'm'), `${ip} in ${text}`);
  assert.match(text, /DNS:localhost/);
  assert.match(text, /CA:FALSE/, 'a leaf: it cannot sign other certificates');
  assert.match(env.made, /^https-cert: made /m);
  const again = await run('bash', [join(root, 'scripts/https-cert.sh'), env.dir]);
  assert.match(again.stdout, /^https-cert: kept /m);
  const fp = (s) => /SHA-256 fingerprint: ([0-9A-F:]+)/.exec(s)?.[1];
  assert.ok(fp(env.made), env.made);
  assert.equal(fp(again.stdout), fp(env.made), 'the same certificate: no device must accept it again');
  // A certificate made at another address (another Wi-Fi) is made again.
  if (lan.length) {
    const old = join(env.dir, 'old');
    await run('mkdir', [old]);
    await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '30', '-subj', '/CN=old',
      '-addext', 'subjectAltName=IP:127.0.0.1,IP:10.9.9.9', '-keyout', join(old, 'key.pem'), '-out', join(old, 'cert.pem')]);
    const moved = await run('bash', [join(root, 'scripts/https-cert.sh'), old]);
    assert.match(moved.stdout, /address changed .*every device must accept it again/);
    assert.match(moved.stdout, new RegExp(`^https-cert: made .*IP:${lan[0].replaceAll('.', '\\.')}`, 'm'));
  }
});

/// What the page has once the warning is bypassed (run in the page).
async function inPage() {
  const r = {
    secure: window.isSecureContext,
    camera: typeof navigator.mediaDevices?.getUserMedia === 'function',
    clipboard: typeof navigator.clipboard?.writeText === 'function',
  };
  try {
    await navigator.serviceWorker.register('sw.js');
    await navigator.serviceWorker.ready;
    r.serviceWorker = 'registered';
  } catch (e) {
    r.serviceWorker = `${e.name}: ${e.message}`;
  }
  return r;
}

test('Chromium: the warning, "Proceed" as a person clicks it, then a secure context with the camera and the clipboard, and no service worker', async () => {
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10000);
    await assert.rejects(page.goto(`${env.url}?lang=en`), /ERR_CERT_AUTHORITY_INVALID/, 'the certificate is not trusted: the browser warns');
    // Chromium's warning page: "Advanced", then "Proceed to … (unsafe)".
    await page.locator('#details-button').click();
    await page.locator('#proceed-link').click();
    await page.getByRole('button', { name: 'Join a table' }).click();
    // The join screen offers the camera (a secure context).
    await page.getByRole('button', { name: 'Scan the invitation' }).waitFor();
    const found = await page.evaluate(inPage);
    assert.equal(found.secure, true);
    assert.equal(found.camera, true);
    assert.equal(found.clipboard, true);
    assert.match(found.serviceWorker, /^SecurityError: Failed to register a ServiceWorker/, 'Chromium runs no service worker over an untrusted certificate');
  } finally {
    await browser.close();
  }
});

test('Firefox: the warning, "Accept the Risk and Continue" as a person clicks it, then a secure context with the camera, the clipboard and the service worker, and the game opens with the server gone', async () => {
  const driver = await startDriver('firefox');
  const SHADOW = 'shadow-6066-11e4-a52e-4f735466cecf';
  try {
    const s = await driver.newSession({ width: 390, height: 844 });
    // Without acceptInsecureCerts, WebDriver says the certificate is not
    // trusted and shows Firefox's warning page.
    await assert.rejects(s.get(`${env.url}?lang=en`), /insecure certificate/);
    const card = (await s.cmd('POST', '/element', { using: 'css selector', value: 'net-error-card' }))[ELEMENT];
    const shadow = (await s.cmd('GET', `/element/${card}/shadow`))[SHADOW];
    const button = (css) => s.cmd('POST', `/shadow/${shadow}/element`, { using: 'css selector', value: css });
    await s.click(await button('#advanced-button'));
    // Firefox enables "Accept the Risk and Continue" after a moment.
    const enabled = () => s.execute('return !document.querySelector("net-error-card").shadowRoot.querySelector("#exception-button").hasAttribute("disabled")');
    for (const until = Date.now() + 10000; !(await enabled()); await sleep(100)) {
      assert.ok(Date.now() < until, 'the button to accept the risk stays disabled');
    }
    await s.click(await button('#exception-button'));
    // The game loads: its lobby's "Join a table", then the join screen
    // offers the camera.
    const clickText = (text) =>
      s.execute(
        `const b = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === arguments[0]); if (b) b.click(); return !!b;`,
        text,
      );
    for (const until = Date.now() + 15000; !(await clickText('Join a table').catch(() => false)); await sleep(100)) {
      assert.ok(Date.now() < until, 'the game did not load after accepting the risk');
    }
    for (const until = Date.now() + 5000; !(await s.execute(`return [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Scan the invitation')`)); await sleep(100)) {
      assert.ok(Date.now() < until, 'no "Scan the invitation" on the join screen');
    }
    await s.setTimeouts({ script: 20000 });
    const found = await s.executeAsync(inPage);
    assert.deepEqual(found, { secure: true, camera: true, clipboard: true, serviceWorker: 'registered' });
    // Offline play: the server gone (the laptop closed), the game opens
    // from the service worker's copy.
    const gone = new Promise((ok) => env.server.once('exit', ok));
    env.server.kill();
    await gone;
    await s.get(`${env.url}?lang=en`);
    // The lobby is there, from the service worker: asked of this page
    // before leaving it. (Asked after the click on "Join a table", the
    // question could meet the page in the middle of that navigation and
    // fail with "navigator.serviceWorker is undefined": two runs here.)
    const hasJoin = `return [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Join a table')`;
    for (const until = Date.now() + 15000; !(await s.execute(hasJoin).catch(() => false)); await sleep(100)) {
      assert.ok(Date.now() < until, 'the game did not open offline');
    }
    assert.equal(await s.execute('return !!navigator.serviceWorker.controller'), true, 'the page came from the service worker');
    // And the phone's page opens offline too.
    assert.equal(await clickText('Join a table'), true);
    for (const until = Date.now() + 15000; !(await s.execute(`return location.pathname.endsWith('/join.html') && !!document.querySelector('#join-invitation') && !!navigator.serviceWorker?.controller`).catch(() => false)); await sleep(100)) {
      assert.ok(Date.now() < until, "the phone's page did not open offline from the service worker");
    }
    await s.cmd('DELETE', '').catch(() => {});
  } finally {
    await driver.stop();
  }
});
