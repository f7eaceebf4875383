// Renders the PNG icons of the web manifest from static/icon.svg with the
// project's headless Chromium (no image tools needed). Run after changing
// the SVG, then commit the PNGs:   node scripts/icons.mjs
//
//   static/icon-192.png, static/icon-512.png   "any" purpose (install prompt, splash)
//   static/icon-maskable-512.png               "maskable": full-bleed background,
//                                              the artwork inside the 80% safe zone
//   static/apple-touch-icon.png                180x180, opaque (iOS home screen)
//   static/icon-32.png                         the tab's icon (index.html): 32x32, so a
//                                              first visit on a slow network does not
//                                              download the 192 one beside the game

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, root } from '../tests/e2e/harness.mjs';

const svg = await readFile(join(root, 'static', 'icon.svg'), 'utf8');
const background = '#0f3d28';
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const icons = [
  { file: 'icon-192.png', size: 192, inset: 0, fill: false },
  { file: 'icon-512.png', size: 512, inset: 0, fill: false },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.1, fill: true },
  { file: 'apple-touch-icon.png', size: 180, inset: 0, fill: true },
  { file: 'icon-32.png', size: 32, inset: 0, fill: false },
];

const browser = await launch();
try {
  for (const { file, size, inset, fill } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const pad = Math.round(size * inset);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:${fill ? background : 'transparent'}">` +
        `<img src="${dataUrl}" style="display:block;margin:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: join(root, 'static', file), omitBackground: !fill });
    await page.close();
    console.log(`icons: static/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
