// Checks of the workspace's shape that the compiler does not make (issues
// 20 and 33), and of the stylesheet:
//
// - No import circle, of any length, in any crate (CRATES): the modules
//   reach each other through what their non-test code names (`crate::`,
//   `super::` and `self::` paths, in the code and in `use` groups). A
//   module is a file (`src/net/devices.rs` is `net::devices`, `src/ui/mod.rs`
//   is `ui`); a path names the longest module it starts with. A module
//   naming a module inside it is not a use (it owns it).
// - The web crate's layers (LAYERS): no module names one of a layer above
//   its own; only the drivers and the views name the browser's APIs.
// - The pure layers (below the drivers and the views) name neither the
//   browser's APIs (`web_sys`, `js_sys`) nor the UI framework (`yew`,
//   `gloo`); the root component names the framework, never the browser.
// - Views are views: no view function (one that returns `Html`) is over
//   MAX_VIEW_LINES lines; no function of `src/` over MAX_FN_LINES; no file
//   of any crate over its cap (MAX_FILE_LINES) before its tests.
//
// Test code is never counted as code: every item under a `cfg` that holds
// only in tests (`#[cfg(test)]`, `#[cfg(all(test, …))]`, on a module, a
// function, an `impl`, a `use`, a field…), and every file such a module
// declares (`#[cfg(test)] mod tests;`) or that says so itself
// (`#![cfg(test)]`), is left out of the sizes, the layers and the circles.
//
// Usage: node scripts/structure.mjs (from the repository)
// Prints what it found; exits 1 if a check fails.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
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
/// The crate's root is `lib.rs`, or `main.rs` where there is no library; a
/// `main.rs` beside a `lib.rs`, and `bin/*.rs`, are binaries of their own
/// (`@main`, `@bin::name`), which no module of the library can name.
export function moduleOf(root, path) {
  const parts = relative(root, path).replace(/\.rs$/, '').split(sep);
  if (parts[0] === 'bin') return `@${parts.join('::')}`;
  if (parts.at(-1) === 'mod') parts.pop();
  if (parts.length === 1 && parts[0] === 'lib') parts.pop();
  if (parts.length === 1 && parts[0] === 'main') {
    return existsSync(join(root, 'lib.rs')) ? '@main' : '';
  }
  return parts.join('::');
}

/// The longest a view function may be, in lines.
export const MAX_VIEW_LINES = 150;

