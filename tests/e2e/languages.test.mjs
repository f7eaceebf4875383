// End-to-end: languages other than English are files fetched when first
// needed (dist/i18n/<code>.json); English is in the wasm. The service
// worker is kept out here, so that what is asked for is the app's own
// doing (with it, every file of the build is also cached for offline play:
// offline.test.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, ready } from './harness.mjs';
import { reduceMotion } from './webdriver.mjs';

// Not about the animations: as a player who turned them off (issue 54).
reduceMotion();

const build = useBuild('/games/mojo/');

const catalogues = (from) => build.server.requests.slice(from).filter((p) => p.includes('/i18n/'));

test('a language is fetched once, when chosen, and the next visit opens in it', async () => {
  const page = await openPage(build.browser, null, undefined, { serviceWorkers: 'block' });
  try {
    const asked = build.server.requests.length;
    await page.goto(`${build.server.url}?speed=instant`);
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    assert.deepEqual(catalogues(asked), [], 'English needs no file');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    // The whole page changes language, dialog included.
    await page.getByRole('heading', { name: 'Réglages' }).waitFor();
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.getByRole('button', { name: 'Commencer la partie' }).waitFor();
    assert.deepEqual(
      catalogues(asked),
      ['/games/mojo/i18n/fr.json'],
      'only the chosen language was fetched',
    );
    // The choice is saved: the next visit opens in French from its first
    // screen (the catalogue is read before the app starts).
    await page.goto(`${build.server.url}?speed=instant`);
    await ready(page);
    assert.equal(await page.locator('.lobby .button--primary.button--large').textContent(), 'Commencer la partie');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
    await page.locator('.lobby .button--primary.button--large').click();
    await page.getByRole('group', { name: 'Votre main' }).waitFor();
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('a language that cannot be fetched: the game opens in English and says so', async () => {
  const page = await openPage(build.browser, null, undefined, { serviceWorkers: 'block' });
  try {
    await page.route('**/i18n/ru.json', (route) => route.abort());
    await page.goto(`${build.server.url}?lang=ru&speed=instant`);
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    await page.getByText('Русский could not be loaded. Try again once you are online.').waitFor();
    // Another language still works, and a failed switch leaves the page
    // as it is, with the same notice in the page's language.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pl');
    await page.getByRole('heading', { name: 'Ustawienia' }).waitFor();
    await page.getByRole('combobox', { name: 'Język' }).selectOption('ru');
    await page.getByText('Nie udało się wczytać języka „Русский”. Spróbuj ponownie, gdy będziesz online.').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Ustawienia' }).count(), 1, 'still in Polish');
    assert.equal(await page.getByRole('combobox', { name: 'Język' }).inputValue(), 'pl', 'the menu says so too');
    // Once the file can be had, choosing the language again works and the
    // notice goes.
    await page.unroute('**/i18n/ru.json');
    await page.getByRole('combobox', { name: 'Język' }).selectOption('pl');
    await page.getByRole('combobox', { name: 'Język' }).selectOption('ru');
    await page.getByRole('heading', { name: 'Настройки' }).waitFor();
    assert.equal(await page.locator('.notice').count(), 0, 'no notice left');
    assert.deepEqual(
      page.problems.filter((p) => !p.includes('/i18n/ru.json')),
      [],
    );
  } finally {
    await page.context().close();
  }
});
