// The .wasm's size by crate and by module of mojo-web, from twiggy's list
// of every item (a diagnostic, not part of the test run; BENCHMARKS.md,
// "Size"). Each item counts for the first crate its symbol names (so the
// views that Yew's generic lifecycle inlines count for yew).
//
//   twiggy top -n 100000 --format csv named.wasm > top.csv
//   node scripts/size-breakdown.mjs top.csv

import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/size-breakdown.mjs TWIGGY_TOP.csv');
  process.exit(2);
}
const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
const crates = new Map();
const modules = new Map();
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);
const CRATE = /(?<![A-Za-z0-9_])([a-z][a-z0-9_]*)(?:\[[0-9a-f]+\])?::/;
for (const line of lines) {
  // Name,ShallowSize,ShallowSizePercent,RetainedSize,RetainedSizePercent
  const m = line.match(/^(.*),(\d+),[\d.]+,(\d*),([\d.]*)$/);
  if (!m) continue;
  const name = m[1].replace(/^"|"$/g, '');
  const bytes = Number(m[2]);
  let crate;
  if (name.startsWith('import ')) crate = '(imports)';
  else if (/function names|^"?\w* ?subsection|custom section/.test(name)) crate = '(names)';
  else if (name.startsWith('data segment')) crate = '(data)';
  else crate = name.match(CRATE)?.[1] ?? '(other)';
  add(crates, crate, bytes);
  if (crate === 'mojo_web') {
    const mm = name.match(/mojo_web(?:\[[0-9a-f]+\])?::([a-z0-9_]+)(?:::([a-z0-9_]+))?/);
    const deep = ['ui', 'net', 'persist', 'i18n'].includes(mm[1]) && mm[2] && /^[a-z]/.test(mm[2]);
    add(modules, deep ? `${mm[1]}::${mm[2]}` : mm[1], bytes);
  }
}
const show = (title, map, n) => {
  const total = [...map.values()].reduce((a, b) => a + b, 0);
  console.log(`${title} (${(total / 1000).toFixed(1)} KB raw)`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${(v / 1000).toFixed(1).padStart(8)} KB  ${k}`);
  }
};
show('by crate', crates, 20);
show('mojo_web by module', modules, 30);
