// End-to-end scenarios that must hold in every engine: written once over
// WebDriver (wd-harness.mjs) and run in Chromium, Firefox and WebKit:
//
//   MOJO_ENGINE=chromium|firefox|webkit node --test tests/e2e/engines.mjs
//
// (scripts/test.sh runs it once per engine, after `trunk build --release`.)
// A whole game against bots, pass-and-play with the hand-off cover, a
// reload at any moment, a corrupt save, and offline after one visit (the
// service worker). A test gets a fresh profile, or the session of the test
// before it with the site emptied (`withPage`).
// The release build is served under /games/mojo/, as on a static host.

import { spawn } from 'node:child_process';
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, dist, BLANK_PATH } from './server.mjs';
import { useEngine, initScript, AppPage } from './wd-harness.mjs';
import { sleep } from './webdriver.mjs';
import { lookProblemsInPage } from './in-page.mjs';
import { HOLD_EXPORTS, raiseTrap } from './faults.mjs';

const BASE = '/games/mojo/';
// (Registered before the engine's own end, which stops the driver.)
after(() => kept?.session.close());
const build = useEngine(BASE);
const instant = () => `${build.server.url}?lang=en&speed=instant`;

/// The browser session the last test left, kept for the next (issue 54):
/// a session's start costs about 3.6 core-seconds in Firefox and 1.2 in
/// Chromium, and this file asked for 15 per engine (this file alone,
/// idle: Firefox 77 -> 61 s, 113 -> 89 core-s; Chromium 59 -> 54 s, 89 ->
/// 75). Not in WebKit: its start costs 0.4, and a kept MiniBrowser made
/// the tests after it slower (the score pad's 6 -> 35 s; the file 92 ->
/// 127 s).
let kept = null;
const keeps = build.engine !== 'webkit';

/// Opens the app in a browser session, then runs `body` on it. The session
/// is the one the last test left if that test passed, asked for the same
/// window size and did not change it, and its site was emptied after it
/// (`emptied`); else a new one, a fresh profile. `fresh: true` (another
/// device) always gets a new one. A session that is not kept is closed
/// after `body`, even when it fails (a screenshot is kept in
/// tests/e2e/artifacts/ then).
async function withPage(name, url, body, { server = build.server, fresh = false, ...size } = {}) {
  const shape = `${size.width ?? 1024}x${size.height ?? 768}`;
  const reuse = kept?.shape === shape && !fresh ? kept.session : null;
  if (kept && !reuse) await kept.session.close().catch(() => {});
  kept = null;
  const page = reuse ? AppPage.over(reuse, server) : await AppPage.open({ driver: build.driver, server }, null, size);
  let passed = false;
  try {
    if (url) await page.goto(url);
    await body(page);
    passed = true;
  } catch (e) {
    await page.screenshot(`${build.engine}-failed-${name}`).catch(() => {});
    throw e;
  } finally {
    if (keeps && passed && !page.session.resized && (await emptied(page))) kept = { session: page.session, shape };
    else await page.close();
  }
}

/// Empties what the page's site keeps (its storage, service workers and
/// caches), from a blank page of the same site outside the app's scope
/// (the app saves as it is left, so not from the app's own page), checks
/// that nothing is left, and leaves the session on about:blank. False if
/// any of it fails (a site whose server is gone, an alert open): the
/// session is then not kept.
async function emptied(page) {
  try {
    const origin = await page.eval(() => location.origin);
    if (origin !== 'null') {
      await page.goto(`${origin}${BLANK_PATH}`);
      const left = await page.session.executeAsync(async () => {
        localStorage.clear();
        sessionStorage.clear();
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
        for (const k of await caches.keys()) await caches.delete(k);
        for (const db of (await indexedDB.databases?.()) ?? []) indexedDB.deleteDatabase(db.name);
        return {
          storage: localStorage.length + sessionStorage.length,
          workers: (await navigator.serviceWorker.getRegistrations()).length,
          caches: (await caches.keys()).length,
        };
      });
      if (left.storage + left.workers + left.caches > 0) return false;
    }
    await page.goto('about:blank');
    return true;
  } catch {
    return false;
  }
}

/// Sets up the lobby: seats as [name, kind] pairs (kind: person, easy,
/// medium, hard).
async function setUpTable(page, seats) {
  await page.waitForRole('button', 'Start game');
  const current = await page.eval(() => document.querySelectorAll('.lobby__seat').length);
  for (let i = current; i < seats.length; i++) await page.clickRole('button', '+ Add a seat');
  for (let i = current; i > seats.length; i--) {
    await page.clickFound(
      () => page.eval(() => [...document.querySelectorAll('.lobby__seat')].at(-1)?.querySelector('button') ?? null),
      'the last seat\'s remove button',
    );
  }
  await page.waitFor((n) => document.querySelectorAll('.lobby__seat').length === n, seats.length, { what: `${seats.length} seats` });
  for (const [i, [name, kind]] of seats.entries()) {
    await page.fill(`#seat-name-${i}`, name);
    await page.select(`#seat-kind-${i}`, kind);
  }
  const shown = await page.eval(
    (n) =>
      Array.from({ length: n }, (_, i) => [
        document.querySelector(`#seat-name-${i}`).value,
        document.querySelector(`#seat-kind-${i}`).value,
      ]),
    seats.length,
  );
  assert.deepEqual(shown, seats, 'the lobby shows the seats asked for');
}

