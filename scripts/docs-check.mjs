// The docs name only what exists (issue 33): every file path and every Rust
// name (`Type::name`, `module::item`) the docs cite between backticks is
// found in the workspace. A renamed function or a moved file then fails
// the test run instead of leaving the code map wrong.
//
// Checked: README.md, BENCHMARKS.md, TESTING.md and docs/*.md, and the
// file paths in the Rust sources' comments. Not the dated logs of
// docs/history/ (BENCHMARKS.md's entries up to 12ee0f2), whose entries
// name the code as it was when each figure was measured.
//
// And the sections cited by name (issue 54): wherever code, a comment or
// a doc names a section of BENCHMARKS.md or of a dated log by its heading
// in double quotes after the file's name (`BENCHMARKS.md, "The test run"`,
// `BENCHMARKS.md's table "Raises of the regression ceiling"`,
// `docs/history/benchmarks-2026-11-to-12.md, "Second pass"`, the quote
// free to run over a comment's next line), that file has a heading of
// that name: its text (backticks dropped), or its part before " (" or
// before ": " (`"Across the internet"` names "Across the internet: the
// network lab"). So too a section named without quotes as a comment's
// last words (`(BENCHMARKS.md, The test run)`), and a link to one
// (`BENCHMARKS.md#the-test-run`, GitHub's anchor of the heading). The
// dated logs themselves are not searched for citations.
//
// What counts as a citation, between backticks:
// - a path: segments with a `/` (`src/net/state.rs`, `engine/src/bot/`,
//   `static/i18n/*.json`), found relative to the repository, the doc's
//   folder, or one of the crates' source folders (a code map names
//   `net/state.rs` under `src/`); or a file name (`exec.rs`), found at the
//   repository's root or in the folder that its section's heading or its table row's first cell names
//   (`game.rs` in "The engine (`engine/src/`)", `code.rs` in the row of
//   `net/`), at any depth, or anywhere in the workspace where neither
//   names one; in a comment, from the source's folders or anywhere;
// - a Rust path: segments joined by `::` (`AppState::hand_msg`,
//   `persist::sync::verdict`, `Msg::Tab(TabMsg::Saw(..))`): its module part
//   must be a module of the workspace, and what follows an item of it: a
//   function, type, constant or module, or a member of a type (a method in
//   any `impl` of it, a variant, a field).
//
// Usage: node scripts/docs-check.mjs [ROOT]   (default: the repository)
// Prints every citation not found, with its doc and line; exits 1 if any.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
/// The dated logs: neither checked for paths nor searched for citations.
const HISTORY = join(root, 'docs', 'history');

/// The crates' source folders: (folder, crate name).
const CRATES = [
  ['src', 'mojo_web'],
  ['engine/src', 'mojo_engine'],
  ['cli/src', 'mojo_cli'],
  ['qr-worker/src', 'qr_worker'],
];
/// Integration tests and benches: their files are modules of their own.
const TEST_DIRS = ['tests', 'engine/tests', 'cli/tests', 'engine/benches'];

function walk(dir, keep) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'target' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, keep));
    else if (keep(name)) out.push(path);
  }
  return out;
}

/// `text` with comments and string literals blanked, lines kept.
function blanked(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$|\br(#*)"[\s\S]*?"\1|"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\\n]|\\.)'/gm, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
}

/// The body of the block whose `{` is at `open` (without the braces).
function block(code, open) {
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    if (code[k] === '{') depth++;
    else if (code[k] === '}' && --depth === 0) return code.slice(open + 1, k);
  }
  return code.slice(open + 1);
}

/// Every Rust file of the workspace, as { path, module: ['net', 'state'], code }.
function rustIndex() {
  const files = [];
  for (const [dir, crate] of CRATES) {
    for (const path of walk(join(root, dir), (n) => n.endsWith('.rs'))) {
      const parts = relative(join(root, dir), path).replace(/\.rs$/, '').split(sep);
      if (parts.at(-1) === 'mod') parts.pop();
      if (parts.length === 1 && ['lib', 'main'].includes(parts[0])) parts.pop();
      files.push({ path, crate, module: parts, code: blanked(readFileSync(path, 'utf8')) });
    }
  }
  for (const dir of TEST_DIRS) {
    for (const path of walk(join(root, dir), (n) => n.endsWith('.rs'))) {
      const parts = relative(join(root, dir), path).replace(/\.rs$/, '').split(sep);
      if (parts.at(-1) === 'mod') parts.pop();
      files.push({ path, crate: 'tests', module: parts, code: blanked(readFileSync(path, 'utf8')) });
    }
  }
  return files;
}

