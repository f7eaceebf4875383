// A reporter for `node --test` (issue 38): one line per end-to-end test,
// with its time, appended to the file `$MOJO_TEST_TIMES` (by default
// tests/e2e/artifacts/test-times.tsv), so that slow and unstable tests show
// across runs. `scripts/test.sh` passes it beside the usual TAP reporter
// and prints the file at the end of the run.
//
// A line: ISO time, the step (`$MOJO_TEST_STEP`, e.g. "playwright" or
// "webdriver-firefox"), the file, the test's name, ok | FAIL | skip, ms.
// Only top-level tests are written (the subtests are part of their test).

import { appendFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.env.MOJO_TEST_TIMES || join(here, 'artifacts', 'test-times.tsv');
const stepName = process.env.MOJO_TEST_STEP || 'e2e';

/// One line of the file, tabs and newlines of the name made spaces.
export function line({ at, step, file, name, result, ms }) {
  const clean = (s) => String(s).replace(/[\t\r\n]+/g, ' ');
  return `${at}\t${clean(step)}\t${clean(file)}\t${clean(name)}\t${result}\t${Math.round(ms)}\n`;
}

export default async function* timesReporter(source) {
  mkdirSync(dirname(out), { recursive: true });
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data;
    // Nesting 0 is a test file's own top-level tests (the runner's own
    // events for a whole file carry the file's path as their name).
    if (data.nesting !== 0 || !data.details) continue;
    const skipped = data.skip !== undefined && data.skip !== false;
    const result = event.type === 'test:fail' ? 'FAIL' : skipped ? 'skip' : 'ok';
    const file = data.file ? basename(data.file) : '';
    appendFileSync(
      out,
      line({
        at: new Date().toISOString(),
        step: stepName,
        file,
        name: data.name,
        result,
        ms: data.details.duration_ms ?? 0,
      }),
    );
  }
}
