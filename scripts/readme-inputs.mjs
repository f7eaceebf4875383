#!/usr/bin/env node
// What the README's pictures (docs/screenshots/) are made from, as one hash
// (issue 54). scripts/readme-screenshots.mjs writes it beside the pictures
// when it takes them; the test run's cheap check compares it with the
// hash of the files as they are now, so that a change of the app's look
// without new pictures fails at once, on a clean clone too (file contents,
// not file times, which a clone does not keep):
//
//   node scripts/readme-inputs.mjs --check   exit 1 if the pictures are stale
//   node scripts/readme-inputs.mjs           prints the hash
//
// The inputs: the page and its styles, the views, the English words, the
// deal the script plays (its code and the bots and rules that play it),
// and the script itself. A change elsewhere (a driver, a save format, the
// tests) leaves the pictures as they are.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/// The inputs, files or folders (every file under them), from the root.
export const INPUTS = [
  'index.html',
  'styles',
  'static/guard.js',
  'src/ui',
  'src/scene.rs',
  'src/i18n/en.rs',
  'engine/src',
  'scripts/readme-screenshots.mjs',
];

/// Where the hash of the inputs the pictures were taken from is kept.
export const STAMP = join(root, 'docs', 'screenshots', 'inputs.sha256');

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) throw new Error(`readme-inputs: ${path} is listed as an input and does not exist`);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/// The hash of every input's path and bytes, in a fixed order.
export function inputsHash() {
  const hash = createHash('sha256');
  for (const path of INPUTS.flatMap(files).sort()) {
    hash.update(`${relative(root, join(root, path))}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const now = inputsHash();
  if (!process.argv.includes('--check')) {
    console.log(now);
  } else {
    const taken = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '(none)';
    if (taken !== now) {
      console.error(
        `The README's pictures (docs/screenshots/) were taken from other inputs (${INPUTS.join(', ')}):\n` +
          `  taken from ${taken}\n  inputs now ${now}\n` +
          'Take them again and commit them with their stamp: trunk build --release && node scripts/readme-screenshots.mjs',
      );
      process.exit(1);
    }
    console.log(`The README's pictures were taken from these inputs (${now.slice(0, 12)}).`);
  }
}
