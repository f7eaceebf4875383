// scripts/repeat.mjs (issue 38): it counts passes and failures, stops at
// the first failure unless asked to go on, and nothing a run starts
// outlives it, not even a process in a session of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'repeat.mjs');

/// Starts repeat.mjs with `args`: { child, done }, `done` resolving to
/// { code, out } once it has ended.
function start(args) {
  const log = mkdtempSync(join(tmpdir(), 'repeat-test-'));
  const child = spawn(process.execPath, [script, '--log', log, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      rmSync(log, { recursive: true, force: true });
      resolve({ code, out });
    });
  });
  return { child, done };
}

const repeat = (args) => start(args).done;

/// The pids of the processes whose command line is exactly `args`.
function running(args) {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => /^\s*(\d+)\s(.*)$/.exec(l))
    .filter((m) => m && m[2].trim() === args)
    .map((m) => Number(m[1]));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('runs that pass are counted, and what they clear is said', async () => {
  const { code, out } = await repeat(['--runs', '3', '--', 'true']);
  assert.equal(code, 0, out);
  assert.match(out, /^run 1\/3: passed \(exit 0, /m);
  assert.match(out, /^run 3\/3: passed/m);
  assert.match(out, /^3 runs: 3 passed, 0 failed; time median/m);
  assert.match(out, /No failure in 3 runs: a fault that fails 1 run in 1 or more would have shown/);
});

test('it stops at the first failed run, or goes on with --keep-going', async () => {
  const stop = await repeat(['--runs', '3', '--', 'sh', '-c', 'exit 3']);
  assert.equal(stop.code, 1, stop.out);
  assert.match(stop.out, /^run 1\/3: FAILED \(exit 3, [^)]*\); log: /m);
  assert.doesNotMatch(stop.out, /^run 2\/3/m);
  assert.match(stop.out, /^1 run: 0 passed, 1 failed \(runs 1\)/m);
  const on = await repeat(['--runs', '2', '--keep-going', '--', 'sh', '-c', 'exit 3']);
  assert.equal(on.code, 1, on.out);
  assert.match(on.out, /^2 runs: 0 passed, 2 failed \(runs 1, 2\)/m);
});

test('a process a run leaves behind, even in a session of its own, is named, killed, and fails the run', async () => {
  const marker = 'sleep 611.25';
  const { code, out } = await repeat(['--runs', '1', '--', 'sh', '-c', `setsid ${marker} & exit 0`]);
  assert.equal(code, 1, out);
  assert.match(out, new RegExp(`^run 1/1: FAILED \\(exit 0, [^)]*\\); left behind \\(killed\\): \\d+ ${marker}`, 'm'));
  assert.deepEqual(running(marker), [], 'the process left behind was killed');
});

test('stopping it kills the run under way and all it started', async () => {
  const inner = 'sleep 612.5';
  const outer = 'sleep 613.75';
  const { child, done } = start(['--runs', '5', '--', 'sh', '-c', `setsid ${inner} & ${outer}`]);
  const until = Date.now() + 10000;
  while (!(running(inner).length && running(outer).length) && Date.now() < until) await sleep(50);
  const started = running(inner).length && running(outer).length;
  child.kill('SIGTERM');
  const { code, out } = await done;
  assert.ok(started, `the run started its two sleeps within 10 s: ${out}`);
  assert.equal(code, 130, out);
  assert.match(out, /repeat: stopped by SIGTERM; run 1 and all it started killed/);
  await sleep(200);
  assert.deepEqual([...running(inner), ...running(outer)], [], 'nothing of the run is left');
});

test('a call without a command is refused with its usage', async () => {
  const { code, out } = await repeat(['--runs', '2']);
  assert.equal(code, 2);
  assert.match(out, /^usage: node scripts\/repeat\.mjs/m);
});