/// "Your cards: N points" matches the cards shown: hand, face-down and
/// face-up, the highest card of each colour counting (RULES R10); the game
/// total beside it is labelled and is the score pad's (seat 0 is ours).
async function pointsAreRight(page) {
  const { labels, shown, total, padTotal } = await page.eval(() => {
    const own = document.querySelector('.own');
    return {
      labels: [...own.querySelectorAll('.hand button, .facedown button, .own__faceup [aria-label]')].map((b) =>
        b.getAttribute('aria-label'),
      ),
      shown: own.querySelector('.own__points').textContent,
      total: own.querySelector('.own__total').textContent,
      padTotal: parseInt(document.querySelector('.side .scorepad__totals td').textContent, 10),
    };
  });
  assert.equal(total, `Total: ${padTotal} ${padTotal === 1 ? 'point' : 'points'}`);
  const top = {};
  for (const label of labels) {
    const m = /(\d+) (blue|green|yellow|orange|red)$/.exec(label);
    if (m) top[m[2]] = Math.max(top[m[2]] ?? 0, Number(m[1]));
  }
  const points = Object.values(top).reduce((a, b) => a + b, 0);
  assert.ok(labels.length > 0, 'cards were read');
  assert.equal(shown, `Your cards: ${points} ${points === 1 ? 'point' : 'points'}`, labels.join(', '));
}

// Series run 7 on a729704 (busy): the lobby read "PlayerAna" where the
// harness had typed "Ana". It typed after WebDriver's clear, which empties
// a field with a change event and no input event: the app, which follows
// its fields' input, kept "Player", and a render before the first key put
// it back. The harness now types over a field's text as a person does.
test('the harness types over a field as a person does: every change of it an input event, and a render keeps what was typed', async () => {
  await withPage('fill', instant(), async (page) => {
    await page.waitForRole('button', 'Start game');
    await page.eval(() => {
      window.__unheard = [];
      for (const field of document.querySelectorAll('.lobby__name')) {
        let heard = field.value;
        field.addEventListener('input', () => (heard = field.value));
        field.addEventListener('change', () => {
          if (field.value !== heard) window.__unheard.push(`${field.id}: "${heard}" became "${field.value}" with no input event`);
        });
      }
    });
    await page.fill('#seat-name-0', 'Ana');
    await page.fill('#seat-name-1', '');
    await page.fill('#seat-name-1', 'Ben');
    // A render of the whole lobby (seat 3's bot becomes a person, renamed):
    // every field shows the app's state.
    await page.select('#seat-kind-2', 'person');
    await page.waitFor(() => document.querySelector('#seat-name-2').value === 'Player 3', undefined, { what: 'seat 3 renamed' });
    assert.deepEqual(await page.eval(() => [...document.querySelectorAll('.lobby__name')].map((f) => f.value)), ['Ana', 'Ben', 'Player 3', 'Bot 3']);
    assert.deepEqual(await page.eval(() => window.__unheard), []);
    await page.expectNoProblems();
  });
});

test('a full game against three bots, to game over, by clicks', async () => {
  await withPage('full-game', instant(), async (page) => {
    await page.clickRole('button', 'Start game');
    await page.waitForRole('group', 'Your hand');
    // The rules stay reachable while a round summary covers the table.
    assert.equal(await page.reachScreen(['next']), 'next');
    await page.clickRole('button', 'Rules', { within: '.summary' });
    await page.waitForRole('heading', 'How to play Mojo');
    await page.clickRole('button', 'Close');
    await page.waitForNoRole('heading', 'How to play Mojo');
    assert.equal(await page.whatNow(), 'next', 'back on the summary');
    let rounds = 0;
    let pointsChecked = 0;
    const end = await page.playUntil(async (what) => {
      if (what === 'next') rounds++;
      if (what === 'play' && pointsChecked < 12) {
        await pointsAreRight(page);
        pointsChecked++;
      }
      return false;
    });
    assert.ok(pointsChecked > 0, 'the points readout was checked');
    assert.equal(end, 'over');
    await page.waitForRole('heading', 'Game over');
    assert.match(await page.text('.summary__winner'), /wins!|share the victory!/);
    // The final score pad has a row per round and a total per player.
    const rows = await page.eval(() => document.querySelectorAll('.summary .scorepad__table tbody tr').length);
    assert.equal(rows, rounds + 1);
    assert.equal(await page.eval(() => document.querySelectorAll('.summary .scorepad__totals td').length), 4);
    // Rematch deals a new game at the same table.
    await page.clickRole('button', 'Rematch');
    await page.waitForRole('group', 'Your hand');
    assert.equal(await page.text('.topbar__round'), 'Round 1');
    await page.expectNoProblems();
  });
});

/// How many hand groups and hidden cards the page holds (none while covered).
function hiddenCardsIn(page) {
  return page.eval(() => ({
    handGroups: document.querySelectorAll('[role="group"][aria-label="Your hand"]').length,
    handCards: document.querySelectorAll('.hand .card, .facedown .card, .own').length,
  }));
}

