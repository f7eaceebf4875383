// The end-to-end runner (scripts/e2e.mjs) and its plan (tests/e2e/plan.mjs),
// issue 54: every test file is in the plan, every check of timing named
// there exists and runs alone and only alone; the runner runs its jobs
// side by side, stops at a failure unless told to go on, and leaves no
// process behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILES, jobs, testNames } from '../e2e/plan.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const e2eDir = join(here, '..', 'e2e');
const runner = join(here, '..', '..', 'scripts', 'e2e.mjs');

test('every end-to-end file is in the plan, once (engines.mjs once per engine)', () => {
  const files = readdirSync(e2eDir).filter((f) => f.endsWith('.test.mjs') || f === 'engines.mjs');
  for (const f of files) {
    const entries = FILES.filter((e) => e.file === f);
    if (f === 'engines.mjs') assert.deepEqual(entries.map((e) => e.engine).sort(), ['chromium', 'firefox', 'webkit']);
    else assert.equal(entries.length, 1, `${f} in the plan ${entries.length} times`);
  }
  for (const e of FILES) assert.ok(e.file === '../scripts/' || files.includes(e.file), `${e.file} is in the plan but not in tests/e2e/`);
  assert.ok(FILES.some((e) => e.file === '../scripts/'), "the scripts' and harnesses' own tests are a job");
});

test('each check of timing the plan names is a test of its file, and runs alone, never side by side', () => {
  const split = FILES.filter((e) => Array.isArray(e.alone));
  assert.ok(split.length >= 4, 'play, review, the lab and engines.mjs hold checks of timing');
  for (const e of split) {
    const names = testNames(join(e2eDir, e.file));
    const [shared, alone] = jobs([e]).sort((a, b) => Number(a.alone) - Number(b.alone));
    assert.equal(shared.alone, false);
    assert.equal(alone.alone, true);
    for (const prefix of e.alone) {
      const timed = names.filter((n) => n.startsWith(prefix));
      assert.ok(timed.length >= 1, `${e.file}: no test begins with "${prefix}" (renamed? it would run side by side)`);
      for (const n of timed) {
        assert.match(n, new RegExp(alone.pattern), `${n}: in the part alone`);
        assert.doesNotMatch(n, new RegExp(shared.pattern), `${n}: not in the part side by side`);
      }
    }
    const rest = names.filter((n) => !e.alone.some((p) => n.startsWith(p)));
    assert.ok(rest.length > 0, `${e.file}: the rest of the file`);
    for (const n of rest) {
      assert.match(n, new RegExp(shared.pattern), `${n}: in the part side by side`);
      assert.doesNotMatch(n, new RegExp(alone.pattern), `${n}: not in the part alone`);
    }
  }
});

/// A file's part alone, from a marker in its text: `// ALONE` (the whole
/// file) or `// ALONE: name, name` (the tests beginning so).
function alone(text) {
  const m = /^\/\/ ALONE(?:: (.*))?$/m.exec(text);
  if (!m) return {};
  return { alone: m[1] ? m[1].split(', ') : true };
}

/// Runs the runner over a plan of small test files written to a temporary
/// folder: { code, out, dir }.
function runPlan(files, args, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-runner-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const plan = `import { jobs as all } from ${JSON.stringify(join(e2eDir, 'plan.mjs'))};
export const jobs = () => all(${JSON.stringify(Object.keys(files).map((file, i) => ({ file, secs: 100 - i, aloneSecs: 1, ...alone(files[file]) })))}, ${JSON.stringify(dir)});`;
  writeFileSync(join(dir, 'plan.mjs'), plan);
  const child = spawn(process.execPath, [runner, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, KEEP_GOING: '', ...env, MOJO_E2E_PLAN: join(dir, 'plan.mjs'), MOJO_TEST_TIMES: join(dir, 'times.tsv') },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, dir })));
}

const passes = (marker = '') => `import { test } from 'node:test';\ntest('passes ${marker}', () => {});\n`;
const fails = `import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('fails', () => assert.equal(1, 2));\n`;