/// `text` with comments and string literals blanked, its lines kept (so
/// that braces can be matched and lines counted).
function blanked(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$|\br(#*)"[\s\S]*?"\1|"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\\n]|\\.)'/gm, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
}

/// The parts of a `cfg` predicate's list (`a, all(b, c)` → `a`, `all(b, c)`).
function cfgParts(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < list.length; k++) {
    if (list[k] === '(') depth++;
    else if (list[k] === ')') depth--;
    else if (list[k] === ',' && depth === 0) {
      parts.push(list.slice(start, k));
      start = k + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/// Whether the `cfg` predicate `pred` holds only when compiling tests:
/// `test`; `all(…)` with such a part; `any(…)` whose parts all are.
export function onlyInTests(pred) {
  const p = pred.trim();
  if (p === 'test') return true;
  const m = p.match(/^(all|any)\s*\(([\s\S]*)\)$/);
  if (!m) return false;
  const parts = cfgParts(m[2]);
  return m[1] === 'all' ? parts.some(onlyInTests) : parts.length > 0 && parts.every(onlyInTests);
}

/// The index just past the bracket that closes the one at `open`.
function closing(code, open) {
  const pairs = { '(': ')', '[': ']', '{': '}' };
  const stack = [];
  for (let k = open; k < code.length; k++) {
    const c = code[k];
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (!stack.length) return k + 1;
    }
  }
  return code.length;
}

/// Where the item that starts at `at` in `code` ends: after its `;` (a
/// `mod x;`, a `use`, a statement), after its `,` (a field, a variant),
/// after its block's `}` (a module, a function, an `impl`), or before the
/// `}` that closes the block around it (a last field without a comma).
function itemEnd(code, at) {
  let depth = 0;
  let angles = 0;
  for (let k = at; k < code.length; k++) {
    const c = code[k];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '<' && depth === 0) angles++;
    else if (c === '>' && depth === 0 && !'-='.includes(code[k - 1]) && angles > 0) angles--;
    else if (c === '}' && depth === 0) return k;
    else if (depth === 0 && c === ';') return k + 1;
    else if (depth === 0 && angles === 0 && c === ',') return k + 1;
    else if (depth === 0 && c === '{') return closing(code, k);
  }
  return code.length;
}

/// The test-only parts of `text`, as [start, end) offsets: each item
/// under an outer `#[cfg(…)]` that holds only in tests (its other
/// attributes included), or the whole file under such an inner
/// `#![cfg(…)]`.
export function testSpans(text) {
  const code = blanked(text);
  const spans = [];
  for (const m of code.matchAll(/#(!?)\[\s*cfg\s*\(/g)) {
    if (spans.length && m.index < spans.at(-1)[1]) continue;
    const open = m.index + m[0].length - 1;
    const close = closing(code, open);
    if (!onlyInTests(code.slice(open + 1, close - 1))) continue;
    if (m[1] === '!') return [[0, code.length]];
    // Past the attribute's `]`, and any other attributes of the item.
    let at = closing(code, code.indexOf('[', m.index));
    for (;;) {
      const next = code.slice(at).match(/^\s*#\[/);
      if (!next) break;
      at = closing(code, at + next[0].length - 1);
    }
    spans.push([m.index, itemEnd(code, at)]);
  }
  return spans;
}

const inSpans = (spans, at) => spans.some(([a, b]) => at >= a && at < b);

/// The functions of `text` (not test code, `testSpans`) that return `Html`:
/// their name, first line and length in lines.
export function viewFunctions(text, wanted = (signature) => /->\s*Html\s*(where[^{]*)?$/.test(signature)) {
  const code = blanked(text);
  const tests = testSpans(text);
  const out = [];
  for (const m of code.matchAll(/\bfn\s+(\w+)/g)) {
    if (inSpans(tests, m.index)) continue;
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
    if (!wanted(code.slice(m.index, open).trim())) continue;
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

/// `text` without comments, string literals and test code (`testSpans`:
/// a test module's block, a test function, a `mod …;` whose file is then
/// a test file).
export function nonTestCode(text) {
  const code = blanked(text);
  let out = '';
  let from = 0;
  for (const [a, b] of testSpans(text)) {
    out += code.slice(from, a);
    from = b;
  }
  return out + code.slice(from);
}

/// The names of the modules `text` declares as tests only (`#[cfg(test)]
/// mod name;`, or under any test-only `cfg`), and whether the whole file
/// is test code (`#![cfg(test)]`).
function testModules(text) {
  const code = blanked(text);
  return testSpans(text).flatMap(([a, b]) => {
    const m = code.slice(a, b).match(/\bmod\s+(\w+)\s*;\s*$/);
    return m ? [m[1]] : [];
  });
}

/// Whether the whole of `text` is test code (`#![cfg(test)]`).
function wholeFileIsTest(text) {
  const spans = testSpans(text);
  return spans.length === 1 && spans[0][0] === 0 && spans[0][1] === blanked(text).length && /^\s*#!\[/.test(blanked(text));
}

/// Which modules each module's non-test code names, for the crate in `root`:
/// every `crate::a::b`, `super::a` and `self::a` path, in the code and in
/// `use` groups (`use crate::{a, b::c}`, `use super::{x, y}`). A path names
/// the longest module it starts with.
/// The modules of the crate in `root` that are tests only (declared
/// `#[cfg(test)] mod name;`), and those under them.
export function testOnlyModules(root) {
  const texts = new Map(rustFiles(root).map((f) => [moduleOf(root, f), readFileSync(f, 'utf8')]));
  const declared = [];
  for (const [m, text] of texts) {
    for (const t of testModules(text)) declared.push(m ? `${m}::${t}` : t);
  }
  for (const [m, text] of texts) if (wholeFileIsTest(text)) declared.push(m);
  return new Set([...texts.keys()].filter((m) => declared.some((t) => m === t || m.startsWith(`${t}::`))));
}

export function moduleGraph(root) {
  const files = rustFiles(root);
  const texts = new Map(files.map((f) => [moduleOf(root, f), readFileSync(f, 'utf8')]));
  const testOnly = testOnlyModules(root);
  const modules = new Set(texts.keys());
  const longest = (path) => {
    const parts = path.split('::').filter(Boolean);
    while (parts.length && !modules.has(parts.join('::'))) parts.pop();
    return parts.join('::');
  };
  const graph = new Map();
  for (const [m, text] of texts) {
    if (testOnly.has(m)) continue;
    const code = nonTestCode(text);
    // A path from `crate`, `super` or `self` as a module path: each
    // `super` one level up.
    const resolve = (segments) => {
      const [kind, ...rest] = segments;
      const at = kind === 'crate' ? [] : m.split('::').filter(Boolean);
      if (kind === 'super') at.pop();
      for (const seg of rest) {
        if (seg === 'super') at.pop();
        else if (seg !== 'self') at.push(seg);
      }
      return at.join('::');
    };
    const names = new Set();
    for (const hit of code.matchAll(/\b(?:crate|super|self)(?:::\w+)+/g)) {
      names.add(longest(resolve(hit[0].split('::'))));
    }
    for (const group of code.matchAll(/\buse\s+((?:crate|super|self)(?:::\w+)*)::\{([^;]*)\}\s*;/g)) {
      const prefix = resolve(group[1].split('::'));
      for (const item of group[2].split(/[,{}\s]+/)) {
        if (item && item !== 'self') names.add(longest([prefix, item.replace(/::\*$/, '')].filter(Boolean).join('::')));
      }
    }
    names.delete('');
    names.delete(m);
    // A module owns the modules inside it (it declares them, and may
    // re-export them): naming them is not a dependency that can close a
    // circle. A child naming its parent (`super::Item`) is one.
    for (const n of names) if (m === '' || n.startsWith(`${m}::`)) names.delete(n);
    graph.set(m, names);
  }
  return graph;
}

/// The import circles: each set of two or more modules that reach each
/// other through what they name (a strongly connected component), as one
/// cycle through them, in order (`a → b → c → a`).
export function circles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) {
        low.set(v, Math.min(low.get(v), idx.get(w)));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(cycleThrough(graph, new Set(component)));
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found;
}

/// One cycle inside a strongly connected `component`, from its first
/// module (sorted) back to it.
function cycleThrough(graph, component) {
  const start = [...component].sort()[0];
  // Breadth first from start, back to start.
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let x = v; x !== start; x = prev.get(x)) path.splice(1, 0, x);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component];
}

/// The longest any function may be, in lines (issue 33: `src/` only).
export const MAX_FN_LINES = 150;
/// The longest a source file may be before its tests, per crate (issue 33
/// for `src/`; issue 58 for the others: 700, the aim for all four once
/// `src/`'s largest files are split by concern).
export const MAX_FILE_LINES = { src: 900, 'engine/src': 700, 'cli/src': 700, 'qr-worker/src': 700 };

/// Every function of `text` that is not test code, with its length.
export function functions(text) {
  return viewFunctions(text, () => true);
}

/// How many lines of `text` are code: its lines without its test code
/// (`testSpans`: the test module at its end, a test function or field
/// inside it), the blank lines at its end left out.
export function linesBeforeTests(text) {
  let code = '';
  let from = 0;
  for (const [a, b] of testSpans(text)) {
    code += text.slice(from, a);
    from = b;
  }
  code = (code + text.slice(from)).trimEnd();
  return code ? code.split('\n').length : 0;
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

/// The web crate's layers, bottom up: a module may name modules of its
/// own layer or below, never above (`docs/ARCHITECTURE.md`, "Layers").
/// Each module belongs to the first layer one of whose prefixes it starts
/// with; a module of no layer fails the check.
export const LAYERS = [
  ['the rules at the table and the stored shapes (pure)', ['json', 'i18n', 'save', 'stats', 'deal', 'daily', 'session', 'setup', 'scene', 'replay', 'page', 'sync', 'net']],
  ['the commands, as values', ['cmd']],
  ["the app's state machine", ['app']],
  ['the drivers and the views', ['drivers', 'ui']],
  ['the root component', ['root']],
];
/// Where the browser's APIs may be named (`web_sys`, `js_sys`).
export const BROWSER = ['drivers', 'ui'];
/// The browser's APIs, and the UI framework: no module of a pure layer
/// (below BROWSER's) names either; the root component names the framework.
const BROWSER_APIS = /\b(web_sys|js_sys)\b/;
const FRAMEWORK = /\b(yew|gloo)(?:_\w+)?\b/;
/// What a pure module still names of the framework, each with why and
/// until when. An entry that nothing needs any longer fails the check too.
export const FRAMEWORK_LEFT = [
  {
    module: 'app',
    names: 'yew',
    why: '`impl Reducible for AppState` (src/app/mod.rs), until issue 58 item 1 gives the reducer its parts and moves it to the root',
  },
];

const within = (m, prefixes) => prefixes.some((p) => m === p || m.startsWith(`${p}::`));

/// The layer of module `m` (its index in LAYERS), or -1.
export function layerOf(m) {
  return LAYERS.findIndex(([, prefixes]) => within(m, prefixes));
}

/// What breaks the layers: modules of no layer, and uses of a module
/// above; and the modules outside BROWSER that name the browser's APIs.
export function layerProblems(root, graph) {
  const problems = [];
  for (const [m, names] of graph) {
    if (m === '' || m.startsWith('@')) continue;
    const here = layerOf(m);
    if (here < 0) {
      problems.push(`${m} is in no layer (scripts/structure.mjs LAYERS)`);
      continue;
    }
    for (const n of names) {
      const there = layerOf(n);
      if (there > here) problems.push(`${m} (${LAYERS[here][0]}) names ${n} (${LAYERS[there][0]}), a layer above`);
    }
  }
  const tests = testOnlyModules(root);
  const pure = (m) => layerOf(m) >= 0 && layerOf(m) < Math.min(...BROWSER.map(layerOf));
  const left = new Set();
  for (const f of rustFiles(root)) {
    const m = moduleOf(root, f);
    if (m === '' || m.startsWith('@') || tests.has(m) || within(m, BROWSER)) continue;
    const code = nonTestCode(readFileSync(f, 'utf8'));
    if (BROWSER_APIS.test(code)) {
      problems.push(`${m} names the browser's APIs (web_sys, js_sys): only ${BROWSER.join(' and ')} may`);
    }
    if (!pure(m)) continue;
    for (const name of new Set([...code.matchAll(new RegExp(FRAMEWORK, 'g'))].map((hit) => hit[0]))) {
      const allowed = FRAMEWORK_LEFT.find((e) => e.module === m && e.names === name);
      if (allowed) left.add(allowed);
      else problems.push(`${m} (${LAYERS[layerOf(m)][0]}) names the UI framework (${name}): a pure layer names neither yew nor gloo`);
    }
  }
  for (const e of FRAMEWORK_LEFT) {
    if (!left.has(e)) problems.push(`${e.module} no longer names ${e.names}: drop its entry from FRAMEWORK_LEFT`);
  }
  for (const e of left) console.log(`structure: src: ${e.module} still names ${e.names}: ${e.why}`);
  return problems;
}

/// The workspace's crates: their source folders.
const CRATES = ['src', 'engine/src', 'cli/src', 'qr-worker/src'];

if (import.meta.url === `file://${process.argv[1]}`) {
  const css = cssProblems(readFileSync('styles/app.css', 'utf8'));
  for (const p of css) console.log(`structure: styles/app.css: ${p}`);
  if (css.length) {
    console.log('structure: FAILED: close every rule of the stylesheet');
    process.exit(1);
  }
  const failed = [];
  // Import circles of any length, in every crate of the workspace.
  for (const root of CRATES) {
    const graph = moduleGraph(root);
    const found = circles(graph);
    const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
    console.log(`structure: ${root}: ${graph.size} modules, ${edges} uses between them`);
    for (const cycle of found) console.log(`structure: ${root}: import circle: ${cycle.join(' → ')}`);
    if (found.length) failed.push('move what the modules of a circle need into one of them, or into a module below them');
  }
  // The web crate's layers, and where the browser is named.
  const layers = layerProblems('src', moduleGraph('src'));
  for (const p of layers) console.log(`structure: src: ${p}`);
  console.log(`structure: src: ${LAYERS.length} layers, bottom up: ${LAYERS.map(([name]) => name).join(' → ')}`);
  if (layers.length) failed.push('a module names only its own layer and those below it; the browser only in drivers/ and ui/, the framework not in a pure layer');
  // The web crate's functions and files.
  const root = 'src';
  const tests = testOnlyModules(root);
  const sources = rustFiles(root)
    .filter((f) => !tests.has(moduleOf(root, f)))
    .map((f) => ({ file: relative('.', f), text: readFileSync(f, 'utf8') }));
  const views = sources.flatMap(({ file, text }) => viewFunctions(text).map((v) => ({ ...v, file })));
  const fns = sources.flatMap(({ file, text }) => functions(text).map((v) => ({ ...v, file })));
  const report = (what, list, max, fix) => {
    const longest = list.reduce((a, v) => (v.lines > (a?.lines ?? 0) ? v : a), null);
    console.log(
      `structure: ${list.length} ${what}, the longest ${longest ? `${longest.name} (${longest.file}:${longest.line}), ${longest.lines} lines` : 'none'}`,
    );
    const long = list.filter((v) => v.lines > max);
    for (const v of long) console.log(`structure: ${v.file}:${v.line}: ${v.name} is ${v.lines} lines (at most ${max})`);
    if (long.length) failed.push(fix);
  };
  report('view functions', views, MAX_VIEW_LINES, 'split the view into parts, each a function that draws one thing');
  report('functions in src/', fns, MAX_FN_LINES, 'split the function: one function, one job');
  // Every crate's files, each within its crate's cap before its tests.
  for (const crate of CRATES) {
    const testOnly = testOnlyModules(crate);
    const files = rustFiles(crate)
      .filter((f) => !testOnly.has(moduleOf(crate, f)))
      .map((f) => ({ file: relative('.', f), name: relative('.', f), line: 1, lines: linesBeforeTests(readFileSync(f, 'utf8')) }));
    report(`source files in ${crate}/ (lines before their tests)`, files, MAX_FILE_LINES[crate], 'split the file by concern');
  }
  if (failed.length) {
    for (const f of new Set(failed)) console.log(`structure: FAILED: ${f}`);
    process.exit(1);
  }
  console.log(
    `structure: no import circle in ${CRATES.length} crates; the layers kept; no view over ${MAX_VIEW_LINES} lines, no function of src/ over ${MAX_FN_LINES}, no file over its crate's cap before its tests (${CRATES.map((c) => `${c}/ ${MAX_FILE_LINES[c]}`).join(', ')})`,
  );
}