test('a reload at any moment restores the same position and screen', async () => {
  await withPage('reload', instant(), async (page) => {
    await setUpTable(page, [['Ana', 'person'], ['Ben', 'person'], ['Bot', 'medium']]);
    await page.clickRole('button', 'Start game');
    let reloads = 0;
    let chains = 0;
    let covers = 0;
    let recovered = 0;
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 600 && reloads < 12; i++) {
      const what = await page.whatNow();
      if (what === 'over') break;
      // Reload while the game waits for a person: at the hand-off cover, in
      // the middle of an equal-card chain, in Mojo Time, on a summary.
      const chain = ((await page.text('.status')) ?? '').startsWith('Equal!');
      // Each kind of moment is reloaded on purpose, not by luck: a run of
      // the Firefox step once never reloaded with a hand showing (12
      // reloads spent on covers and summaries, no chain and no Mojo Time
      // in that deal), and its `recovered` check failed on a correct app.
      // The first two plays of a person are reloaded with the hand showing;
      // covers at most four times, so that every kind gets its turn.
      const interesting =
        (what === 'show' && covers < 4) ||
        chain ||
        what === 'reveal' ||
        what === 'next' ||
        (what === 'play' && recovered < 2);
      if (what !== 'wait' && (interesting || random() < 0.08)) {
        const label = `reload #${reloads + 1} (${what}${chain ? ', mid-chain' : ''})`;
        const before = await page.snapshot();
        const me = await page.text('.topbar__me');
        await page.reload();
        await page.ready();
        await sleep(30);
        // Two people share this device: a save read back covers every hand
        // (whoever picks the tablet up next must not see one). The person
        // whose cards showed gets the cover with their name; once they ask,
        // the screen is what it was.
        if (before.hand.length > 0 || before.facedown.length > 0) {
          const cover = await page.snapshot();
          assert.deepEqual(cover.hand, [], `${label}: no hand before the owner asks`);
          assert.deepEqual(cover.facedown, [], `${label}: no face-down cards before the owner asks`);
          assert.deepEqual(await hiddenCardsIn(page), { handGroups: 0, handCards: 0 }, `${label}: covered`);
          assert.deepEqual(cover.handoff, [`Pass the device to ${me.replace(/^You are /, '')}`], label);
          await page.clickRole('button', 'Show my cards');
          await page.waitFor(
            () => !!document.querySelector('[role="group"][aria-label="Your hand"], .facedown'),
            undefined,
            { what: 'the hand after the cover' },
          );
          await sleep(30);
          recovered++;
        }
        assert.deepEqual(await page.snapshot(), before, label);
        reloads++;
        chains += chain ? 1 : 0;
        covers += what === 'show' ? 1 : 0;
      }
      // Prefer a card that plays again, to reach the middle of a chain.
      if (what === 'play') {
        const again = await page.eval(
          () =>
            document.querySelector(
              '[role="group"][aria-label="Your hand"] button[aria-description="play again"]:not([disabled])',
            ) !== null,
        );
        if (again) {
          await page.click('[role="group"][aria-label="Your hand"] button[aria-description="play again"]:not([disabled])');
          continue;
        }
      }
      await page.step((n) => Math.floor(random() * n));
    }
    assert.ok(reloads >= 8, `reloaded ${reloads} times`);
    assert.ok(covers >= 1, 'reloaded at a hand-off cover');
    assert.ok(recovered >= 1, 'reloaded with a hand showing, and it came back covered');
    await page.expectNoProblems();
  });
});

test('a corrupt save is reported, kept aside, and a new game starts', async () => {
  await withPage('corrupt-save', instant(), async (page) => {
    await page.ready();
    const raw = '{"format":"mojo-save","version":1,"seq":9,"game":{"id":"x","seats":[]}';
    for (const text of [raw, 'not json at all', '{"format":"mojo-save","version":99,"seq":1,"game":{}}']) {
      await page.eval((t) => localStorage.setItem('mojo.game', t), text);
      await page.reload();
      await page.ready();
      await page.waitForAlert('could not be loaded');
      const kept = await page.eval(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('mojo.unreadable.'))
          .map((k) => localStorage.getItem(k)),
      );
      assert.ok(kept.includes(text), 'the raw save is kept aside');
      assert.equal(await page.eval(() => localStorage.getItem('mojo.game')), null);
    }
    await page.clickRole('button', 'Start game');
    await page.waitForRole('group', 'Your hand');
    await page.step();
    assert.notEqual(await page.eval(() => localStorage.getItem('mojo.game')), null, 'the new game is saved');
    await page.expectNoProblems();
  });
});

/// A copy of dist/ that differs from it as a new deploy would: the service
/// worker's build id (and so its bytes) changed.
async function changedBuild() {
  const copy = await mkdtemp(join(tmpdir(), 'mojo-next-'));
  await cp(dist, copy, { recursive: true });
  const sw = join(copy, 'sw.js');
  const text = await readFile(sw, 'utf8');
  const next = text.replace(/^const BUILD = '([^']*)';$/m, "const BUILD = '$1-next';");
  assert.notEqual(next, text, 'sw.js has its BUILD line');
  await writeFile(sw, next);
  return copy;
}

/// Waits until the game waits for the person at the screen (no bot is
/// thinking), so that a snapshot stays true until they act; fails if it
/// never does.
async function settled(page, timeoutMs = 10000) {
  const started = Date.now();
  while ((await page.whatNow()) === 'wait') {
    if (Date.now() - started > timeoutMs) assert.fail(`the game still did not wait for the person after ${timeoutMs} ms`);
    await sleep(20);
  }
}

const controlled = (page) =>
  page.waitFor(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20000,
    what: 'a service worker controlling the page',
  });

