// Checks of the web crate's shape that the compiler does not make (issue 20):
//
// - No import circle: no two modules whose non-test code names each other
//   through `crate::…` paths (`use crate::…` or a path in the code). A
//   module is a file (`src/net/state.rs` is `net::state`, `src/ui/mod.rs`
//   is `ui`); a path names the longest module it starts with.
//
// Usage: node scripts/structure.mjs [SRC_DIR]   (default: src)
// Prints what it found; exits 1 if a check fails.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/// The `.rs` files under `dir`.
function rustFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...rustFiles(path));
    else if (name.endsWith('.rs')) out.push(path);
  }
  return out;
}

/// `src/net/state.rs` → `net::state`; `src/ui/mod.rs` → `ui`; `src/lib.rs` → ``.
export function moduleOf(root, path) {
  const parts = relative(root, path).replace(/\.rs$/, '').split(sep);
  if (parts.at(-1) === 'mod') parts.pop();
  if (parts.length === 1 && (parts[0] === 'lib' || parts[0] === 'main')) parts.pop();
  return parts.join('::');
}

/// `text` without comments, string literals, and items under `#[cfg(test)]`
/// (a `mod … { … }` block, or a `mod …;` whose file is then a test file).
export function nonTestCode(text) {
  let code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
  for (;;) {
    const at = code.search(/#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{/);
    if (at < 0) break;
    let i = code.indexOf('{', at);
    let depth = 0;
    for (; i < code.length; i++) {
      if (code[i] === '{') depth++;
      else if (code[i] === '}' && --depth === 0) break;
    }
    code = code.slice(0, at) + code.slice(i + 1);
  }
  return code;
}

/// The names of modules declared `#[cfg(test)] mod name;` in `text`.
function testModules(text) {
  return [...text.matchAll(/#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/g)].map((m) => m[1]);
}

/// Which modules each module's non-test code names, for the crate in `root`.
export function moduleGraph(root) {
  const files = rustFiles(root);
  const texts = new Map(files.map((f) => [moduleOf(root, f), readFileSync(f, 'utf8')]));
  const testOnly = new Set();
  for (const [m, text] of texts) {
    for (const t of testModules(text)) testOnly.add(m ? `${m}::${t}` : t);
  }
  const modules = new Set(texts.keys());
  const longest = (path) => {
    const parts = path.split('::');
    while (parts.length && !modules.has(parts.join('::'))) parts.pop();
    return parts.join('::');
  };
  const graph = new Map();
  for (const [m, text] of texts) {
    if ([...testOnly].some((t) => m === t || m.startsWith(`${t}::`))) continue;
    const code = nonTestCode(text);
    const names = new Set();
    // `crate::a::b::Item` anywhere, and each path inside `use crate::{…}`.
    for (const hit of code.matchAll(/\bcrate::((?:\w+::)*\w+)/g)) names.add(longest(hit[1]));
    for (const group of code.matchAll(/\buse\s+crate::\{([^;]*)\}\s*;/g)) {
      for (const item of group[1].split(/[,{}\s]+/)) if (item) names.add(longest(item.replace(/::\*$/, '')));
    }
    names.delete('');
    names.delete(m);
    graph.set(m, names);
  }
  return graph;
}

/// The pairs of modules that name each other.
export function circles(graph) {
  const found = [];
  for (const [a, names] of graph) {
    for (const b of names) if (a < b && graph.get(b)?.has(a)) found.push([a, b]);
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? 'src';
  const graph = moduleGraph(root);
  const found = circles(graph);
  const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
  console.log(`structure: ${graph.size} modules, ${edges} uses between them`);
  for (const [a, b] of found) console.log(`structure: import circle: ${a} and ${b} name each other`);
  if (found.length) {
    console.log('structure: FAILED (move what both need into one of them, or into a third module)');
    process.exit(1);
  }
  console.log('structure: no import circle');
}
