// End-to-end: the lobby fits. On a landscape tablet (1024×768), a portrait
// tablet (768×1024) and a phone (390×844), "Start game" shows without
// scrolling on a first visit, in every language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, saveScreenshot } from './harness.mjs';

const build = useBuild('/games/mojo/');

test('"Start game" is visible without scrolling at 1024×768, 768×1024 and 390×844, in five languages', async () => {
  const misses = [];
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
    { width: 390, height: 844 },
  ]) {
    for (const lang of ['en', 'fr', 'ru', 'nl', 'pl']) {
      const page = await openPage(build.browser, `${build.server.url}?lang=${lang}`, viewport);
      try {
        await page.locator('.lobby').waitFor();
        const start = page.locator('.lobby .button--primary.button--large');
        const box = await start.boundingBox();
        const scrolled = await page.evaluate(() => window.scrollY);
        assert.equal(scrolled, 0);
        if (!box || box.y < 0 || box.y + box.height > viewport.height) {
          misses.push(`${lang} ${viewport.width}×${viewport.height}: bottom at ${box && Math.round(box.y + box.height)}`);
        }
        if (lang === 'en') await saveScreenshot(page, `lobby-${viewport.width}x${viewport.height}`);
        assert.deepEqual(page.problems, []);
      } finally {
        await page.context().close();
      }
    }
  }
  assert.deepEqual(misses, [], 'Start game below the fold');
});