// Offline is the server gone: every connection to it is refused (WebDriver
// has no offline switch). Whatever the engine, the service worker must
// then answer from its cache.
test('after one visit the game opens offline and resumes; a new deploy is offered as a reload', async () => {
  // A server of its own: it goes down and comes back with another build.
  const server = await serve(BASE, { init: initScript() });
  let next;
  try {
    await withPage(
      'offline',
      null,
      async (page) => {
        await page.goto(`${server.url}?lang=en&speed=instant`);
        await page.clickRole('button', 'Start game');
        await page.waitForRole('group', 'Your hand');
        for (let i = 0; i < 8; i++) await page.step();
        await controlled(page);
        await page.keepTestScriptOffline();
        await settled(page);
        // The worker of a first visit takes over at once; no update to offer.
        assert.equal(await page.count('button', 'New version — reload'), 0);
        const before = await page.snapshot();

        // Offline: the server is gone.
        await server.down();
        const asked = server.requests.length;
        await page.reload();
        await page.ready();
        await sleep(30);
        assert.deepEqual(await page.snapshot(), before, 'the saved game resumes offline');
        assert.equal(server.requests.length, asked, 'nothing reached the server while offline');

        // Online but a very slow network: the cached page opens without waiting.
        await server.up();
        server.setDelay(20000);
        const started = Date.now();
        await page.reload();
        await page.ready();
        assert.ok(Date.now() - started < 12000, `opened in ${Date.now() - started} ms on a slow network`);
        await sleep(30);
        assert.deepEqual(await page.snapshot(), before, 'the saved game resumes on a slow network');
        server.setDelay(0);
        await server.down();
        await page.reload();
        await page.ready();
        await page.step();
        assert.ok(await page.exists('.table'), 'still playing offline');
        await settled(page);
        const playing = await page.snapshot();

        // Back online, and a new version is deployed at the same address.
        // The browser tells the page it is online again (the event that a
        // reconnection fires; WebDriver cannot switch the network).
        next = await changedBuild();
        server.setDir(next);
        await server.up();
        await page.eval(() => window.dispatchEvent(new Event('online')));
        await page.waitForRole('button', 'New version — reload', { timeout: 15000 });
        assert.deepEqual(await page.snapshot(), playing, 'the offer does not disturb the game');

        // Taking it reloads into the new version, and the game goes on.
        await page.eval(() => {
          window.__beforeUpdate = true;
        });
        await page.clickRole('button', 'New version — reload');
        await page.waitFor(() => !window.__beforeUpdate && !!document.querySelector('.lobby, .table'), undefined, {
          timeout: 15000,
          what: 'the page reloaded into the new version',
        });
        await sleep(30);
        assert.deepEqual(await page.snapshot(), playing, 'the game resumes in the new version');
        assert.equal(await page.count('button', 'New version — reload'), 0, 'no offer once updated');
        const caches = await page.session.executeAsync(() => caches.keys());
        assert.equal(caches.length, 1, `one cache left: ${caches}`);
        assert.match(caches[0], /-next$/, 'the new build is cached, the old one removed');
        await page.keepTestScriptOffline();

        // Offline again, the game in another language: its words were cached
        // with the build.
        await server.down();
        const askedBefore = server.requests.length;
        await page.goto(`${server.url}?lang=nl&speed=instant`);
        await page.ready();
        await page.waitFor(() => document.documentElement.lang === 'nl', undefined, { what: 'the page in Dutch' });
        await page.waitForRole('button', 'Regels');
        // (The server is gone: the words can only have come from the cache.)
        assert.deepEqual(server.requests.slice(askedBefore), [], 'nothing was asked of the server');
        await page.expectNoProblems();
      },
      { server },
    );
  } finally {
    await server.close();
    if (next) await rm(next, { recursive: true, force: true });
  }
});