const ITEM = (name) =>
  new RegExp(
    String.raw`\b(?:fn|struct|enum|trait|type|const|static|mod|union)\s+${name}\b|\bmacro_rules!\s*${name}\b|\bmacro_rules!\s*\w+[\s\S]{0,4000}?\bfn\s+${name}\b`,
  );

/// Whether `name` is an item of one of `files`: defined there, or
/// re-exported (`pub use kinds::{Kind, …};`).
function definesItem(files, name) {
  const reexport = new RegExp(String.raw`\bpub(?:\([^)]*\))?\s+use\s+[^;]*\b${name}\b[^;]*;`);
  return files.some((f) => ITEM(name).test(f.code) || reexport.test(f.code));
}

/// The bodies of `enum Type`, `struct Type` and `trait Type` (their
/// variants, fields and methods), and of every `impl … Type` block (its
/// methods and constants only: a field named in a struct literal inside a
/// method is not a member).
function typeBodies(files, type) {
  const decls = [];
  const impls = [];
  const decl = new RegExp(String.raw`\b(?:enum|struct|trait|union)\s+${type}\b[^;{]*\{`, 'g');
  const impl = new RegExp(
    String.raw`\bimpl\b(?:\s*<[^{;]*?>)?\s+(?:[\w:<>, '&]+\s+for\s+)?(?:[\w:]+::)?${type}\b(?:\s*<[^{;]*?>)?[^;{]*\{`,
    'g',
  );
  for (const f of files) {
    for (const m of f.code.matchAll(decl)) decls.push(block(f.code, m.index + m[0].length - 1));
    for (const m of f.code.matchAll(impl)) impls.push(block(f.code, m.index + m[0].length - 1));
  }
  return { decls, impls };
}

function hasMember({ decls, impls }, member) {
  const method = new RegExp(String.raw`\b(?:fn|const|type)\s+${member}\b`);
  // A variant or a field: at the start of an item of the body, at depth 0.
  const field = new RegExp(
    String.raw`^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?${member}\s*(?:[,({:=]|$)`,
  );
  const topLevel = (body) => {
    const items = [];
    let depth = 0;
    let start = 0;
    for (let k = 0; k < body.length; k++) {
      const c = body[k];
      if ('{(['.includes(c)) depth++;
      else if ('})]'.includes(c)) depth--;
      else if (c === ',' && depth === 0) {
        items.push(body.slice(start, k));
        start = k + 1;
      }
    }
    items.push(body.slice(start));
    return items;
  };
  return (
    [...decls, ...impls].some((b) => method.test(b)) ||
    decls.some((b) => topLevel(b).some((item) => field.test(item)))
  );
}

/// A type alias of a number (`type Seat = u8`): its constants are the
/// number's.
const NUMBER_CONSTS = ['MAX', 'MIN', 'BITS'];
function numberAlias(files, type) {
  const re = new RegExp(String.raw`\btype\s+${type}\s*=\s*[ui](?:8|16|32|64|128|size)\s*;`);
  return files.some((f) => re.test(f.code));
}

/// Whether the Rust path `segments` names something of the workspace.
function rustExists(files, segments) {
  let segs = segments.filter((s) => s !== 'crate' && s !== 'self' && s !== 'super');
  let scope = files;
  if (['mojo_web', 'mojo_engine', 'mojo_cli', 'qr_worker'].includes(segs[0])) {
    scope = files.filter((f) => f.crate === segs[0]);
    segs = segs.slice(1);
  }
  // The longest leading part that is a module (its path ends with it).
  let k = segs.length;
  let modules = [];
  for (; k > 0; k--) {
    const want = segs.slice(0, k).join('::');
    modules = scope.filter((f) => f.module.join('::') === want || f.module.join('::').endsWith(`::${want}`));
    if (modules.length) break;
  }
  let rest = segs.slice(k);
  const within = k > 0 ? modules : scope;
  // An inline module (`tests` in `session::tests::…`).
  while (rest.length > 1 && within.some((f) => new RegExp(String.raw`\bmod\s+${rest[0]}\s*\{`).test(f.code))) {
    rest = rest.slice(1);
  }
  if (rest.length === 0) return true;
  if (rest.length === 1) return definesItem(within, rest[0]);
  if (rest.length === 2) {
    const [type, member] = rest;
    if (NUMBER_CONSTS.includes(member) && numberAlias(within, type)) return true;
    if (!within.some((f) => new RegExp(String.raw`\b(?:struct|enum|trait|type|union)\s+${type}\b`).test(f.code))) return false;
    // Its impls may be in any file of the crate.
    return hasMember(typeBodies(scope, type), member);
  }
  return false;
}

