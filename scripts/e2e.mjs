#!/usr/bin/env node
// Runs the end-to-end tests as tests/e2e/plan.mjs lays them out (issue 54):
// the files that share nothing (each test serves the build on a port of its
// own, with a browser profile of its own) side by side, `--jobs` at once,
// the longest first; then the checks of timing, one at a time, with
// nothing beside them.
//
//   node scripts/e2e.mjs shared [--jobs N]   the files side by side
//   node scripts/e2e.mjs alone               the timing checks, one by one
//   node scripts/e2e.mjs list                the jobs of both, in order
//
// Each job is one `node --test` process over one file (a part of it, by
// test names), with the usual TAP output and a line per test in
// $MOJO_TEST_TIMES (tests/e2e/times-reporter.mjs). A job's output is kept
// whole and printed when it ends, so that two jobs' lines never mix; it is
// also written to tests/e2e/artifacts/logs/JOB.log.
//
// The first failure stops the run: no new job starts, the running ones end
// and are reported, and the exit is 1. `KEEP_GOING=1` runs every job
// and lists the failed ones. Nothing a job starts outlives it: every
// process of a job carries an environment tag (scripts/procs.mjs), and
// what is left once it ends is named and killed, and fails the job.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { leftBehind, killAll, tagged } from './procs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logs = join(root, 'tests', 'e2e', 'artifacts', 'logs');

const [phase, ...rest] = process.argv.slice(2);
let width = Number(process.env.MOJO_E2E_JOBS || Math.min(2, availableParallelism()));
let bad = false;
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--jobs') width = Number(rest[++i]);
  else bad = true;
}
if (bad || !['shared', 'alone', 'list'].includes(phase) || !Number.isInteger(width) || width < 1) {
  console.error('usage: node scripts/e2e.mjs shared|alone|list [--jobs N]');
  process.exit(2);
}

// MOJO_E2E_PLAN: another plan (a module exporting `jobs()`), for the
// runner's own tests (tests/scripts/e2e.test.mjs).
const plan = await import(process.env.MOJO_E2E_PLAN ? pathToFileURL(process.env.MOJO_E2E_PLAN).href : '../tests/e2e/plan.mjs');
const all = plan.jobs();
if (phase === 'list') {
  for (const j of all) console.log(`${j.alone ? 'alone ' : 'shared'}\t~${j.secs} s\t${j.name}`);
  process.exit(0);
}
const queue = all.filter((j) => j.alone === (phase === 'alone'));
if (phase === 'alone') width = 1;
const keepGoing = process.env.KEEP_GOING === '1';
mkdirSync(logs, { recursive: true });

const running = new Map(); // tag -> job
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    for (const tag of running.keys()) killAll(tagged(tag));
    console.error(`e2e: stopped by ${signal}; ${running.size} running job(s) killed with all they started`);
    process.exit(130);
  });

/// Runs one job to its end: { job, ok, secs, out }.
async function run(job) {
  const tag = `e2e-${process.pid}-${job.name.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const args = [
    '--test',
    '--test-concurrency=1',
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(root, 'tests', 'e2e', 'times-reporter.mjs')}`,
    '--test-reporter-destination=stdout',
    ...(job.pattern ? [`--test-name-pattern=${job.pattern}`] : []),
    job.path,
  ];
  const started = Date.now();
  running.set(tag, job);
  // (Without NODE_TEST_CONTEXT: a runner started from a test would pass
  // it on, and `node --test` would then skip its files.)
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...job.env, MOJO_TEST_STEP: job.step, MOJO_REPEAT_TAG: tag },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise((resolve) => {
    child.on('error', (e) => resolve(`could not start: ${e.message}`));
    child.on('close', (c, signal) => resolve(signal ? `killed by ${signal}` : c));
  });
  const left = await leftBehind(tag);
  running.delete(tag);
  if (left.length) out += `\ne2e: left behind (killed): ${left.map((p) => `${p.pid} ${p.args.slice(0, 100)}`).join(' | ')}\n`;
  const secs = Math.round((Date.now() - started) / 1000);
  const ok = code === 0 && !left.length;
  writeFileSync(join(logs, `${job.name.replace(/[^A-Za-z0-9.]+/g, '-')}.log`), out);
  return { job, ok, secs, code, out };
}

const start = Date.now();
const results = [];
let stop = false;
const next = () => (stop ? undefined : queue.shift());
async function worker() {
  for (let job = next(); job; job = next()) {
    console.log(`e2e: start ${job.name} (about ${job.secs} s; ${running.size + 1} running)`);
    const r = await run(job);
    results.push(r);
    console.log(`\n==== e2e: ${r.ok ? 'ok' : 'FAILED'}: ${job.name} (${r.secs} s${r.ok ? '' : `, exit ${r.code}`}) ====`);
    process.stdout.write(r.out.endsWith('\n') ? r.out : `${r.out}\n`);
    console.log(`---- e2e: end of ${job.name}`);
    if (!r.ok && !keepGoing) stop = true;
  }
}
await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));

const failed = results.filter((r) => !r.ok);
const skipped = queue.length;
console.log(`\ne2e ${phase}: ${results.length} job(s) in ${Math.round((Date.now() - start) / 1000)} s, ${width} at once:`);
for (const r of [...results].sort((a, b) => b.secs - a.secs)) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${String(r.secs).padStart(4)} s  ${r.job.name}`);
if (skipped) console.log(`  not started after the failure: ${queue.map((j) => j.name).join(', ')}`);
process.exit(failed.length ? 1 : 0);
