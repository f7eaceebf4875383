// How the end-to-end tests run (issue 54), read by scripts/e2e.mjs: every
// file of tests/e2e/ that holds tests, once, and which of its tests are
// checks of timing, run with nothing beside them.
//
// Side by side is safe for the rest: each file serves the build on a free
// port of its own, each browser has a profile of its own, and WebKit's
// X display is its own (-displayfd). What must run alone:
// - the checks of timing, which a second job on the other core would skew:
//   a bot's decision and the page's long tasks (play, review), a restore
//   timed with one core kept busy (engines.mjs, per engine);
// - the network lab's check of its links' delays (the rest of the lab runs
//   side by side with the other files: it is the one job that makes the
//   lab's namespaces, whose names are fixed).
//
// `secs`: about how long the part takes on this machine, idle (the
// longest start first). From `node scripts/test-times.mjs` over a run's
// tests/e2e/artifacts/test-times.tsv; a guess for a new file is fine.
// `alone`: true (the whole file), or the names' beginnings of its tests
// that run alone (the rest of the file runs side by side).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/// The files and their parts. `engines.mjs` runs once per engine, over
/// WebDriver; every other file in Chromium through Playwright. The tests
/// of the scripts and of the harnesses themselves (tests/scripts/) run
/// once, as a job of their own.
export const FILES = [
  { file: '../scripts/', name: 'tests/scripts/', step: 'scripts', secs: 25 },
  { file: 'devices.test.mjs', secs: 170 },
  { file: 'a11y.test.mjs', secs: 140 },
  { file: 'blind.test.mjs', secs: 215 },
  { file: 'play.test.mjs', secs: 60, alone: ['bots never block the page'], aloneSecs: 30 },
  { file: 'family.test.mjs', secs: 60 },
  { file: 'across.test.mjs', secs: 60 },
  { file: 'follow.test.mjs', secs: 50 },
  { file: 'offline.test.mjs', secs: 40 },
  { file: 'robustness.test.mjs', secs: 40 },
  { file: 'look.test.mjs', secs: 80 },
  { file: 'lobby.test.mjs', secs: 30 },
  { file: 'review.test.mjs', secs: 35, alone: ['a round played badly on purpose'], aloneSecs: 30 },
  { file: 'keyboard.test.mjs', secs: 25 },
  { file: 'install.test.mjs', secs: 25 },
  { file: 'https.test.mjs', secs: 25 },
  { file: 'suspend.test.mjs', secs: 40 },
  { file: 'steady.test.mjs', secs: 20 },
  { file: 'taps.test.mjs', secs: 20 },
  { file: 'takeback.test.mjs', secs: 15 },
  { file: 'rules.test.mjs', secs: 15 },
  { file: 'languages.test.mjs', secs: 10 },
  { file: 'lab.test.mjs', step: 'lab', secs: 180, alone: ['two homes 100 ms apart'], aloneSecs: 25 },
  ...['firefox', 'webkit', 'chromium'].map((engine) => ({
    file: 'engines.mjs',
    engine,
    secs: { chromium: 75, firefox: 140, webkit: 100 }[engine],
    alone: ['a wasm trap or a panic mid-game'],
    aloneSecs: 20,
  })),
];

const here = dirname(fileURLToPath(import.meta.url));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/// The names of the top-level tests a file declares (its `test(` calls
/// with a literal name; a name built in a loop is read up to its first
/// `${`, which is enough to tell it apart).
export function testNames(path) {
  const text = readFileSync(path, 'utf8');
  const calls = text.match(/(?<![.\w])test\(/g) ?? [];
  const names = [...text.matchAll(/(?<![.\w])test\(\s*(['"`])((?:\\.|(?!\1).)*)\1?/g)].map((m) => m[2].split('${')[0].replace(/\\(.)/g, '$1'));
  // A test whose name is not written out (a variable) could not be told
  // apart: refused, so that no test is left out of both parts unseen.
  if (names.length !== calls.length || names.some((n) => !n)) {
    throw new Error(`${path}: ${calls.length} test( calls but ${names.filter(Boolean).length} names written out; a file split by the plan names its tests in their calls`);
  }
  return names;
}

/// The jobs: each file whole, or split into its shared part and its part
/// alone, by `--test-name-pattern`: the names that begin the tests alone,
/// and for the shared part the beginnings of all the file's other tests.
/// (Not a negative lookahead: node matches a test's pattern against its
/// parents' names too, and the file's root matches any `^(?!…)`.) Longest
/// first within each phase.
export function jobs(files = FILES, dir = here) {
  const out = [];
  for (const f of files) {
    const name = f.name ?? (f.engine ? `${f.file} (${f.engine})` : f.file);
    const path = join(dir, f.file);
    const base = {
      file: f.file,
      path,
      step: f.step ?? (f.engine ? `webdriver-${f.engine}` : f.alone === true ? 'lab' : 'playwright'),
      env: f.engine ? { MOJO_ENGINE: f.engine } : {},
    };
    if (f.alone === true) {
      out.push({ ...base, name, secs: f.secs, alone: true, pattern: null });
    } else if (f.alone) {
      const timed = (n) => f.alone.some((p) => n.startsWith(p));
      const rest = [...new Set(testNames(path).filter((n) => !timed(n)))];
      out.push({ ...base, name, secs: f.secs, alone: false, pattern: `^(?:${rest.map(escape).join('|')})` });
      out.push({ ...base, name: `${name}, timing`, secs: f.aloneSecs, alone: true, pattern: `^(?:${f.alone.map(escape).join('|')})` });
    } else {
      out.push({ ...base, name, secs: f.secs, alone: false, pattern: null });
    }
  }
  return out.sort((a, b) => Number(a.alone) - Number(b.alone) || b.secs - a.secs);
}
