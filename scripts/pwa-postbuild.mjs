// Trunk post_build hook (Trunk.toml [[hooks]]): runs on the staging folder
// before Trunk moves it to dist/. Two jobs, so that nothing is kept by hand:
//
// 1. Content-Security-Policy: Trunk writes the wasm loader as an inline
//    <script type="module">. It is moved, byte for byte, into its own file
//    `boot-<hash>.js` loaded by <script type="module" src>, so the policy in
//    index.html can forbid every inline script (no 'unsafe-inline', no
//    per-build hash for hosts that send the policy as a header).
// 2. Smaller first visit: every .js and .css file is minified by esbuild
//    (comments, spaces, local names; property names and exports are kept),
//    each .wasm's imports get short names, in it and in its glue
//    (scripts/wasm-imports.mjs), and each `integrity` of index.html is
//    computed again. Trunk's own
//    minifier is off: its JS minifier breaks wasm-bindgen's glue (trunk
//    #761). On Slow 4G every 10 KB is 50 ms before the first screen.
// 3. The phone's page, join.html: the same page as index.html, but it
//    starts the `mojo-phone` build (the whole app; index.html's is built
//    without the phone's side, feature `table-only`). Trunk builds it as a
//    "worker" so that it is not started by index.html, with ES-module glue
//    (`data-bindgen-target="web"`) and unhashed names: here its files get
//    hashed names like the rest, and join.html its own boot file and
//    preloads in place of index.html's.
// 4. Service worker: stamps sw.js with the exact list of the build's files
//    and a build id (a hash of their names and contents), so every deploy
//    changes sw.js and browsers install the new version.
//
// Environment (set by Trunk): TRUNK_STAGING_DIR, TRUNK_PUBLIC_URL.
// `node scripts/pwa-postbuild.mjs DIR` runs it on a finished dist/ by hand.

import { createHash } from 'node:crypto';
import { transform } from 'esbuild';
import { checkShortened, renameInGlue, shortenImports } from './wasm-imports.mjs';
import { readFileSync } from 'node:fs';
import { readFile, writeFile, readdir, rename } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('pwa-postbuild: no TRUNK_STAGING_DIR (run by trunk build) and no folder given');
  process.exit(2);
}
let base = process.env.TRUNK_PUBLIC_URL ?? './';
if (!base.endsWith('/')) base += '/';

const fail = (why) => {
  console.error(`pwa-postbuild: ${why}`);
  process.exit(1);
};
const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
/// A subresource integrity value (`integrity="…"`).
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

// 1. The inline loader becomes a file.
const indexPath = join(dir, 'index.html');
let html = await readFile(indexPath, 'utf8');
const inline = /<script type="module"([^>]*)>([\s\S]*?)<\/script>/g;
const loaders = [...html.matchAll(inline)].filter((m) => !/\bsrc=/.test(m[1]));
if (loaders.length > 1) fail(`expected one inline module script from Trunk, found ${loaders.length}`);
if (loaders.length === 1) {
  const [whole, , code] = loaders[0];
  const name = `boot-${hash(code)}.js`;
  await writeFile(join(dir, name), code.trim() + '\n');
  html = html.replace(whole, `<script type="module" src="${base}${name}"></script>`);
}
// Any inline script left would be blocked by the policy: fail a release
// build. (`trunk serve` adds its inline autoreload script to debug builds:
// the policy blocks it; use `trunk serve --no-autoreload` or scripts/play.sh.)
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
  if (!/\bsrc=/.test(m[1]) && m[2].trim() !== '') {
    const why = `inline script left in index.html: ${m[0].slice(0, 80)}`;
    if (process.env.TRUNK_PROFILE === 'release' || !process.env.TRUNK_PROFILE) fail(why);
    console.warn(`pwa-postbuild: warning: ${why} (blocked by the CSP)`);
  }
}
const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/);
if (!csp) fail('index.html has no Content-Security-Policy meta tag');
if (csp[1].replaceAll("'wasm-unsafe-eval'", '').includes('unsafe-')) {
  fail(`the policy allows inline or eval: ${csp[1]}`);
}

