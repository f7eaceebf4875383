// A phone put to sleep as its system does it (an app switched away, the
// screen locked): every process of its browser stopped (SIGSTOP), then let
// go on (SIGCONT). Shared by the test of a 20 s sleep (suspend.test.mjs)
// and the measurement of 5 to 90 s in both engines (measure-suspend.mjs).
// Linux only: the processes are found in /proc.

import { readFileSync, readdirSync } from 'node:fs';

/// Every process: its parent and its command line.
function processes() {
  const out = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // "pid (name) state ppid …": the name may hold spaces and brackets.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' ');
      out.set(Number(d), { ppid, cmd });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/// `root` and every process it started, and they started.
function tree(root, procs = processes()) {
  const pids = [root];
  for (let i = 0; i < pids.length; i++) {
    for (const [pid, p] of procs) if (p.ppid === pids[i]) pids.push(pid);
  }
  return pids;
}

/// The processes of the Chromium started with `marker` among its
/// arguments (`device(name, { args: [marker] })`): its first process and
/// all it started (zygotes, renderers, the network and GPU processes).
export function chromiumPids(marker) {
  const procs = processes();
  const roots = [...procs].filter(([, p]) => p.cmd.includes(marker) && !procs.get(p.ppid)?.cmd.includes(marker));
  if (roots.length !== 1) throw new Error(`${roots.length} browsers started with ${marker}`);
  return tree(roots[0][0], procs);
}

/// The processes of the Firefox that the geckodriver at `driverUrl`
/// started (the driver itself goes on: it is not part of the phone).
export function firefoxPids(driverUrl) {
  const port = new URL(driverUrl).port;
  const procs = processes();
  const drivers = [...procs].filter(([, p]) => p.cmd.includes('geckodriver') && p.cmd.includes(`--port ${port} `));
  if (drivers.length !== 1) throw new Error(`${drivers.length} geckodrivers on port ${port}`);
  const pids = tree(drivers[0][0], procs).slice(1);
  if (!pids.length) throw new Error(`the geckodriver on port ${port} runs no browser`);
  return pids;
}

/// Stops `pids` (the device asleep) or lets them go on.
export const stop = (pids) => signal(pids, 'SIGSTOP');
export const wake = (pids) => signal(pids, 'SIGCONT');

function signal(pids, sig) {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // A process that ended meanwhile.
    }
  }
}

/// Stops `pids` for `seconds` (the phone asleep), then lets them go on;
/// or, with `{ least, until, most }`, for `least` seconds and then until
/// `until()` says so, `most` at the most. `meanwhile(t)` is called about
/// every second with the seconds since the stop (a look at the table).
/// They go on even if a look throws.
export async function asleep(pids, seconds, meanwhile = async () => {}) {
  const { least, until, most } = typeof seconds === 'number' ? { least: seconds, until: async () => true, most: seconds } : seconds;
  signal(pids, 'SIGSTOP');
  const t0 = Date.now();
  const t = () => (Date.now() - t0) / 1000;
  try {
    while (t() < most && (t() < least || !(await until()))) {
      await meanwhile(t());
      const next = t() < least ? least : most;
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(1000, (next - t()) * 1000))));
    }
  } finally {
    signal(pids, 'SIGCONT');
  }
}

/// In a page recording its connections (devices-kit's `recordChannels`):
/// each connection's states over time, its state now, its channel, and its
/// selected candidate pair as `getStats` tells it (the pair's state, its
/// bytes, STUN checks and answers, and, where the engine counts them, the
/// consent checks sent).
export async function linkStatsInPage() {
  const out = [];
  for (const { pc, states, t0 } of window.__pcs ?? []) {
    if (pc.connectionState === 'new') continue;
    const stats = new Map();
    (await pc.getStats()).forEach((r) => stats.set(r.id, r));
    let pair = null;
    for (const r of stats.values()) {
      if (r.type === 'transport' && r.selectedCandidatePairId) pair = stats.get(r.selectedCandidatePairId);
    }
    // Firefox names no selected pair in its transport: the pair it uses.
    pair ??= [...stats.values()].find((r) => r.type === 'candidate-pair' && r.selected) ?? null;
    pair ??= [...stats.values()].find((r) => r.type === 'candidate-pair' && r.nominated) ?? null;
    const channels = (window.__channels ?? []).filter((c) => c.pc === pc).map((c) => c.channel.readyState);
    out.push({
      state: pc.connectionState,
      ice: pc.iceConnectionState,
      states,
      t0,
      channel: channels.join(','),
      pair: pair && {
        state: pair.state,
        bytesSent: pair.bytesSent,
        bytesReceived: pair.bytesReceived,
        requestsSent: pair.requestsSent,
        responsesReceived: pair.responsesReceived,
        requestsReceived: pair.requestsReceived,
        consentRequestsSent: pair.consentRequestsSent,
        lastReceivedAgo:
          pair.lastPacketReceivedTimestamp !== undefined ? Math.round(performance.timeOrigin + performance.now() - pair.lastPacketReceivedTimestamp) : undefined,
      },
    });
  }
  return out;
}
