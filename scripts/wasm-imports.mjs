// Short import names for a wasm-bindgen build (run by pwa-postbuild.mjs).
//
// wasm-bindgen names each of the .wasm's imports `__wbg_<name>_<16 hex>`,
// and the same names are the keys of the import object in its JS glue:
// about 300 of them, 16 KB in the .wasm and as much in the glue, and the
// hex does not compress. Both sides are renamed here to `a`, `b`, … `aa`:
// 4.4 KB brotli off the game's .wasm and 3.0 KB off its glue (measured
// 2026-12-04 on 0b851f8's build). Exports keep their names (the glue, the
// fault guard and the tests call them by name).
//
// Safe by construction: only the import section is rewritten (every other
// section is copied byte for byte), each old name must be an identifier
// found exactly once in the glue (the key of its function), and the result
// is compiled by this Node's WebAssembly and its imports checked.

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/// The k-th short name: a … Z, aa, ab, …
export function shortName(k) {
  let s = '';
  let n = k + 1;
  while (n > 0) {
    n -= 1;
    s = ALPHA[n % ALPHA.length] + s;
    n = Math.floor(n / ALPHA.length);
  }
  return s;
}

function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    if (at >= bytes.length) throw new Error('a LEB128 number runs past the end');
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function leb(n) {
  const out = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

/// Where an import's description ends (func, table, memory, global).
function descEnd(bytes, at) {
  const kind = bytes[at];
  const limits = (p) => {
    const flags = bytes[p];
    let q = readLeb(bytes, p + 1)[1];
    if (flags & 1) q = readLeb(bytes, q)[1];
    return q;
  };
  switch (kind) {
    case 0:
      return readLeb(bytes, at + 1)[1];
    case 1:
      return limits(at + 2);
    case 2:
      return limits(at + 1);
    case 3:
      return at + 3;
    default:
      throw new Error(`an import of kind ${kind}, which this rewriter does not know`);
  }
}

/// The .wasm with its imports' names shortened, and the map old → new.
export function shortenImports(wasm) {
  if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error('not a .wasm');
  const parts = [wasm.subarray(0, 8)];
  const names = new Map();
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = readLeb(wasm, at + 1);
    const end = body + size;
    if (id !== 2) {
      parts.push(wasm.subarray(at, end));
      at = end;
      continue;
    }
    let [count, p] = readLeb(wasm, body);
    const out = [...leb(count)];
    for (let k = 0; k < count; k++) {
      const [moduleLen, m] = readLeb(wasm, p);
      const module = wasm.subarray(m, m + moduleLen);
      const [fieldLen, f] = readLeb(wasm, m + moduleLen);
      const field = wasm.subarray(f, f + fieldLen).toString();
      const d = f + fieldLen;
      const e = descEnd(wasm, d);
      if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(field)) throw new Error(`an import name that is not an identifier: ${field}`);
      if (!names.has(field)) names.set(field, shortName(names.size));
      const short = Buffer.from(names.get(field));
      out.push(...leb(moduleLen), ...module, ...leb(short.length), ...short, ...wasm.subarray(d, e));
      p = e;
    }
    if (p !== end) throw new Error('the import section did not parse to its end');
    parts.push(Buffer.from([2, ...leb(out.length), ...out]));
    at = end;
  }
  return { wasm: Buffer.concat(parts), names };
}

/// The glue with the same names shortened; each must be there exactly once
/// (the key of its function in the import object).
export function renameInGlue(js, names) {
  let out = js;
  for (const [from, to] of names) {
    const re = new RegExp(`(?<![A-Za-z0-9_$])${from.replaceAll('$', '\\$')}(?![A-Za-z0-9_$])`, 'g');
    const hits = out.match(re)?.length ?? 0;
    if (hits !== 1) throw new Error(`the import ${from} is named ${hits} times in the glue, not once`);
    out = out.replace(re, to);
  }
  return out;
}

/// Checks the rewritten .wasm: it compiles, and it imports exactly the new
/// names (the glue was given the same ones by `renameInGlue`).
export async function checkShortened(wasm, names) {
  const module = await WebAssembly.compile(wasm);
  const wanted = new Set(names.values());
  for (const { name } of WebAssembly.Module.imports(module)) {
    if (!wanted.has(name)) throw new Error(`the rewritten .wasm imports ${name}, which was not renamed`);
  }
}
