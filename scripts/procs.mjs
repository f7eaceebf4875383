// Processes tagged through their environment (issue 38), shared by
// scripts/repeat.mjs and scripts/e2e.mjs: every process a run starts
// carries `MOJO_REPEAT_TAG=<tag>`, and browsers and drivers inherit it
// even when they start a process group or session of their own, which a
// kill of the run's group would miss. What still carries the tag once the
// run has ended is found, named and killed.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/// The processes whose environment holds `tag`, and every process under
/// them (a browser's own children may rewrite their environment's memory
/// for their titles, as Chromium's do): [{ pid, args }].
export function tagged(tag) {
  const table = new Map(); // pid -> { ppid, args }
  for (const line of execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s(.*)$/.exec(line);
    if (m) table.set(Number(m[1]), { ppid: Number(m[2]), args: m[3].trim() });
  }
  const found = new Set();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(`MOJO_REPEAT_TAG=${tag}`)) found.add(Number(name));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { ppid }] of table)
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
  }
  return [...found].filter((pid) => table.has(pid)).map((pid) => ({ pid, args: table.get(pid).args }));
}

export function killAll(list) {
  for (const { pid } of list) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// What a run left behind once its command ended: polled for `graceMs`
/// (a browser closed a moment before its test process ended may still be
/// going away), then listed and killed.
export async function leftBehind(tag, graceMs = 3000) {
  const until = Date.now() + graceMs;
  let left = tagged(tag);
  while (left.length && Date.now() < until) {
    await sleep(200);
    left = tagged(tag);
  }
  killAll(left);
  return left;
}