/// The Rust paths of one citation: `Msg::Tab(TabMsg::Saw(..))` is
/// `Msg::Tab` and `TabMsg::Saw`; generics and arguments are dropped.
function rustPaths(text) {
  const out = [];
  for (const m of text.matchAll(/(?:[A-Za-z_]\w*::)+[A-Za-z_]\w*/g)) {
    out.push(m[0].split('::').filter((s) => s !== ''));
  }
  return out;
}

const BASES = (docDir) => [
  root,
  docDir,
  ...CRATES.map(([d]) => join(root, d)),
  join(root, 'src/ui'),
  join(root, 'engine/src/bot'),
  join(root, 'tests'),
  join(root, 'static'),
];

function globToRe(seg) {
  return new RegExp(`^${seg.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*?/g, '.*').replace(/<[^>]*>/g, '.+')}$`);
}

/// Whether `path` (maybe with `*`, `**` or `<name>` wildcards) exists under `base`.
function pathExists(base, path) {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  let here = [base];
  for (const part of parts) {
    const next = [];
    for (const dir of here) {
      if (part === '..') {
        next.push(dirname(dir));
      } else if (part === '**') {
        next.push(dir, ...walk(dir, () => false).map(dirname));
        if (existsSync(dir) && statSync(dir).isDirectory()) {
          for (const name of readdirSync(dir)) next.push(join(dir, name));
        }
      } else if (/[*<]/.test(part)) {
        if (existsSync(dir) && statSync(dir).isDirectory()) {
          for (const name of readdirSync(dir)) if (globToRe(part).test(name)) next.push(join(dir, name));
        }
      } else if (existsSync(join(dir, part))) {
        next.push(join(dir, part));
      }
    }
    here = next;
    if (!here.length) return false;
  }
  return true;
}

/// What the build and the tests make (not in the repository), and one
/// outside document the architecture cites (rust-analyzer's).
const MADE = ['dist/', 'target/', 'tests/e2e/artifacts/', '.play-https/', 'join.html', 'node_modules/'];
const ELSEWHERE = ['docs/dev/architecture.md'];
/// What a deployer puts beside the build (the site's ICE servers, issue
/// 35): cited by the docs, never in the repository.
const DEPLOYED = ['network.json'];

