#!/usr/bin/env node
// The end-to-end tests across runs (issue 38): reads the one-line-per-test
// artifacts of several runs (tests/e2e/artifacts/test-times.tsv, as
// scripts/test.sh writes them; scripts/series.sh keeps one per run as
// run-COMMIT-N.times.tsv) and says, per test, in how many runs it passed,
// failed or was skipped, and its time: median, slowest, and the slowest
// over the median, so that slow tests and unstable ones show.
//
//   node scripts/test-times.mjs [--top N] [--by median|max|spread] FILE...
//
// `spread` sorts by slowest ÷ median (a test whose time jumps from run to
// run waits on something that varies); a test that failed in any run is
// listed first whatever the order.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let top = 15;
let by = 'max';
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--top') top = Number(args[++i]);
  else if (args[i] === '--by') by = args[++i];
  else files.push(args[i]);
}
if (!files.length || !Number.isFinite(top) || !['median', 'max', 'spread'].includes(by)) {
  console.error('usage: node scripts/test-times.mjs [--top N] [--by median|max|spread] FILE...');
  process.exit(2);
}

/// One artifact's lines: when, step, file, test, result, ms.
function parse(text) {
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .filter((f) => f.length >= 6)
    .map(([when, step, file, test, result, ms]) => ({ when, step, file, test, result, ms: Number(ms) }));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const tests = new Map();
for (const f of files) {
  for (const r of parse(readFileSync(f, 'utf8'))) {
    const key = `${r.step}\t${r.file}\t${r.test}`;
    const t = tests.get(key) ?? { step: r.step, file: r.file, test: r.test, ok: [], failed: [], skipped: 0 };
    if (r.result === 'ok') t.ok.push(r.ms);
    else if (r.result === 'skip' || r.result === 'todo') t.skipped++;
    else t.failed.push(`${f.split('/').pop()}`);
    tests.set(key, t);
  }
}

const rows = [...tests.values()]
  .filter((t) => t.ok.length || t.failed.length)
  .map((t) => {
    const med = t.ok.length ? median(t.ok) : 0;
    const max = t.ok.length ? Math.max(...t.ok) : 0;
    return { ...t, median: med, max, spread: med ? max / med : 0 };
  });
rows.sort((a, b) => b.failed.length - a.failed.length || b[by] - a[by]);

const s = (ms) => (ms / 1000).toFixed(1);
console.log(`${files.length} runs, ${rows.length} tests; sorted by ${by}`);
console.log('runs ok\tfailed\tmedian s\tslowest s\tslowest/median\tstep\tfile\ttest');
for (const t of rows.slice(0, top)) {
  const failed = t.failed.length ? `${t.failed.length} (${t.failed.join(', ')})` : '0';
  console.log(`${t.ok.length}\t${failed}\t${s(t.median)}\t${s(t.max)}\t${t.spread.toFixed(2)}\t${t.step}\t${t.file}\t${t.test.slice(0, 90)}`);
}
const total = (f) => parse(readFileSync(f, 'utf8')).reduce((a, r) => a + r.ms, 0);
console.log(`end-to-end time per run, s: ${files.map((f) => s(total(f))).join(', ')}`);
