// Checks of the web crate's shape that the compiler does not make (issue 20):
//
// - No import circle: no two modules whose non-test code names each other
//   through `crate::…` paths (`use crate::…` or a path in the code). A
//   module is a file (`src/net/state.rs` is `net::state`, `src/ui/mod.rs`
//   is `ui`); a path names the longest module it starts with.
// - Views are views: no view function (one that returns `Html`) is over
//   MAX_VIEW_LINES lines, counted from `fn` to its closing brace.
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

/// The longest a view function may be, in lines.
export const MAX_VIEW_LINES = 150;

/// `text` with comments and string literals blanked, its lines kept (so
/// that braces can be matched and lines counted).
function blanked(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$|"(?:[^"\\]|\\.)*"|'(?:[^'\\\n]|\\.)'/gm, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
}

/// The functions of `text` (not under `#[cfg(test)]`) that return `Html`:
/// their name, first line and length in lines.
export function viewFunctions(text) {
  const code = blanked(text);
  const test = code.search(/#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{/);
  const out = [];
  for (const m of code.matchAll(/\bfn\s+(\w+)/g)) {
    if (test >= 0 && m.index > test) break;
    // The body's brace: the first `{` outside the parameters' parentheses
    // (a parameter may be destructured with braces); a `;` first: no body.
    let open = -1;
    for (let k = m.index, parens = 0; k < code.length; k++) {
      const c = code[k];
      if (c === '(') parens++;
      else if (c === ')') parens--;
      else if (parens === 0 && c === ';') break;
      else if (parens === 0 && c === '{') {
        open = k;
        break;
      }
    }
    if (open < 0) continue;
    if (!/->\s*Html\s*(where[^{]*)?$/.test(code.slice(m.index, open).trim())) continue;
    let depth = 0;
    let end = open;
    for (; end < code.length; end++) {
      if (code[end] === '{') depth++;
      else if (code[end] === '}' && --depth === 0) break;
    }
    const line = (at) => code.slice(0, at).split('\n').length;
    out.push({ name: m[1], line: line(m.index), lines: line(end) - line(m.index) + 1 });
  }
  return out;
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

/// A stylesheet's unclosed rules: where a rule starts at the start of a
/// line inside another rule (not inside an at-rule such as `@media`), and
/// the depth left at the end. A lost `}` (a merge can drop one) silently
/// swallows every rule after it: the browser reads them as nested junk.
export function cssProblems(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const open = [];
  const problems = [];
  code.split('\n').forEach((line, i) => {
    const inner = open.at(-1);
    if (/^[^\s}@]/.test(line) && line.includes('{') && inner && !inner.text.startsWith('@')) {
      problems.push(`line ${i + 1} starts a rule inside the rule of line ${inner.line}, which is never closed`);
    }
    for (const ch of line) {
      if (ch === '{') open.push({ line: i + 1, text: line.trim() });
      else if (ch === '}' && !open.pop()) problems.push(`line ${i + 1}: a \`}\` that closes nothing`);
    }
  });
  for (const o of open) problems.push(`the rule of line ${o.line} (${o.text}) is never closed`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const css = cssProblems(readFileSync('styles/app.css', 'utf8'));
  for (const p of css) console.log(`structure: styles/app.css: ${p}`);
  if (css.length) {
    console.log('structure: FAILED: close every rule of the stylesheet');
    process.exit(1);
  }
  const root = process.argv[2] ?? 'src';
  const graph = moduleGraph(root);
  const found = circles(graph);
  const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
  console.log(`structure: ${graph.size} modules, ${edges} uses between them`);
  for (const [a, b] of found) console.log(`structure: import circle: ${a} and ${b} name each other`);
  const views = rustFiles(root).flatMap((f) =>
    viewFunctions(readFileSync(f, 'utf8')).map((v) => ({ ...v, file: relative('.', f) })),
  );
  const long = views.filter((v) => v.lines > MAX_VIEW_LINES);
  const longest = views.reduce((a, v) => (v.lines > (a?.lines ?? 0) ? v : a), null);
  console.log(
    `structure: ${views.length} view functions, the longest ${longest ? `${longest.name} (${longest.file}:${longest.line}), ${longest.lines} lines` : 'none'}`,
  );
  for (const v of long) {
    console.log(`structure: ${v.file}:${v.line}: view function ${v.name} is ${v.lines} lines (at most ${MAX_VIEW_LINES})`);
  }
  if (found.length) console.log('structure: FAILED: move what both modules need into one of them, or into a third');
  if (long.length) console.log('structure: FAILED: split the view into parts, each a function that draws one thing');
  if (found.length || long.length) process.exit(1);
  console.log(`structure: no import circle, no view over ${MAX_VIEW_LINES} lines`);
}
