#!/usr/bin/env node
// Runs one command (a test) again and again, to measure how often it fails
// (issue 38: "a rare fault needs about 3/p clean runs to clear a change").
// Each run's output goes to a log of its own; a line per run says its exit,
// its time and what it left behind; the end says how many passed and what
// that clears.
//
//   node scripts/repeat.mjs [--runs N] [--keep-going] [--log DIR] -- COMMAND [ARG...]
//   e.g. node scripts/repeat.mjs --runs 300 -- env MOJO_ENGINE=firefox \
//          node --test --test-name-pattern="'Join a table'" tests/e2e/engines.mjs
//
// Nothing a run starts outlives it. Every process of a run carries
// MOJO_REPEAT_TAG in its environment (browsers and drivers inherit it, even
// those that start a process group or session of their own, which a kill
// of the run's group would miss): once the command has ended, whatever
// still carries the tag after a grace of a few seconds, and the processes
// under those, is listed and killed, and the run counts as failed (a test
// that leaves a browser or a busy loop behind disturbs every run after it:
// issue 38, run 6 on a729704). Stopping this script (Ctrl-C, a signal)
// kills the running one the same way.
//
// --runs N        how many runs (default 10)
// --keep-going    go on after a failed run (default: stop at the first)
// --log DIR       where the runs' logs go (default target/repeat)
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { tagged, killAll, leftBehind } from './procs.mjs';

const args = process.argv.slice(2);
let runs = 10;
let keepGoing = false;
let logDir = 'target/repeat';
let bad = false;
const dash = args.indexOf('--');
const options = dash < 0 ? [] : args.slice(0, dash);
const command = dash < 0 ? [] : args.slice(dash + 1);
for (let i = 0; i < options.length; i++) {
  if (options[i] === '--runs') runs = Number(options[++i]);
  else if (options[i] === '--keep-going') keepGoing = true;
  else if (options[i] === '--log') logDir = options[++i];
  else bad = true;
}
if (bad || !command.length || !Number.isInteger(runs) || runs < 1 || !logDir) {
  console.error('usage: node scripts/repeat.mjs [--runs N] [--keep-going] [--log DIR] -- COMMAND [ARG...]');
  process.exit(2);
}
mkdirSync(logDir, { recursive: true });

let current = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    if (current) killAll(tagged(current.tag));
    console.error(`repeat: stopped by ${signal}${current ? `; run ${current.i} and all it started killed` : ''}`);
    process.exit(130);
  });

const results = [];
const tagBase = `repeat-${process.pid}-${Date.now()}`;
for (let i = 1; i <= runs; i++) {
  const tag = `${tagBase}-${i}`;
  const log = join(logDir, `run-${i}.log`);
  const fd = openSync(log, 'w');
  const started = Date.now();
  current = { i, tag };
  const child = spawn(command[0], command.slice(1), {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, MOJO_REPEAT_TAG: tag },
  });
  const code = await new Promise((resolve) => {
    child.on('error', (e) => resolve(`could not start: ${e.message}`));
    child.on('exit', (c, signal) => resolve(signal ? `killed by ${signal}` : c));
  });
  closeSync(fd);
  const secs = (Date.now() - started) / 1000;
  const left = await leftBehind(tag);
  current = null;
  const passed = code === 0 && !left.length;
  results.push({ i, passed, secs });
  const leftSaid = left.length ? `; left behind (killed): ${left.map((p) => `${p.pid} ${p.args.slice(0, 80)}`).join(' | ')}` : '';
  console.log(`run ${i}/${runs}: ${passed ? 'passed' : 'FAILED'} (exit ${code}, ${secs.toFixed(1)} s)${leftSaid}${passed ? '' : `; log: ${log}`}`);
  if (!passed && !keepGoing) break;
}

const failed = results.filter((r) => !r.passed).map((r) => r.i);
const times = results.map((r) => r.secs).sort((a, b) => a - b);
const median = times[Math.floor((times.length - 1) / 2)];
console.log(
  `${results.length} run${results.length === 1 ? '' : 's'}: ${results.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (runs ${failed.join(', ')})` : ''}; ` +
    `time median ${median.toFixed(1)} s, slowest ${times[times.length - 1].toFixed(1)} s`,
);
if (!failed.length && results.length >= 3)
  console.log(`No failure in ${results.length} runs: a fault that fails 1 run in ${Math.floor(results.length / 3)} or more would have shown (odds 95%).`);
process.exit(failed.length ? 1 : 0);