const FILE_NAME = /^[\w.\-]+\.(rs|mjs|js|md|sh|toml|json|html|css|py|y4m)$/;
const NOT_PATHS = /^(application|text|image|font|https?:|\/)|[\s=?#@]|^\.\/$/;

/// The file paths of one citation, if it is one.
function filePath(text) {
  const t = text.replace(/[,.;:]$/, '');
  if (NOT_PATHS.test(t)) return null;
  if (t.includes('/') && /^[\w.\-*<>/]+$/.test(t)) return t;
  if (FILE_NAME.test(t) && !/^\d/.test(t)) return t;
  return null;
}

/// Whether a file of that name exists anywhere in the workspace's sources.
let allFiles = null;
function nameAnywhere(name) {
  allFiles ??= walk(root, () => true).map((p) => p.split(sep).at(-1));
  return allFiles.includes(name);
}

/// The file paths cited in the comments of the Rust sources (`tests/machine.rs`
/// in a module doc), with or without a `/` (`exec.rs`): found like the
/// docs' paths, or from the source's own folder and the folders above it
/// (`../medium.rs`, `scenarios/FORMAT.md` of the shared folder beside the
/// repository); a bare file name also anywhere in the workspace.
export function checkComments() {
  const missing = [];
  const sources = [...CRATES.map(([d]) => d), ...TEST_DIRS].flatMap((d) => walk(join(root, d), (n) => n.endsWith('.rs')));
  for (const file of sources) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const [i, line] of lines.entries()) {
      const comment = line.indexOf('//');
      if (comment < 0) continue;
      for (const m of line.slice(comment).matchAll(/`([^`]+)`/g)) {
        const path = filePath(m[1].trim());
        if (!path) continue;
        if (ELSEWHERE.includes(path) || DEPLOYED.includes(path) || MADE.some((x) => path === x || path.startsWith(x))) continue;
        const ups = [];
        for (let d = dirname(file); d.startsWith(root); d = dirname(d)) ups.push(d);
        const bases = [...BASES(dirname(file)), ...ups, join(root, '..', 'shared')];
        const found = bases.some((b) => pathExists(b, path)) || (!path.includes('/') && nameAnywhere(path));
        if (!found) missing.push(`${relative(root, file)}:${i + 1}: no file ${path}`);
      }
    }
  }
  return missing;
}

/// The folders that `text` names between backticks (`engine/src/`, the
/// folder of `tests/e2e/*.test.mjs`), found from one of `bases`.
function folders(text, bases) {
  const out = [];
  for (const m of (text ?? '').matchAll(/`([^`]+)`/g)) {
    const path = filePath(m[1].trim());
    if (!path || !path.includes('/')) continue;
    const dir = path.endsWith('/') ? path : dirname(path);
    for (const b of bases) {
      const full = join(b, dir);
      if (existsSync(full) && statSync(full).isDirectory()) {
        out.push(full);
        break;
      }
    }
  }
  return out;
}

export function check(docs) {
  const files = rustIndex();
  const missing = [];
  for (const doc of docs) {
    const text = readFileSync(doc, 'utf8');
    const lines = text.split('\n');
    let fenced = false;
    // The folders each heading level names (`## The engine (`engine/src/`)`).
    const headings = [];
    for (const [i, line] of lines.entries()) {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        continue;
      }
      if (fenced) continue;
      const heading = line.match(/^(#{1,6})\s/);
      if (heading) {
        headings.length = heading[1].length;
        headings[heading[1].length - 1] = folders(line, [root, dirname(doc)]);
      }
      const within = [...headings].reverse().find((f) => f?.length) ?? [];
      const row = line.startsWith('|') ? folders(line.split('|')[1], [...within, root]) : [];
      const context = row.length ? row : within;
      for (const m of line.matchAll(/`([^`]+)`/g)) {
        const cited = m[1].trim();
        const where = `${relative(root, doc)}:${i + 1}`;
        const path = filePath(cited);
        if (path) {
          if (ELSEWHERE.includes(path) || DEPLOYED.includes(path) || MADE.some((m) => path === m || path.startsWith(m) || `${path}/` === m)) {
            continue;
          }
          // A bare file name: at the repository's root, or in the folder
          // its section or its table's row names (`game.rs` under "The
          // engine (`engine/src/`)"), at any depth; where none is named,
          // anywhere.
          const found = path.includes('/')
            ? BASES(dirname(doc)).some((b) => pathExists(b, path))
            : context.length
              ? existsSync(join(root, path)) || context.some((d) => walk(d, (n) => n === path).length > 0)
              : nameAnywhere(path);
          if (!found) missing.push(`${where}: no file ${path}`);
          continue;
        }
        for (const segs of rustPaths(cited)) {
          if (!rustExists(files, segs)) missing.push(`${where}: no ${segs.join('::')} in the code`);
        }
      }
    }
  }
  return missing;
}

/// The names a markdown file's headings answer to: each heading's text
/// without backticks, and its part before " (" and before ": ". Lines in
/// fenced code blocks are not headings.
export function headingNames(text) {
  const names = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && line.match(/^#{1,6}\s+(.+?)\s*#*\s*$/);
    if (!m) continue;
    const heading = m[1].replace(/`/g, '').trim();
    names.add(heading);
    for (const cut of [' (', ': ']) {
      if (heading.includes(cut)) names.add(heading.slice(0, heading.indexOf(cut)).trim());
    }
  }
  return names;
}

/// A section cited by name: the file (`BENCHMARKS.md`, `BENCHMARKS`, or a
/// dated log's path), then within commas, colons, an opening parenthesis,
/// white space and comment marks, the heading in double quotes; and the
/// headings listed after it (`"Size", "Speed" and "Where the bytes are"`).
const GAP = String.raw`(?:[\s,:(]|//[/!]?|#|\*|<!--)*`;
const LIST_GAP = String.raw`(?:[\s,]|//[/!]?|#|\*|\band\b)+`;
const QUOTED = String.raw`"[^"\n]+(?:\n[^"\n]*){0,2}?"`;
const SECTION_FILE = String.raw`(BENCHMARKS(?:\.md)?|docs/history/[\w.-]+\.md)` + "`?(?:'s table)?";
const SECTION_CITE = new RegExp(`${SECTION_FILE}${GAP}(${QUOTED}(?:${LIST_GAP}${QUOTED})*)`, 'g');
const SECTION_SOURCES = /\.(rs|mjs|js|sh|md|toml|html|css|py|json|ya?ml)$/;
/// A section named without quotes, as a comment's last words in
/// parentheses: `(BENCHMARKS.md, The test run)`: a capital, then words up
/// to the `)`.
const SECTION_BARE = new RegExp(`${SECTION_FILE},[ \\t]+([A-Z][\\w' -]*?)\\)`, 'g');
/// A link to a section: `BENCHMARKS.md#the-test-run`.
const SECTION_LINK = new RegExp(`${SECTION_FILE}#([\\w-]+)`, 'g');

/// A heading's anchor as GitHub makes it: lower case, punctuation but `-`
/// and `_` dropped, spaces made `-`.
export function anchorOf(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/// Every section cited by name in the workspace that its file lacks.
export function checkSections() {
  const headings = new Map();
  const namesOf = (file) => {
    if (!headings.has(file)) {
      const path = join(root, file);
      headings.set(file, existsSync(path) ? headingNames(readFileSync(path, 'utf8')) : null);
    }
    return headings.get(file);
  };
  const sources = walk(root, (n) => SECTION_SOURCES.test(n)).filter((f) => {
    const rel = relative(root, f).split(sep).join('/');
    return !f.startsWith(HISTORY + sep) && !MADE.some((m) => rel.startsWith(m));
  });
  const missing = [];
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SECTION_CITE)) {
      const target = m[1] === 'BENCHMARKS' ? 'BENCHMARKS.md' : m[1];
      const names = namesOf(target);
      const line = text.slice(0, m.index).split('\n').length;
      const where = `${relative(root, file)}:${line}`;
      if (!names) {
        missing.push(`${where}: no file ${target}`);
        continue;
      }
      for (const [quoted] of m[2].matchAll(new RegExp(QUOTED, 'g'))) {
        // A quote over two lines of a comment: its marks and the line
        // break are one space.
        const cited = quoted
          .slice(1, -1)
          .replace(/\s*\n\s*(?:\/\/[/!]?|#|\*|<!--)?\s*/g, ' ')
          .replace(/`/g, '')
          .trim();
        if (!names.has(cited)) missing.push(`${where}: ${target} has no section "${cited}"`);
      }
    }
    for (const m of text.matchAll(SECTION_BARE)) {
      const target = m[1] === 'BENCHMARKS' ? 'BENCHMARKS.md' : m[1];
      const where = `${relative(root, file)}:${text.slice(0, m.index).split('\n').length}`;
      if (!namesOf(target)) missing.push(`${where}: no file ${target}`);
      else if (!namesOf(target).has(m[2].trim())) missing.push(`${where}: ${target} has no section "${m[2].trim()}"`);
    }
    for (const m of text.matchAll(SECTION_LINK)) {
      const target = m[1] === 'BENCHMARKS' ? 'BENCHMARKS.md' : m[1];
      const where = `${relative(root, file)}:${text.slice(0, m.index).split('\n').length}`;
      const names = namesOf(target);
      if (!names) missing.push(`${where}: no file ${target}`);
      else if (![...names].some((n) => anchorOf(n) === m[2])) missing.push(`${where}: ${target} has no section #${m[2]}`);
    }
  }
  return missing;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const docs = [
    ...['README.md', 'BENCHMARKS.md', 'TESTING.md'].map((d) => join(root, d)).filter((d) => existsSync(d)),
    ...walk(join(root, 'docs'), (n) => n.endsWith('.md')).filter((d) => !d.startsWith(HISTORY + sep)),
  ];
  const missing = [...check(docs), ...checkComments(), ...checkSections()];
  for (const m of missing) console.log(m);
  if (missing.length) {
    console.log(`docs-check: ${missing.length} citation(s) name nothing in the workspace`);
    process.exit(1);
  }
  console.log(
    `docs-check: every path, file name and Rust name cited in ${docs.length} docs, every path and file name in the code's comments, ` +
      "and every section of BENCHMARKS.md and the dated logs cited by name, exists",
  );
}