test('the jobs run side by side: two at once meet each other', async () => {
  // Each job waits until the other has started: only side by side can both pass.
  const meet = (me, other) => `import { test } from 'node:test';
import { writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
const dir = dirname(fileURLToPath(import.meta.url));
test('meets ${other}', async () => {
  writeFileSync(join(dir, '${me}.started'), '');
  for (let i = 0; !existsSync(join(dir, '${other}.started')); i++) {
    if (i > 200) throw new Error('${other} never ran beside ${me}');
    await new Promise((r) => setTimeout(r, 25));
  }
});
`;
  const { code, out, dir } = await runPlan({ 'a.test.mjs': meet('a', 'b'), 'b.test.mjs': meet('b', 'a') }, ['shared', '--jobs', '2']);
  try {
    assert.equal(code, 0, out);
    assert.match(out, /e2e shared: 2 job\(s\) in \d+ s, 2 at once/);
    const times = readFileSync(join(dir, 'times.tsv'), 'utf8');
    assert.equal(times.trim().split('\n').length, 2, 'a line per test in $MOJO_TEST_TIMES');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a failure stops the run: no new job starts, and the exit says it', async () => {
  const { code, out, dir } = await runPlan({ 'a.test.mjs': fails, 'b.test.mjs': passes('b'), 'c.test.mjs': passes('c') }, ['shared', '--jobs', '1']);
  rmSync(dir, { recursive: true, force: true });
  assert.equal(code, 1, out);
  assert.match(out, /==== e2e: FAILED: a\.test\.mjs/);
  assert.match(out, /not started after the failure: b\.test\.mjs, c\.test\.mjs/);
  // KEEP_GOING=1: every job runs.
  const all = await runPlan({ 'a.test.mjs': fails, 'b.test.mjs': passes('b') }, ['shared', '--jobs', '1'], { KEEP_GOING: '1' });
  rmSync(all.dir, { recursive: true, force: true });
  assert.equal(all.code, 1, all.out);
  assert.match(all.out, /==== e2e: ok: b\.test\.mjs/);
});

test('the part alone runs one job at a time, and only the jobs marked alone', async () => {
  const alone = (me) => `// ALONE
import { test } from 'node:test';
import { writeFileSync, existsSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
const dir = dirname(fileURLToPath(import.meta.url));
test('alone ${me}', async () => {
  if (existsSync(join(dir, 'running'))) throw new Error('another job ran beside ${me}');
  writeFileSync(join(dir, 'running'), '${me}');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(join(dir, 'running'));
});
`;
  const { code, out, dir } = await runPlan({ 'x.test.mjs': alone('x'), 'y.test.mjs': alone('y'), 'z.test.mjs': fails }, ['alone', '--jobs', '2']);
  rmSync(dir, { recursive: true, force: true });
  assert.equal(code, 0, out);
  assert.match(out, /e2e alone: 2 job\(s\) in \d+ s, 1 at once/);
  assert.doesNotMatch(out, /z\.test\.mjs/, 'a job side by side is not one of the part alone');
});

test('nothing a job starts outlives it: a process left behind is killed and fails the job', async () => {
  const leaves = `import { test } from 'node:test';
import { spawn } from 'node:child_process';
test('leaves a process', () => {
  spawn('sleep', ['417'], { detached: true, stdio: 'ignore' }).unref();
});
`;
  const { code, out, dir } = await runPlan({ 'a.test.mjs': leaves }, ['shared']);
  rmSync(dir, { recursive: true, force: true });
  assert.equal(code, 1, out);
  assert.match(out, /left behind \(killed\): \d+ sleep 417/);
  const still = execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' }).split('\n').filter((l) => l.trim() === 'sleep 417');
  assert.deepEqual(still, []);
});

test('a file split in two: its checks of timing run only in the part alone, the rest only side by side (as node --test really matches names)', async () => {
  const split = `// ALONE: timed one
import { test } from 'node:test';
import { appendFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
const ran = (n) => appendFileSync(join(dirname(fileURLToPath(import.meta.url)), 'ran.txt'), \`\${process.env.PART} \${n}\\n\`);
test('timed one: a check of timing', () => ran('timed'));
test('plain one', () => ran('plain'));
for (const k of [1, 2]) test(\`built \${k} in a loop\`, () => ran(\`built \${k}\`));
`;
  const dir = mkdtempSync(join(tmpdir(), 'e2e-split-'));
  try {
    const files = { 's.test.mjs': split };
    const shared = await runPlan(files, ['shared'], { PART: 'shared' });
    assert.equal(shared.code, 0, shared.out);
    const alone = await runPlan(files, ['alone'], { PART: 'alone' });
    assert.equal(alone.code, 0, alone.out);
    const ran = [shared.dir, alone.dir].map((d) => readFileSync(join(d, 'ran.txt'), 'utf8').trim().split('\n').sort());
    rmSync(shared.dir, { recursive: true, force: true });
    rmSync(alone.dir, { recursive: true, force: true });
    assert.deepEqual(ran[0], ['shared built 1', 'shared built 2', 'shared plain']);
    assert.deepEqual(ran[1], ['alone timed']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
