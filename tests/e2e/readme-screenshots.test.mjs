// The README's screenshots can be taken again: scripts/readme-screenshots.mjs
// plays its fixed deal to every screen it pictures (a renamed button, a
// deal code this build refuses or a screen that never stops moving fails
// it), here into a temporary folder, never over docs/screenshots/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './server.mjs';

const run = promisify(execFile);

/// Width and height of a PNG, from its IHDR chunk.
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the README screenshots are taken again from the release build', async () => {
  const out = await mkdtemp(join(tmpdir(), 'mojo-shots-'));
  try {
    const { stdout } = await run('node', [join(root, 'scripts', 'readme-screenshots.mjs'), '--out', out], {
      cwd: root,
      timeout: 120000,
    });
    const taken = (await readdir(out)).sort();
    const committed = (await readdir(join(root, 'docs', 'screenshots'))).sort();
    assert.deepEqual(taken, committed, 'every picture the README shows, and no other');
    assert.equal(stdout.trim().split('\n').length, taken.length, stdout);
    for (const name of taken) {
      const size = pngSize(await readFile(join(out, name)));
      const want = name.startsWith('phone-') ? { width: 390, height: 844 } : { width: 1024, height: 768 };
      assert.deepEqual(size, want, name);
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
