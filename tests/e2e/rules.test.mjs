// End-to-end: the rules dialog on a phone (390 x 844). It opens at its top
// with focus on its heading, "Close" is in view without scrolling (and
// stays in view once the rules are scrolled to their end), Tab and
// Shift+Tab stay inside, Escape closes it and focus goes back to the button
// that opened it; in every language. axe finds nothing serious in it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { useBuild, openPage, saveScreenshot } from './harness.mjs';
import { reduceMotion } from './webdriver.mjs';

// Not about the animations: as a player who turned them off (issue 54).
reduceMotion();

const require = createRequire(import.meta.url);
const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

const build = useBuild('/games/mojo/');
const phone = { width: 390, height: 844 };

/// The rules dialog as the player sees it: how far it is scrolled, whether
/// it has more to scroll, what has focus, and whether its close button is
/// inside the window and the dialog's box and is what a tap there hits.
const look = (page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('.rules[role="dialog"]');
    const close = dialog.querySelector('.dialog__close');
    const d = dialog.getBoundingClientRect();
    const c = close.getBoundingClientRect();
    const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
    const a = document.activeElement;
    return {
      scrollTop: dialog.scrollTop,
      scrolls: dialog.scrollHeight > dialog.clientHeight + 1,
      focusInside: dialog.contains(a),
      focused: a.id || a.textContent.trim(),
      close: close.textContent.trim(),
      closeInView:
        c.height > 0 &&
        c.top >= Math.max(0, d.top) &&
        c.bottom <= Math.min(innerHeight, d.bottom) &&
        c.left >= Math.max(0, d.left) &&
        c.right <= Math.min(innerWidth, d.right),
      closeOnTop: hit === close || close.contains(hit),
    };
  });

const toEnd = (page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('.rules[role="dialog"]');
    dialog.scrollTop = dialog.scrollHeight;
    return dialog.scrollTop;
  });

/// Waits a little for focus to settle where `ok` says.
async function waitFocus(page, ok, what) {
  let seen;
  for (let i = 0; i < 40; i++) {
    seen = await page.evaluate(() => {
      const a = document.activeElement;
      return { id: a.id, name: a.getAttribute('aria-label') ?? a.textContent.trim(), inRules: !!a.closest('.rules') };
    });
    if (ok(seen)) return seen;
    await page.waitForTimeout(15);
  }
  assert.fail(`${what}: focus is on ${JSON.stringify(seen)}`);
}

test('the rules open at their top on a phone, Close in view, focus in and back', async () => {
  const page = await openPage(build.browser, `${build.server.url}?lang=en&speed=instant`, phone);
  // From the lobby.
  const rules = page.locator('.lobby__links').getByRole('button', { name: 'Rules' });
  await rules.click();
  const dialog = page.getByRole('dialog', { name: 'How to play Mojo' });
  await dialog.waitFor();
  await waitFocus(page, (f) => f.id === 'rules-title', 'rules opened');
  let seen = await look(page);
  assert.equal(seen.scrolls, true, 'the rules are longer than a phone screen (else this test proves nothing)');
  assert.equal(seen.scrollTop, 0, 'opens at its top');
  assert.equal(seen.focusInside, true);
  assert.equal(seen.close, 'Close');
  assert.equal(seen.closeInView, true, 'Close in view without scrolling');
  assert.equal(seen.closeOnTop, true, 'nothing covers Close');
  await page.waitForTimeout(300); // the dialog's pop-in, for the picture
  await saveScreenshot(page, 'rules-phone-en-top');
  // axe on the open dialog (injected by evaluation, as in a11y.test.mjs).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document.querySelector('.rules'), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  assert.deepEqual(violations, [], 'axe on the rules dialog');
  // Scrolled to the end, Close is still there.
  assert.ok((await toEnd(page)) > 0);
  seen = await look(page);
  assert.equal(seen.closeInView, true, 'Close in view at the end');
  assert.equal(seen.closeOnTop, true, 'nothing covers Close at the end');
  await saveScreenshot(page, 'rules-phone-en-end');
  // Tab and Shift+Tab go round the heading and Close, never out.
  await page.keyboard.press('Tab');
  await waitFocus(page, (f) => f.name === 'Close' && f.inRules, 'Tab');
  await page.keyboard.press('Tab');
  await waitFocus(page, (f) => f.id === 'rules-title', 'Tab again');
  await page.keyboard.press('Shift+Tab');
  await waitFocus(page, (f) => f.name === 'Close' && f.inRules, 'Shift+Tab');
  // Escape closes it; focus goes back to the lobby's Rules button.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await waitFocus(page, (f) => f.name === 'Rules' && !f.inRules, 'closed by Escape');

  // From the table: the same, and Close (a tap) gives focus back too.
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('group', { name: 'Your hand' }).waitFor();
  await page.locator('.topbar').getByRole('button', { name: 'Rules' }).click();
  await dialog.waitFor();
  await waitFocus(page, (f) => f.id === 'rules-title', 'rules opened at the table');
  seen = await look(page);
  assert.equal(seen.scrollTop, 0, 'opens at its top at the table');
  assert.equal(seen.closeInView && seen.closeOnTop, true, 'Close in view at the table');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  await waitFocus(page, (f) => f.name === 'Rules', 'closed by Close');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('in every language the rules open at their top with Close in view', async () => {
  for (const lang of ['fr', 'ru', 'nl', 'pl']) {
    const page = await openPage(build.browser, `${build.server.url}?lang=${lang}`, phone);
    // The lobby's "Rules" button, by its name in this language.
    const words = JSON.parse(await readFile(new URL(`../../static/i18n/${lang}.json`, import.meta.url), 'utf8'));
    await page.locator('.lobby__links').getByRole('button', { name: words.rules, exact: true }).click();
    await page.locator('.rules[role="dialog"]').waitFor();
    await waitFocus(page, (f) => f.id === 'rules-title', `${lang}: rules opened`);
    let seen = await look(page);
    assert.equal(seen.scrollTop, 0, `${lang}: opens at its top`);
    assert.equal(seen.closeInView && seen.closeOnTop, true, `${lang}: Close in view`);
    await page.waitForTimeout(300);
    await saveScreenshot(page, `rules-phone-${lang}-top`);
    await toEnd(page);
    seen = await look(page);
    assert.equal(seen.closeInView && seen.closeOnTop, true, `${lang}: Close in view at the end`);
    await saveScreenshot(page, `rules-phone-${lang}-end`);
    assert.deepEqual(page.problems, [], lang);
    await page.context().close();
  }
});