// Found by the WebKit stress (issue 13): the walkthrough's buttons could lie
// under the player's own cards, so a tap on "Next" or "Skip" reached a card.
// At every step of the walkthrough, on a landscape tablet and a phone, the
// point at the centre of each of its buttons is the button itself.
test('the first-game walkthrough: Next and Skip can be tapped at every step, on a tablet and a phone', async () => {
  const server = await serve(BASE, { init: initScript({ tour: true }) });
  try {
    for (const size of [
      { width: 1024, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await withPage(
        `tour-${size.width}`,
        `${server.url}?lang=en&speed=slow`,
        async (page) => {
          await page.clickRole('button', 'Start game');
          await page.waitForRole('group', 'Your hand');
          let steps = 0;
          for (;;) {
            const box = await page.waitFor(() => !!document.querySelector('.tour__box'), undefined, {
              what: 'the walkthrough',
            });
            assert.ok(box);
            // Let the step's box settle where it goes (above or below its target).
            await sleep(400);
            const covered = await page.eval(() =>
              [...document.querySelectorAll('.tour__actions button')].map((b) => {
                const r = b.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return hit && (hit === b || b.contains(hit)) ? null : `${b.textContent}: ${hit ? hit.className || hit.tagName : 'nothing (off screen)'}`;
              }),
            );
            assert.deepEqual(covered.filter(Boolean), [], `${size.width}×${size.height}, step ${steps + 1}`);
            steps++;
            const label = await page.text('.tour .button--primary');
            const stepText = await page.text('.tour__step');
            await page.click('.tour .button--primary');
            if (label === "Let's play") break;
            await page.waitFor((before) => document.querySelector('.tour__step')?.textContent !== before, stepText, {
              what: `the walkthrough past "${stepText}"`,
            });
          }
          await page.waitFor(() => !document.querySelector('.tour__box'), undefined, { what: 'the walkthrough to close' });
          assert.ok(steps >= 4, `${steps} steps seen`);
          await page.expectNoProblems();
        },
        { server, ...size },
      );
    }
  } finally {
    await server.close();
  }
});

/// Opens the app with `save` stored as the game in progress, its hand-off
/// cover passed: the table as its first person sees it.
async function openSaved(page, save) {
  await page.waitForRole('button', 'Start game');
  await page.eval((text) => localStorage.setItem('mojo.game', text), save);
  await page.reload();
  await page.clickFound(() => page.eval(() => document.querySelector('.handoff .button--primary')), 'Show my cards');
  await page.waitFor(() => !!document.querySelector('.hand'), undefined, { what: 'the hand' });
}

test('the score pad reads upright with 4 and 8 players, and the small things fit (screenshots)', async () => {
  const fixture = (name) => readFile(new URL(`../fixtures/saves/${name}`, import.meta.url), 'utf8');
  for (const [players, name] of [
    [4, 'v1-pass-and-play-mid-game.json'],
    [8, 'v2-eight-seats-mid-game.json'],
  ]) {
    await withPage(`scorepad-${players}`, `${build.server.url}?lang=en`, async (page) => {
      await openSaved(page, await fixture(name));
      const turned = await page.eval(
        () => [...document.querySelectorAll('.side .scorepad__name')].filter((s) => getComputedStyle(s).writingMode.startsWith('vertical')).length,
      );
      assert.equal(turned, players, 'every name turned upright in the narrow pad');
      assert.deepEqual(await page.eval(lookProblemsInPage), [], `${build.engine}, ${players} players`);
      await page.screenshot(`${build.engine}-scorepad-${players}`);
      await page.expectNoProblems();
    });
  }
});

test('the game-over dialog keeps its scroll when the tablet turns', async () => {
  const over = await readFile(new URL('../fixtures/saves/v1-finished.json', import.meta.url), 'utf8');
  await withPage('rotate', `${build.server.url}?lang=en`, async (page) => {
    await page.waitForRole('button', 'Start game');
    await page.eval((text) => localStorage.setItem('mojo.game', text), over);
    await page.reload();
    await page.waitFor(() => !!document.querySelector('.summary'), undefined, { what: 'game over' });
    // Results first: opened at its top.
    assert.equal(await page.eval(() => document.querySelector('.summary').scrollTop), 0);
    const before = await page.eval(() => {
      const d = document.querySelector('.summary');
      window.__e2eScrolled = false;
      d.addEventListener('scroll', () => (window.__e2eScrolled = true), { once: true });
      d.scrollTop = Math.round((d.scrollHeight - d.clientHeight) * 0.6);
      return d.scrollTop / d.scrollHeight;
    });
    assert.ok(before > 0.1, `scrolled down (${before})`);
    // The page has taken the scroll (its event comes at the next frame,
    // late on a loaded machine: a turn before it kept nothing to put back;
    // WebKit under load, issue 54's first run side by side).
    await page.waitFor(() => window.__e2eScrolled, undefined, { what: "the dialog's scroll event" });
    await page.session.setWindowSize(768, 1024);
    // The dialog back at its place once the page has handled the turn: its
    // resize event came up to 0.8 s after the turn in WebKit on a loaded
    // machine (issue 54), where a fixed 600 ms read the reset's 0.000.
    const place = () => page.eval(() => {
      const d = document.querySelector('.summary');
      return [innerWidth, d.scrollTop / d.scrollHeight];
    });
    let after = null;
    for (const until = Date.now() + 5000; Date.now() < until; await sleep(50)) {
      const [width, share] = await place();
      after = share;
      if (width === 768 && Math.abs(after - before) < 0.08) break;
    }
    assert.ok(Math.abs(after - before) < 0.08, `the same place after turning: ${before.toFixed(3)} then ${after.toFixed(3)} (5 s after the turn)`);
    await page.screenshot(`${build.engine}-rotated-game-over`);
    await page.expectNoProblems();
  });
});

// A fault as players would meet it: tests/e2e/faults.mjs.

/// Readies a real panic for the next line of the game log (see
/// HOLD_EXPORTS), then makes the person's move that writes that line. The
/// saved actions before the move.
async function raisePanic(page) {
  // A move of this round: the next round's first line starts a new list.
  await settled(page);
  for (let steps = 0; !['play', 'draw', 'reveal'].includes(await page.whatNow()); steps++) {
    assert.ok(steps < 20, `no move of a round to make: ${await page.whatNow()}`);
    await page.step();
    await settled(page);
  }
  const saved = await savedActions(page);
  assert.equal(await page.eval(() => window.__e2eMoveTheLog()), 'moved');
  // The person's move. A click that WebDriver says did not land (the hand
  // redrawn or covered under it) is made again, as a person taps again; a
  // click that landed must make the move (restoreState then shows the
  // saved actions, should the page not panic).
  for (let tries = 0; ; tries++) {
    assert.notEqual(await page.step(), 'wait');
    if (!page.missed) break;
    assert.ok(tries < 5, `the person's move could not be clicked: ${page.missed}`);
    await sleep(50);
  }
  return saved;
}

/// The actions of the saved game.
const savedActions = (page) => page.eval(() => JSON.parse(localStorage.getItem('mojo.game')).game.actions);

/// The app's restored notice, once the page came back from a fault.
const restoredNotice = (page, what = 'the restored page and its notice') =>
  page.waitFor(
    () => {
      if (window.__e2eTrapAt) return false; // still the page that trapped
      const n = [...document.querySelectorAll('.notice p')].map((p) => p.textContent);
      return n.find((t) => t.length > 0 && document.querySelector('.table')) ?? false;
    },
    undefined,
    { timeout: 15000, what, saw: restoreState },
  );

/// What a page that should have come back from a fault shows: whether it is
/// still the page that faulted, what guard.js and the app left in storage,
/// the notices, the screen, and the errors it recorded.
function restoreState() {
  return {
    stillTheFaultedPage: !!window.__e2eTrapAt,
    taps: window.__e2eTaps,
    ready: document.readyState,
    href: location.href,
    restores: localStorage.getItem('mojo.restores'),
    savedActions: JSON.parse(localStorage.getItem('mojo.game') ?? 'null')?.game?.actions?.length,
    restored: (localStorage.getItem('mojo.restored') ?? '').slice(0, 160),
    fault: localStorage.getItem('mojo.fault'),
    notices: [...document.querySelectorAll('.notice p')].map((p) => p.textContent),
    table: !!document.querySelector('.table'),
    stopped: !!document.querySelector('.fault'),
    pages: sessionStorage.getItem('e2e.pages'),
    errors: JSON.parse(sessionStorage.getItem('e2e.problems') || '[]').slice(-4),
    log: [...document.querySelectorAll('.log__lines > *')].slice(0, 3).map((l) => `${l.tagName} ${l.textContent.slice(0, 40)}`),
  };
}

// What static/guard.js says when it stops restoring, by language, and the
// app's notice (its first words).
const STOPPED = {
  en: ['Mojo stopped', 'Reload', 'Copy details', 'The game was restored'],
  fr: ['Mojo s’est arrêté', 'Recharger', 'Copier les détails', 'La partie a été restaurée'],
  ru: ['Mojo остановилась', 'Перезагрузить', 'Скопировать подробности', 'Игра восстановлена'],
  nl: ['Mojo is gestopt', 'Opnieuw laden', 'Details kopiëren', 'Het spel is hersteld'],
  pl: ['Mojo się zatrzymało', 'Odśwież', 'Kopiuj szczegóły', 'Gra została przywrócona'],
};

test('a wasm trap or a panic mid-game: the same position within 2 s, "The game was restored", play goes on; a fourth fault in a minute shows Reload and Copy details, in five languages', async () => {
  const server = await serve(BASE, { init: initScript({ extra: HOLD_EXPORTS }) });
  // One core kept busy while the page restores, as on a loaded tablet. The
  // loop ends by itself once this process is gone (a test run stopped by
  // a signal left it spinning for the rest of a series run, 2026-12-06).
  const spin = `const parent = ${process.pid}; for (;;) { const t = Date.now(); while (Date.now() - t < 200); try { process.kill(parent, 0); } catch { process.exit(0); } }`;
  const busy = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' });
  try {
    await withPage('restore', null, async (page) => {
      // This test raises the faults: its waits expect them.
      page.faultsExpected = true;
      await page.goto(`${server.url}?lang=en&speed=instant`);
      await page.clickRole('button', 'Start game');
      await page.waitForRole('group', 'Your hand');
      for (let i = 0; i < 6; i++) await page.step();
      await settled(page);
      const appBuild = await page.eval(() => document.querySelector('[data-build]').getAttribute('data-build'));
      const took = [];
      // Three faults in a minute: each restores the page where it was.
      for (const [fault, kind] of ['trap', 'panic', 'trap'].entries()) {
        await settled(page);
        const before = await page.snapshot();
        const started = Date.now();
        // A trap comes while the game waits for the person: the restored
        // page shows the same position. The panic comes as the person's
        // move is drawn: the move was saved first, so the restored game
        // has it, and the bots play on from there.
        const saved = kind === 'trap' ? (await raiseTrap(page), null) : await raisePanic(page);
        const notice = await restoredNotice(page, `the page restored after fault ${fault + 1} (${kind})`);
        took.push(Date.now() - started);
        assert.match(notice, /^The game was restored/, `fault ${fault + 1} (${kind})`);
        await sleep(30);
        if (kind === 'trap') {
          assert.deepEqual(await page.snapshot(), before, `fault ${fault + 1} (${kind}): the same position`);
        } else {
          const now = await savedActions(page);
          assert.deepEqual(now.slice(0, saved.length), saved, `fault ${fault + 1} (${kind}): nothing lost`);
          assert.ok(now.length > saved.length, `fault ${fault + 1} (${kind}): the move that panicked is kept (${saved.length} then ${now.length} actions)`);
          await settled(page);
        }
        // Play goes on.
        assert.notEqual(await page.step(), 'wait');
        await settled(page);
        assert.notDeepEqual(await page.snapshot(), before, `fault ${fault + 1} (${kind}): a move after the restore`);
      }
      console.log(`${build.engine}: restored in ${took.join(', ')} ms (one core busy)`);
      assert.ok(Math.max(...took) < 2000, `restored within 2 s, one core busy (${took.join(', ')} ms)`);
      // The notice stays until dismissed.
      await page.clickRole('button', 'Dismiss');
      await page.waitFor(() => document.querySelectorAll('.notice').length === 0);
      // A fourth in the same minute: no reload loop, a plain message.
      const before = await page.snapshot();
      await raiseTrap(page);
      await page.waitForRole('heading', 'Mojo stopped', { timeout: 10000 });
      assert.equal(await page.eval(() => !!window.__e2eTrapAt), true, 'the page did not reload');
      await page.clickRole('button', 'Copy details');
      await page.waitFor(() => document.querySelector('.fault__status')?.textContent.length > 0, undefined, { what: 'Copy details answered' });
      const copied = await page.eval(() => {
        const area = document.querySelector('.fault__details');
        const status = document.querySelector('.fault__status').textContent;
        const selected = area.selectionStart === 0 && area.selectionEnd === area.value.length;
        return { status, text: area.value, selected };
      });
      assert.ok(
        copied.status === 'Copied' || (copied.selected && copied.status.startsWith('The details are selected')),
        JSON.stringify(copied),
      );
      assert.match(copied.text, /^Mojo stopped: a wasm trap\nerror: .+/);
      assert.ok(copied.text.includes(`build: ${appBuild}`), copied.text);
      assert.match(copied.text, /actions: \d+ in all; the last 12: \[\{/);
      await page.screenshot(`${build.engine}-fault-stopped`);
      await page.clickRole('button', 'Reload');
      await page.waitFor(() => !window.__e2eTrapAt && !!document.querySelector('.table'), undefined, { what: 'the reloaded table' });
      await sleep(30);
      assert.deepEqual(await page.snapshot(), before, 'Reload: the same position');
      assert.equal(await page.count('button', 'Dismiss'), 0, 'no restored notice without a restore');

      // A panic past the limit: its details are the panic's own text.
      await page.eval(() => localStorage.setItem('mojo.restores', JSON.stringify([Date.now(), Date.now(), Date.now()])));
      await settled(page);
      await raisePanic(page);
      await page.waitForRole('heading', 'Mojo stopped', { timeout: 10000 });
      const panicked = await page.eval(() => document.querySelector('.fault__details').value);
      assert.match(panicked, /^Mojo stopped: a panic\nerror: panicked at .*\nfailed to insert node before next sibling \(build /, panicked);
      assert.ok(panicked.includes(`build: ${appBuild}`), panicked);
      await page.clickRole('button', 'Reload');
      await page.waitFor(() => !window.__e2eTrapAt && !!document.querySelector('.table'), undefined, { what: 'the reloaded table' });

      // Five languages: the plain message (three restores already this
      // minute) and the restored notice.
      for (const [lang, [title, reload, copy, restored]] of Object.entries(STOPPED)) {
        await page.goto(`${server.url}?lang=${lang}&speed=instant`);
        await page.waitFor((l) => document.documentElement.lang === l && !!document.querySelector('.table'), lang, { what: `the table in ${lang}` });
        await page.eval(() => localStorage.setItem('mojo.restores', JSON.stringify([Date.now(), Date.now(), Date.now()])));
        await raiseTrap(page);
        await page.waitForRole('heading', title, { timeout: 10000 });
        await page.waitForRole('button', reload);
        await page.waitForRole('button', copy);
        await page.eval(() => {
          localStorage.removeItem('mojo.restores');
          localStorage.setItem('mojo.restored', '{}');
        });
        await page.goto(`${server.url}?lang=${lang}&speed=instant`);
        const notice = await restoredNotice(page);
        assert.ok(notice.startsWith(restored), `${lang}: ${notice}`);
        assert.equal(await page.eval(() => localStorage.getItem('mojo.restored')), null, `${lang}: the mark is forgotten`);
      }
    });
  } finally {
    busy.kill();
    await server.close();
  }
});

// Today's deal is the deal of the UTC date. The tests set the date in the
// page's init script (the shipped app has no date parameter): `new Date()`
// and `Date.now()` start at `iso` and run on.
const onDate = (iso) =>
  initScript({
    extra: `const FIXED = Date.parse('${iso}');
  const Real = Date;
  const start = Real.now();
  const now = () => FIXED + (Real.now() - start);
  class OnDate extends Real {
    constructor(...a) { super(...(a.length ? a : [now()])); }
    static now() { return now(); }
  }
  window.Date = OnDate;`,
  });

/// Deals today's deal from the lobby; the person's hand as dealt (bots
/// never change it), and the seats.
async function dealToday(page) {
  await page.clickRole('button', "Today's deal");
  await page.waitForRole('group', 'Your hand', { timeout: 20000 });
  return page.eval(() => ({
    hand: [...document.querySelectorAll('[role="group"][aria-label="Your hand"] button')].map((b) => b.getAttribute('aria-label')),
    seats: [...document.querySelectorAll('.seat')].map((s) => s.querySelector('.seat__name, h3, strong')?.textContent ?? s.textContent.slice(0, 20)),
    players: document.querySelectorAll('.seat').length + 1,
  }));
}

test("today's deal: the same on two fresh devices on a day and another the next day, offline; its result shared in one tap; the day played and the streak kept", async () => {
  const server = await serve(BASE, { init: onDate('2026-12-04T10:00:00Z') });
  const open = `${server.url}?lang=en&speed=instant`;
  try {
    let first;
    await withPage('daily-first', null, async (page) => {
      await page.goto(open);
      await page.waitForRole('button', "Today's deal");
      assert.equal(await page.text('.lobby__daily-status'), 'Not played yet today.');
      // Offline after one visit: the deal needs no server.
      await controlled(page);
      await page.keepTestScriptOffline();
      await server.down();
      await page.reload();
      await page.ready();
      first = await dealToday(page);
      await server.up();
    }, { server });
    assert.equal(first.players, 4, JSON.stringify(first));
    assert.ok(first.hand.length >= 5, JSON.stringify(first));
    await withPage('daily-second', open, async (page) => {
      const second = await dealToday(page);
      assert.deepEqual(second.hand, first.hand, 'another device, the same day: the same deal');
    }, { server, fresh: true });
    server.setInit(onDate('2026-12-05T10:00:00Z'));
    await withPage('daily-next-day', open, async (page) => {
      const next = await dealToday(page);
      assert.notDeepEqual(next.hand, first.hand, 'the next day: another deal');
    }, { server });
    // The game of 2026-12-04 finished (a save of it played out): its result
    // in one tap, then the day is played.
    server.setInit(onDate('2026-12-04T18:00:00Z'));
    const finished = await readFile(new URL('../fixtures/saves/daily-2026-12-04-finished.json', import.meta.url), 'utf8');
    await withPage('daily-result', open, async (page) => {
      await page.waitForRole('button', "Today's deal");
      await page.eval((text) => localStorage.setItem('mojo.game', text), finished);
      await page.reload();
      await page.waitForRole('heading', "Today's deal, 2026-12-04", { timeout: 15000 });
      // Each player's place, best first, and the streak with today's
      // game counted (issue 34).
      const shape = /^Mojo, today's deal of 2026-12-04: ((?:[1-4]\. (?:Ana|Bot [123]) \d+(?:, |\. ))+)Rounds: \d+\. Streak: 1 day in a row\.$/;
      await page.waitFor((re) => new RegExp(re).test(document.querySelector('.daily__result')?.textContent ?? ''), shape.source, { what: 'the result with places and the streak', saw: () => document.querySelector('.daily__result')?.textContent });
      const result = await page.text('.daily__result');
      const places = [...shape.exec(result)[1].matchAll(/([1-4])\. (Ana|Bot [123]) (\d+)/g)].map((m) => ({ place: +m[1], name: m[2], total: +m[3] }));
      assert.deepEqual(places.map((p) => p.name).sort(), ['Ana', 'Bot 1', 'Bot 2', 'Bot 3'], result);
      places.forEach((p, i) => {
        const better = places.filter((q) => q.total < p.total).length;
        assert.equal(p.place, better + 1, `${p.name}'s place in ${result}`);
        if (i > 0) assert.ok(places[i - 1].total <= p.total, `best first: ${result}`);
      });
      assert.equal(await page.exists('.deal__value'), false, 'no deal code for today\'s deal');
      // The result and its Copy under the winner, not at the foot of the
      // game's end (issue 55 item 9).
      assert.equal(await page.eval(() => document.querySelector('.daily')?.previousElementSibling?.className), 'summary__winner', 'the result under the winner');
      const share = await page.count('button', 'Share the result');
      if (share) {
        await page.clickRole('button', 'Share the result');
      } else {
        await page.clickRole('button', 'Copy the result');
        await page.waitFor(() => document.querySelector('.daily .copied')?.textContent.length > 0, undefined, { what: 'the copy answered' });
        const said = await page.text('.daily .copied');
        assert.ok(said === 'Copied.' || said.startsWith('Select and copy'), said);
      }
      await page.screenshot(`${build.engine}-daily-result`);
      await page.clickRole('button', 'New game');
      await page.waitFor(() => document.querySelector('.lobby__daily-status')?.textContent.startsWith('Played today.'), undefined, { what: 'the day played' });
      assert.equal(await page.text('.lobby__daily-status'), 'Played today. 1 day in a row');
      await page.expectNoProblems();
    }, { server });
  } finally {
    await server.close();
  }
});

// The phone's side is a page of its own (join.html, issue 20), an ES-module
// app like the table's page: it must start in every engine, and leaving it
// must come back to the table's lobby (not to a seat held, not to itself).
test("'Join a table' opens the phone's page (join.html, its own app), and leaving it comes back to the lobby", async () => {
  await withPage('join-page', instant(), async (page) => {
    await page.waitForRole('button', 'Start game');
    await page.clickRole('button', 'Join a table');
    await page.waitForRole('textbox', 'Invitation code', { timeout: 30000 });
    assert.equal(await page.eval(() => location.pathname), '/games/mojo/join.html');
    assert.equal(await page.eval(() => document.querySelectorAll('button').length > 0 && !!window.__e2eInit), true);
    await page.expectNoProblems();
    await page.clickRole('button', 'Leave to the lobby');
    // CI once found the join page still there 30 s after this tap, in
    // Firefox (the CI run of de2d918; 15 runs here passed): a failure
    // says which pages the tab loaded, and when.
    await page.waitForRole('button', 'Start game', { timeout: 30000 }).catch(async (e) => {
      const pages = await page.eval(() => [sessionStorage.getItem('e2e.pages'), location.href, document.readyState, Date.now()]);
      throw new Error(`${e.message}; pages loaded, now: ${JSON.stringify(pages)}`);
    });
    assert.equal(await page.eval(() => location.pathname + location.hash), '/games/mojo/');
    assert.equal(await page.count('textbox', 'Invitation code'), 0);
    await page.expectNoProblems();
  });
});
