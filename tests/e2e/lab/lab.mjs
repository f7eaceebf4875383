// The network lab for play across the internet (issue 35), for the tests:
// two homes behind home routers and an "internet" between them, made of
// network namespaces by netlab.sh (its header draws the map). Here:
// bringing it up and down, the https site inside it, and browsers that
// live in a home.
//
// Needs root (`ip netns`), nftables and coturn (scripts/setup.sh installs
// them). If the lab cannot be made, `labUp` throws and the test fails: it
// never skips.

import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
/// The lab's name (MOJO_LAB, as netlab.sh reads it): a second lab, for a
/// long measurement, can run beside the tests' under another name.
export const LAB = process.env.MOJO_LAB || 'mojo';
export const RUN = `/run/${LAB}-lab`;

/// The internet's STUN server and TURN relay (coturn in mojo-inet; its
/// test user is netlab.sh's).
export const STUN = { urls: 'stun:192.0.2.1:3478' };
export const TURN = { urls: 'turn:192.0.2.1:3478?transport=udp', username: 'mojo', credential: 'lab-relay-pass' };

/// The homes: the table's and the phone's, by namespace, with the address
/// their router shows the internet.
export const HOMES = {
  table: { ns: `${LAB}-h1`, lan: '10.1.0.10', wan: '198.51.100.2' },
  phone: { ns: `${LAB}-h2`, lan: '192.168.1.10', wan: '203.0.113.2' },
  // Cy's phone, on the second home's other network, until `move`.
  cy: { ns: `${LAB}-h3`, lan: '192.168.2.10', wan: '203.0.113.2' },
};

/// Brings the lab up with NATs of `nat` kind ('cone' or 'symmetric'), and
/// `delay` ms one way between the homes. Returns what netlab.sh said (the
/// routers' mappings, as seen from the internet).
export async function labUp(nat, { delay = 0 } = {}) {
  try {
    const { stdout } = await run('bash', [join(here, 'netlab.sh'), 'up', nat, String(delay)], { timeout: 30000 });
    return stdout.trim();
  } catch (e) {
    throw new Error(`the network lab could not be made (${nat}, ${delay} ms): ${e.stderr || e.message}`);
  }
}

/// Cy's network changes (netlab.sh): `move`, at once, from the home's
/// second network to a mobile one behind a symmetric NAT; or the gentle
/// way, `roam` (the mobile network comes and becomes the default, the
/// sockets already open keeping the home's) then `leave` (the home's
/// goes); or `cut` (the mobile network loses the internet). Returns what
/// netlab.sh said.
export async function cyNetwork(change = 'move') {
  const { stdout } = await run('bash', [join(here, 'netlab.sh'), change], { timeout: 30000 });
  return stdout.trim();
}

/// The table's network changes the gentle way (netlab.sh): `roam` (its
/// own mobile network comes and becomes the default, the sockets already
/// open keeping the home's), then `leave` (the home's goes). Returns what
/// netlab.sh said.
export async function tableNetwork(change) {
  return cyNetwork(`table-${change}`);
}

export async function labDown() {
  await run('bash', [join(here, 'netlab.sh'), 'down'], { timeout: 30000 });
}

/// Runs a command in a namespace; its output.
export async function inNs(ns, cmd, args, options = {}) {
  const { stdout } = await run('ip', ['netns', 'exec', ns, cmd, ...args], { timeout: 30000, ...options });
  return stdout;
}

/// The site, as a deployer puts it on the internet: the release build over
/// https at 192.0.2.1, with `network` as its network.json (none if
/// undefined) and `init` as WebDriver pages' first script (server.mjs).
/// Its certificate is made for it (scripts/https-cert.sh); the lab's
/// Chromium trusts it by its key (`trust`, launch arguments), Firefox by
/// WebDriver's `acceptInsecureCerts`. Returns { url, origin, errors,
/// close, trust }: the shape of server.mjs's `serve` that the harnesses use.
export async function site(network, { init } = {}) {
  const tls = join(RUN, 'tls');
  mkdirSync(tls, { recursive: true });
  await run('ip', ['netns', 'exec', `${LAB}-inet`, 'bash', join(root, 'scripts', 'https-cert.sh'), tls], {
    env: { ...process.env, MOJO_CERT_IPS: '192.0.2.1' },
    timeout: 30000,
  });
  // The key's SPKI hash, which Chromium trusts by a flag.
  const { stdout: spki } = await run('bash', [
    '-c',
    `openssl x509 -in '${tls}/cert.pem' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
  ]);
  const config = join(RUN, 'site.json');
  writeFileSync(
    config,
    JSON.stringify({
      cert: join(tls, 'cert.pem'),
      key: join(tls, 'key.pem'),
      network: network === undefined || typeof network === 'string' ? network : JSON.stringify(network),
      init,
    }),
  );
  const child = spawn('ip', ['netns', 'exec', `${LAB}-inet`, process.execPath, join(here, 'site.mjs'), config], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const errors = [];
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((ok, fail) => {
    lines.once('line', ok);
    child.once('exit', (code) => fail(new Error(`the lab's site stopped (exit ${code}) before it listened`)));
  });
  lines.on('line', (line) => errors.push(JSON.parse(line).error));
  const { url, origin } = JSON.parse(first);
  return {
    url,
    origin,
    errors,
    trust: [`--ignore-certificate-errors-spki-list=${spki.trim()}`],
    close: () =>
      new Promise((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', ok);
        child.stdin.end();
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/// A path to start Chromium with inside `ns` (Playwright's
/// `executablePath`): Playwright drives it through a pipe, which crosses
/// namespaces; its network is the home's alone.
export function chromiumIn(ns) {
  const dir = join(RUN, 'bin');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `chromium-${ns}`);
  writeFileSync(path, `#!/bin/sh\nexec ip netns exec ${ns} /usr/bin/chromium "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}