// 2. Minified .js and .css, and their integrity in index.html again. The
// module scripts (the wasm-bindgen glue and the boot file) are minified as
// modules; the rest as classic scripts, whose top-level names are kept
// (they may be globals: the QR worker's `wasm_bindgen`).
const minifiable = (await walk(dir)).filter((p) => /\.(js|css)$/.test(p) && !p.endsWith(`${sep}sw.js`));
let saved = 0;
for (const p of minifiable) {
  const code = await readFile(p, 'utf8');
  const css = p.endsWith('.css');
  const module = !css && /^\s*export\b|\bimport\.meta\b/m.test(code);
  const out = await transform(code, {
    loader: css ? 'css' : 'js',
    minify: true,
    ...(module ? { format: 'esm' } : {}),
    legalComments: 'none',
    charset: 'utf8',
  }).catch((e) => fail(`esbuild could not minify ${relative(dir, p)}: ${e.message}`));
  if (out.code.length < code.length) {
    saved += code.length - out.code.length;
    await writeFile(p, out.code);
  }
}
// Each .wasm's imports get short names, in it and in its glue (`X_bg.wasm`
// and `X.js`; see wasm-imports.mjs).
for (const p of (await walk(dir)).filter((f) => f.endsWith('_bg.wasm'))) {
  const glue = p.replace(/_bg\.wasm$/, '.js');
  const js = await readFile(glue, 'utf8').catch(() => fail(`no glue ${relative(dir, glue)} beside ${relative(dir, p)}`));
  try {
    const { wasm, names } = shortenImports(await readFile(p));
    const renamed = renameInGlue(js, names);
    await checkShortened(wasm, names);
    await writeFile(p, wasm);
    await writeFile(glue, renamed);
  } catch (e) {
    fail(`short import names for ${relative(dir, p)}: ${e.message}`);
  }
}
html = html.replace(/<(?:link|script)\b[^>]*\bintegrity="[^"]*"[^>]*>/g, (tag) => {
  const url = tag.match(/\b(?:href|src)="([^"]*)"/)?.[1];
  if (!url) fail(`a tag with an integrity but no URL: ${tag.slice(0, 80)}`);
  const file = join(dir, decodeURIComponent(url.split(/[?#]/)[0]).replace(/^(?:\.\/|.*\/)/, ''));
  return tag.replace(/\bintegrity="[^"]*"/, `integrity="${sri(readFileSync(file))}"`);
});
// The .wasm's preload (then the glue's) first in the head, right under the
// Content-Security-Policy: Trunk writes them last, and on a slow phone the
// parser reached them after the stylesheet and the scripts, so the .wasm,
// the first visit's critical path, was asked for last (BENCHMARKS.md,
// "Start on a slow phone").
{
  const wasmPreload = /<link rel="preload" href="[^"]*_bg\.wasm"[^>]*>/g;
  const gluePreload = /<link rel="modulepreload" href="[^"]*"[^>]*>/g;
  const tags = [...(html.match(wasmPreload) ?? []), ...(html.match(gluePreload) ?? [])];
  const why = `index.html: expected the .wasm's preload and the glue's modulepreload, found ${tags.length} tags`;
  if (tags.length === 2) {
    html = html.replace(wasmPreload, '').replace(gluePreload, '');
    const cspTag = /<meta http-equiv="Content-Security-Policy"[^>]*>/;
    html = html.replace(cspTag, (meta) => `${meta}\n    ${tags.join('\n    ')}`);
  } else if (process.env.TRUNK_PROFILE === 'release' || !process.env.TRUNK_PROFILE) {
    fail(why);
  } else {
    console.warn(`pwa-postbuild: warning: ${why}`);
  }
}
await writeFile(indexPath, html);

// 3. The phone's page.
{
  const glue = await readFile(join(dir, 'mojo-phone.js'), 'utf8').catch(() => fail('no mojo-phone.js: index.html must build the phone\'s page (data-bin="mojo-phone")'));
  const wasm = await readFile(join(dir, 'mojo-phone_bg.wasm'));
  const glueName = `mojo-phone-${hash(glue)}.js`;
  const wasmName = `mojo-phone-${hash(wasm)}_bg.wasm`;
  await rename(join(dir, 'mojo-phone.js'), join(dir, glueName));
  await rename(join(dir, 'mojo-phone_bg.wasm'), join(dir, wasmName));
  const boot =
    `import init from"${base}${glueName}";const w=await init({module_or_path:"${base}${wasmName}"});` +
    `dispatchEvent(new CustomEvent("TrunkApplicationStarted",{detail:{wasm:w}}));\n`;
  const bootName = `phone-boot-${hash(boot)}.js`;
  await writeFile(join(dir, bootName), boot);
  // index.html's own boot script and preloads, each replaced once.
  let page = html;
  const swap = (pattern, tag, what) => {
    const found = page.match(pattern);
    if (!found || found.length !== 1) fail(`index.html: expected one ${what}, found ${found?.length ?? 0}`);
    page = page.replace(pattern, tag);
  };
  swap(/<script type="module" src="[^"]*\bboot-[^"]*"><\/script>/g,
    `<script type="module" src="${base}${bootName}" integrity="${sri(boot)}"></script>`, 'boot script');
  swap(/<link rel="modulepreload" href="[^"]*mojo-web-[^"]*"[^>]*>/g,
    `<link rel="modulepreload" href="${base}${glueName}" crossorigin="anonymous" integrity="${sri(glue)}">`, 'modulepreload of the glue');
  swap(/<link rel="preload" href="[^"]*mojo-web-[^"]*_bg\.wasm"[^>]*>/g,
    `<link rel="preload" href="${base}${wasmName}" crossorigin="anonymous" integrity="${sri(wasm)}" as="fetch" type="application/wasm">`, 'preload of the .wasm');
  await writeFile(join(dir, 'join.html'), page);
}

// 4. The service worker's precache list and build id.
async function walk(d) {
  const out = [];
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}
const swPath = join(dir, 'sw.js');
const files = (await walk(dir))
  .map((p) => relative(dir, p).split(sep).join('/'))
  // network.json is the deployer's, fetched network first as devices pair
  // (src/drivers/network.rs): never precached, so an edit is seen.
  .filter((f) => f !== 'sw.js' && f !== 'network.json')
  .sort();
const digest = createHash('sha256');
for (const f of files) {
  digest.update(f + '\0');
  digest.update(await readFile(join(dir, f)));
}
const build = digest.digest('hex').slice(0, 16);
let sw;
try {
  sw = await readFile(swPath, 'utf8');
} catch {
  fail('no sw.js in the build (index.html must copy static/sw.js)');
}
const buildLine = /^const BUILD = '[^']*';$/m;
const filesLine = /^const FILES = \[[^\]]*\];$/m;
if (!buildLine.test(sw) || !filesLine.test(sw)) fail('sw.js lacks its BUILD / FILES lines');
// Precached URLs are relative to sw.js (the root of the build); index.html
// is cached as './' (the page itself), so it is not listed twice.
const list = files.filter((f) => f !== 'index.html').map((f) => `./${f}`);
sw = sw
  .replace(buildLine, `const BUILD = '${build}';`)
  .replace(filesLine, `const FILES = ${JSON.stringify(list)};`);
await writeFile(swPath, sw);
console.log(`pwa-postbuild: build ${build}, ${list.length + 1} files precached, loader moved out of line, ${saved} bytes minified away`);
