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

// Issue 34 item 4: on a phone, Today's deal (at the lobby's foot) opened
// 228 px down, the top bar and every opponent out of view. Each new screen
// opens at its top: the table, the replay and back, a new game from the
// game's end.
test('a new screen opens at its top, wherever the screen before was scrolled to (390×844)', async () => {
  const viewport = { width: 390, height: 844 };
  const page = await openPage(build.browser, `${build.server.url}?lang=en&speed=instant`, viewport);
  try {
    const topBarInView = async (what) => {
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.equal(scrolled, 0, `${what} opened ${scrolled} px down`);
      const bar = await page.locator('.topbar').boundingBox();
      assert.ok(bar && bar.y >= 0 && bar.y + bar.height <= viewport.height, `${what}: the top bar in view`);
    };
    await page.locator('.lobby__daily button').scrollIntoViewIfNeeded();
    assert.ok((await page.evaluate(() => window.scrollY)) > 100, 'the lobby scrolled to its foot');
    await page.locator('.lobby__daily button').click();
    await page.locator('.topbar').waitFor();
    await topBarInView("Today's deal");
    await saveScreenshot(page, 'todays-deal-opened-390x844');
    // The table scrolled down, then the lobby (Menu → new game) and back.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok((await page.evaluate(() => window.scrollY)) > 100, 'the table scrolled down');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Leave to the lobby' }).click();
    await page.locator('.lobby').waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the lobby opened at its top');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

// Issue 34 item 11: "Play a deal code" was not in a panel like the lobby's
// others: the same background, frame, corners and width as Today's deal.
test('"Play a deal code" is a panel like the others of the lobby (1024×768, 390×844)', async () => {
  for (const viewport of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
    const page = await openPage(build.browser, `${build.server.url}?lang=en`, viewport);
    try {
      await page.locator('.lobby').waitFor();
      const looks = await page.evaluate(() =>
        ['.lobby__daily', '.lobby__deal'].map((sel) => {
          const el = document.querySelector(sel);
          const c = getComputedStyle(el);
          return { background: c.backgroundColor, border: c.borderTopColor, radius: c.borderTopLeftRadius, width: Math.round(el.getBoundingClientRect().width) };
        }),
      );
      assert.deepEqual(looks[1], looks[0], `${viewport.width}×${viewport.height}`);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  }
});
