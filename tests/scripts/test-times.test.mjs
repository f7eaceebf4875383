// scripts/test-times.mjs (issue 38): across runs' test-times.tsv, a test
// that failed in any run comes first, named with the runs it failed in;
// the others sort by slowest time, median, or slowest over median.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'test-times.mjs');

/// Three runs of three tests: "steady" 10 s each time, "jumpy" 2 s, 2 s
/// and 9 s, "broken" 1 s then a failure then skipped.
function runs(dir) {
  const line = (step, file, name, result, ms) => `2026-12-06T00:00:00.000Z\t${step}\t${file}\t${name}\t${result}\t${ms}`;
  const files = [
    [line('e2e', 'a.test.mjs', 'steady', 'ok', 10000), line('e2e', 'a.test.mjs', 'jumpy', 'ok', 2000), line('e2e', 'b.test.mjs', 'broken', 'ok', 1000)],
    ['# a comment line', line('e2e', 'a.test.mjs', 'steady', 'ok', 10000), line('e2e', 'a.test.mjs', 'jumpy', 'ok', 2000), line('e2e', 'b.test.mjs', 'broken', 'not ok', 30000)],
    [line('e2e', 'a.test.mjs', 'steady', 'ok', 10000), line('e2e', 'a.test.mjs', 'jumpy', 'ok', 9000), line('e2e', 'b.test.mjs', 'broken', 'skip', 0)],
  ];
  return files.map((lines, i) => {
    const f = join(dir, `run-${i + 1}.times.tsv`);
    writeFileSync(f, `${lines.join('\n')}\n`);
    return f;
  });
}

/// The tests' names in the order the script lists them, and its rows.
function listed(out) {
  const rows = out.split('\n').slice(2).filter((l) => l.includes('\te2e\t'));
  return { names: rows.map((r) => r.split('\t')[7]), rows };
}

test('a test that failed comes first, then the order asked for', () => {
  const dir = mkdtempSync(join(tmpdir(), 'test-times-'));
  try {
    const files = runs(dir);
    const byMax = execFileSync(process.execPath, [script, ...files], { encoding: 'utf8' });
    assert.match(byMax, /^3 runs, 3 tests; sorted by max$/m);
    const max = listed(byMax);
    assert.deepEqual(max.names, ['broken', 'steady', 'jumpy']);
    // broken: 1 run ok, failed in run 2; its one time is its median.
    assert.equal(max.rows[0].split('\t').slice(0, 5).join('|'), '1|1 (run-2.times.tsv)|1.0|1.0|1.00');
    // jumpy: median 2 s, slowest 9 s.
    assert.equal(max.rows[2].split('\t').slice(0, 5).join('|'), '3|0|2.0|9.0|4.50');
    assert.deepEqual(listed(execFileSync(process.execPath, [script, '--by', 'spread', ...files], { encoding: 'utf8' })).names, ['broken', 'jumpy', 'steady']);
    assert.deepEqual(listed(execFileSync(process.execPath, [script, '--by', 'median', '--top', '2', ...files], { encoding: 'utf8' })).names, ['broken', 'steady']);
    assert.match(byMax, /^end-to-end time per run, s: 13\.0, 42\.0, 19\.0$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a call without files, or with an unknown order, is refused with its usage', () => {
  for (const args of [[], ['--by', 'fastest', 'x.tsv']]) {
    const r = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^usage: node scripts\/test-times\.mjs/);
  }
});
