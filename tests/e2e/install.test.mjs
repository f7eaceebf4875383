// End-to-end: saves that survive on an iPad, and installing the app.
// Safari may delete a site's storage after seven days without a visit
// unless the site is on the Home Screen or its storage is persistent: the
// app asks for persistence when a game starts (a player's action, as
// Firefox wants), shows in Settings whether storage is kept, offers
// "Install" where the browser offers it, and tells iPad and iPhone users
// how to add it to the Home Screen. An installed app does not share the
// browser's storage: from a fresh profile, its first launch caches
// everything it needs offline.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useBuild, openPage, serve, dist, launch, waitUntil } from './harness.mjs';
import { reduceMotion } from './webdriver.mjs';

// Not about the animations: as a player who turned them off (issue 54).
reduceMotion();

const build = useBuild('/games/mojo/');

/// The Storage API as a browser that keeps storage only when asked (a
/// headless browser answers on its own): counts the asks.
function fakePersistence() {
  window.__asks = 0;
  let kept = false;
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      persisted: async () => kept,
      persist: async () => {
        window.__asks++;
        kept = true;
        return true;
      },
      estimate: async () => ({ usage: 0, quota: 1e9 }),
    },
  });
}

test('persistent storage is asked for when a game starts, not on first paint, and Settings says whether games are kept', async () => {
  const page = await openPage(build.browser, null);
  try {
    await page.addInitScript(fakePersistence);
    await page.goto(`${build.server.url}?lang=en&speed=instant`);
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.__asks), 0, 'not on first paint');
    await page.getByRole('button', { name: 'Settings' }).click();
    // The dialog bears its button's name: Settings in the lobby, Menu at
    // the table (issue 34: "Menu" opened a dialog titled "Settings").
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await page.getByText('This browser may clear your saved games after some weeks without a visit.').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.getByRole('group', { name: 'Your hand' }).waitFor();
    await waitUntil(page, 'the page to ask for storage kept for good', () => window.__asks === 1);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ timeout: 5000 });
    await page.getByText('Your games are kept on this device.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Keep my games on this device' }).count(), 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('the player can ask in Settings to keep their games (the way Firefox wants: on a player\'s action)', async () => {
  const page = await openPage(build.browser, null);
  try {
    await page.addInitScript(fakePersistence);
    await page.goto(`${build.server.url}?lang=en`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Keep my games on this device' }).click();
    await page.getByText('Your games are kept on this device.').waitFor();
    assert.equal(await page.evaluate(() => window.__asks), 1);
  } finally {
    await page.context().close();
  }
});

test('"Install" appears where the browser offers installation, and shows its prompt', async () => {
  const page = await openPage(build.browser, `${build.server.url}?lang=en`);
  try {
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Install' }).count(), 0, 'no offer, no button');
    // Headless browsers never offer installation: a synthetic offer, as
    // Chromium's beforeinstallprompt event, with a prompt to count.
    await page.evaluate(() => {
      window.__prompted = 0;
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      offer.prompt = async () => {
        window.__prompted++;
        return { outcome: 'accepted' };
      };
      window.dispatchEvent(offer);
      window.__defaultPrevented = offer.defaultPrevented;
    });
    assert.equal(await page.evaluate(() => window.__defaultPrevented), true, "the browser's own banner waits for the button");
    await page.getByRole('button', { name: 'Install' }).click();
    await waitUntil(page, "the browser's install prompt", () => window.__prompted === 1);
    await page.getByRole('button', { name: 'Install' }).waitFor({ state: 'detached' });
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('on an iPad, Settings tells how to add Mojo to the Home Screen', async () => {
  const context = await build.browser.newContext({
    viewport: { width: 820, height: 1180 },
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${build.server.url}?lang=en`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByText('On an iPad or iPhone: tap Share, then Add to Home Screen.').waitFor();
  } finally {
    await context.close();
  }
  // Not on other browsers.
  const page = await openPage(build.browser, `${build.server.url}?lang=en`);
  try {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    assert.equal(await page.getByText('Add to Home Screen').count(), 0);
  } finally {
    await page.context().close();
  }
});

test('an installed app in a fresh profile: its first launch at the start URL caches everything, then it plays offline in any language', async () => {
  const server = await serve('/games/mojo/');
  const browser = await launch();
  try {
    const manifest = JSON.parse(await readFile(join(dist, 'manifest.webmanifest'), 'utf8'));
    const start = new URL(manifest.start_url, server.url).href;
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await page.goto(start);
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    // The worker installs and takes over; every file of the build is in its
    // cache (the four languages included) before anything else happens.
    const listed = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        if (!reg?.active || !navigator.serviceWorker.controller) return [];
        const urls = [];
        for (const n of await caches.keys()) {
          for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
        }
        return urls;
      });
    let cached = [];
    for (let i = 0; i < 300 && cached.length < 10; i++) {
      cached = await listed();
      if (cached.length < 10) await page.waitForTimeout(100);
    }
    assert.ok(cached.length >= 10, `the first launch cached: ${cached.join(' ')}`);
    for (const lang of ['fr', 'ru', 'nl', 'pl']) {
      assert.ok(cached.some((u) => u.endsWith(`/i18n/${lang}.json`)), `${lang}.json cached: ${cached.join(' ')}`);
    }
    // Offline: no network, the server gone.
    await context.setOffline(true);
    server.setDir(null);
    await page.goto(start);
    await page.getByRole('button', { name: 'Start game' }).waitFor();
    await page.goto(`${start}?lang=pl`);
    await page.getByRole('button', { name: 'Rozpocznij grę' }).waitFor();
    await page.getByRole('button', { name: 'Rozpocznij grę' }).click();
    await page.getByRole('group', { name: 'Twoja ręka' }).waitFor();
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});
