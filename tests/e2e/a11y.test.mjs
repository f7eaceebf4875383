// End-to-end accessibility: axe-core (npm) injected into the release build,
// run on the lobby, the table, Mojo Time, the round summary and the score
// pad at game over, in all five languages; no serious or critical
// violation may remain, and no colour contrast axe could not measure. A
// screenshot of each screen in each language (at phone size, 390 x 844)
// goes to tests/e2e/artifacts/ for a person to look at, and no screen may
// scroll sideways.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { useBuild, openPage, saveScreenshot } from './harness.mjs';

const require = createRequire(import.meta.url);
const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

const build = useBuild('/games/mojo/');

const knownGame = await readFile(new URL('../fixtures/saves/v1-new-game.json', import.meta.url), 'utf8');

/// The colour-contrast check's options: axe's defaults (WCAG AA: 4.5:1,
/// 3:1 for large text), except that it also measures text of symbols and
/// single characters (the cards' ♥ and values), which by default it leaves
/// out or reports as "incomplete". Axe takes a check's options whole, so
/// every one is given.
const contrastOptions = {
  ignoreUnicode: false,
  ignoreLength: true,
  ignorePseudo: false,
  boldValue: 700,
  boldTextPt: 14,
  largeTextPt: 18,
  contrastRatio: { normal: { expected: 4.5 }, large: { expected: 3 } },
  pseudoSizeThreshold: 0.25,
  shadowOutlineEmMax: 0.2,
  textStrokeEmMin: 0.03,
};

/// Injects axe into the page (by evaluation: the page's CSP has no say
/// over the test) with the contrast options above, once per document.
async function injectAxe(page) {
  if (await page.evaluate(() => typeof window.axe !== 'undefined')) return;
  await page.evaluate(axeSource);
  await page.evaluate((options) => window.axe.configure({ checks: [{ id: 'color-contrast', options }] }), contrastOptions);
}

/// Runs axe on the page; returns the serious and critical violations, one
/// line each (rule, impact, first elements), and every colour-contrast
/// result axe could not decide ("incomplete": a gradient, a picture or a
/// pseudo-element under the words, an element half over them), named with
/// axe's reason: issue 34 asks for none, so that every word's contrast is
/// measured rather than assumed.
async function axe(page) {
  await injectAxe(page);
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    const undecided = r.incomplete
      .filter((v) => v.id === 'color-contrast')
      .map((v) => ({
        id: 'color-contrast (incomplete)',
        impact: 'serious',
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${n.any[0]?.data?.messageKey ?? n.any[0]?.message ?? ''}`),
      }));
    return r.violations
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`),
      }))
      .concat(undecided);
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const langs = ['en', 'fr', 'ru', 'nl', 'pl'];

/// The screens, reached by clicks with the harness's English-independent
/// checks (class names, not words).
async function whatNowAnyLang(page) {
  return page.evaluate(() => {
    const enabled = (sel) => [...document.querySelectorAll(sel)].some((b) => !b.disabled);
    if (document.querySelector('.summary .summary__winner')) return 'over';
    if (document.querySelector('.summary')) return 'next';
    if (document.querySelector('.drawn__ok')) return 'seen';
    if (document.querySelector('.handoff')) return 'show';
    if (enabled('.draw-choice button')) return 'draw';
    if (enabled('.facedown__row button')) return 'reveal';
    if (enabled('.hand button')) return 'play';
    return 'wait';
  });
}

/// Acts on the screen: on `seen` when the caller has just looked (acting on
/// a fresh look could click "Next round" on a summary that appeared in
/// between, so the caller would never see it), otherwise on a new look.
async function stepAnyLang(page, seen) {
  const what = seen ?? (await whatNowAnyLang(page));
  const click = (sel) => page.locator(sel).first().click();
  switch (what) {
    case 'next':
      await click('.summary .button--primary');
      break;
    case 'show':
      await click('.handoff button');
      break;
    case 'seen':
      await page.locator('.drawn__ok').press('Enter');
      break;
    case 'draw':
      await click('.draw-choice button');
      break;
    case 'reveal':
      await click('.facedown__row button:not([disabled])');
      break;
    case 'play':
      await click('.hand button:not([disabled])');
      break;
    default:
      await page.waitForTimeout(15);
  }
  return what;
}

/// Plays until the screen is one of `wanted` (or game over), without
/// acting on it.
async function until(page, wanted) {
  for (let i = 0; i < 6000; i++) {
    const what = await whatNowAnyLang(page);
    if (wanted.includes(what) || what === 'over') return what;
    await stepAnyLang(page, what);
  }
  throw new Error(`never reached ${wanted}`);
}

/// No string of the catalogue is missing: no empty button, heading or
/// label, and no English left on a screen in another language (a few
/// words are the same everywhere: Mojo, names, numbers).
async function noMissingText(page, lang, screen) {
  const problems = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, h1, h2, h3, label, legend, th, summary, [role="img"]')) {
      const name = (el.getAttribute('aria-label') ?? el.textContent).trim();
      if (!name) out.push(el.outerHTML.slice(0, 80));
    }
    return out;
  });
  assert.deepEqual(problems, [], `${lang} ${screen}: elements without words`);
  if (lang !== 'en') {
    const text = await page.evaluate(() => document.body.innerText);
    for (const english of ['Your turn', 'Start game', 'Round ', 'Score pad', 'Next round', 'Draw pile', 'Discard pile', 'Game log']) {
      assert.ok(!text.includes(english), `${lang} ${screen}: English "${english}" on screen`);
    }
  }
}

for (const lang of langs) {
  test(`axe: no serious or critical violation on every main screen (${lang})`, async () => {
    const page = await openPage(build.browser, `${build.server.url}?lang=${lang}&speed=instant`, { width: 390, height: 844 });
    // No animation half-way through when axe measures colours (and the
    // reduced-motion styles get checked too).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.locator('.lobby').waitFor();
    const found = {};
    const otherProblems = [];
    const check = async (screen) => {
      await page.waitForTimeout(50);
      found[screen] = await axe(page);
      try {
        await noMissingText(page, lang, screen);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${lang} ${screen}: ${overflow}px of horizontal scrolling`);
      } catch (e) {
        otherProblems.push(e.message);
      }
      await saveScreenshot(page, `a11y-${lang}-${screen}`);
    };
    await check('lobby');
    // The game is a known one, not a random deal: a save of a new game
    // (seed 42, three Medium bots, you start), put in storage and opened by
    // a reload. The game is deterministic from its seed and the moves, and
    // the moves below are too (the first playable card, the first face-down
    // card), so this game surely comes to Mojo Time for you (round 1).
    await page.evaluate((save) => localStorage.setItem('mojo.game', save), knownGame);
    await page.reload();
    await page.locator('.hand').waitFor();
    await check('table');
    // The menu and the walkthrough, over the table (issue 34: the menu's
    // help read at 1.19:1, and neither was checked).
    await page.locator('.topbar .button--ghost').last().click();
    await page.locator('.menu').waitFor();
    await check('menu');
    await page.locator('.menu__actions .button').nth(1).click();
    for (let i = 0; i < 4; i++) {
      await page.locator('.tour__box').waitFor();
      await check(`walkthrough-${i + 1}`);
      await page.locator('.tour .button--primary').click();
    }
    await page.locator('.tour').waitFor({ state: 'detached' });
    // Reduced motion: the arriving card and the dialogs do not animate.
    const animated = await page.evaluate(() =>
      [...document.querySelectorAll('.card, .mojo__inner, .seat')]
        .map((e) => getComputedStyle(e))
        .filter((c) => c.animationName !== 'none' || parseFloat(c.transitionDuration) > 0).length,
    );
    assert.equal(animated, 0, `${lang}: elements still animated with reduced motion`);
    // Mojo Time and a round summary, in whichever rounds they come.
    let mojoTime = false;
    let summary = false;
    for (;;) {
      const what = await until(page, mojoTime ? ['next'] : ['reveal', 'next']);
      if (what === 'over') break;
      if (what === 'reveal') {
        await check('mojo-time');
        mojoTime = true;
      } else if (!summary) {
        await check('round-summary');
        summary = true;
      }
      if (mojoTime && summary) break;
      await stepAnyLang(page, what);
    }
    assert.ok(mojoTime, 'Mojo Time was checked');
    assert.ok(summary, 'a round summary was checked');
    await until(page, ['over']);
    await check('game-over');
    // A reload on the game-over screen does not count the game twice.
    await page.reload();
    await page.locator('.summary .summary__winner').waitFor();
    await page.locator('.summary .scorepad').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `a11y-${lang}-score-pad`);
    // A round's replay, with Hard's review (its flag read 4.2:1 on the
    // felt once the felt could be measured).
    await page.locator('.replay-open').first().click();
    await page.locator('.replay__review[data-done="true"]').waitFor();
    // Scrolled to its end, where the replay's buttons (kept at the foot of
    // the screen while it scrolls) lie over no words: higher up, a word
    // half under them is one axe cannot measure, rightly.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await check('replay');
    await page.locator('.replay__bar .button--primary').click();
    await page.locator('.summary .summary__winner').waitFor();
    // The statistics now count this game.
    await page.locator('.summary .button--large:not(.button--primary)').click();
    await page.locator('.lobby').waitFor();
    await page.locator('.lobby__links button').last().click();
    await page.locator('.stats').waitFor();
    await check('statistics');
    assert.match(await page.locator('.stats__games').textContent(), /: 1$/, 'one finished game counted');
    const bad = Object.entries(found).filter(([, v]) => v.length);
    assert.deepEqual(bad, [], `${lang}: ${JSON.stringify(bad, null, 1)}`);
    assert.deepEqual(otherProblems, []);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

/// Axe's colour contrast, serious and critical violations only, one line
/// each.
async function contrast(page) {
  await injectAxe(page);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} — ${n.any[0]?.data?.contrastRatio ?? ''}:1`));
  });
}

/// Every animation running now, paused and checked at 0, 50 and 100% of
/// its time (after its delay; one round of an endless one): the contrast
/// violations found at each sample, and how many animations there were.
async function contrastThroughAnimations(page) {
  const count = await page.evaluate(() => {
    window.__sampled = document.getAnimations();
    for (const a of window.__sampled) a.pause();
    return window.__sampled.length;
  });
  const found = [];
  for (const at of [0, 0.5, 1]) {
    await page.evaluate((at) => {
      for (const a of window.__sampled) {
        const t = a.effect.getComputedTiming();
        const length = Number.isFinite(t.activeDuration) ? t.activeDuration : t.duration;
        a.currentTime = (t.delay ?? 0) + at * length;
      }
    }, at);
    for (const v of await contrast(page)) found.push(`${at * 100}%: ${v}`);
  }
  await page.evaluate(() => {
    for (const a of window.__sampled) {
      if (Number.isFinite(a.effect.getComputedTiming().endTime)) a.finish();
      else a.play();
    }
  });
  return { count, found };
}

// Issue 34 item 6: the walkthrough's button once read 2.56:1 during its
// fade, and the check ran with animations off. Here they run, as players
// see them: each screen that opens with an animation (the first cards
// arriving and the turn banner, the Menu, each step of the walkthrough, a
// card flying in, the round summary) is caught as it opens (the page's
// animations held at their start through the DevTools protocol), and
// every animation is sampled at 0, 50 and 100%: no contrast violation at
// any of them. Once, in English (issue 54): the animations and their
// colours are the same in every language, whose words the test above
// checks on every screen, animations off.
{
  const lang = 'en';
  test(`axe: no contrast violation at 0, 50 and 100% of every animation, with animations on (${lang})`, async () => {
    const page = await openPage(build.browser, `${build.server.url}?lang=${lang}&speed=fast`, { width: 390, height: 844 }, { tour: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    const hold = () => cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
    const run = () => cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    const results = {};
    // While animations are held, a card may hang where it flies from, over
    // the hand: buttons are pressed in the page, not at a point.
    const press = (sel) => page.locator(sel).first().evaluate((b) => b.click());
    const sample = async (screen, atLeast = 1) => {
      const r = await contrastThroughAnimations(page);
      assert.ok(r.count >= atLeast, `${lang} ${screen}: ${r.count} animations caught`);
      results[screen] = r.found;
      await run();
    };
    try {
      await page.locator('.lobby').waitFor();
      // The first game: its walkthrough opens over the first cards.
      await hold();
      await page.locator('.lobby__head .button--primary').click();
      await page.locator('.hand').waitFor();
      await page.locator('.tour__box').waitFor();
      await sample('walkthrough-1 over the first cards', 2);
      for (let i = 2; i <= 4; i++) {
        await hold();
        await press('.tour .button--primary');
        await page.locator('.tour__box').waitFor();
        await sample(`walkthrough-${i}`);
      }
      await press('.tour .button--primary');
      await page.locator('.tour').waitFor({ state: 'detached' });
      await hold();
      await page.locator('.topbar .button--ghost').last().evaluate((b) => b.click());
      await page.locator('.menu').waitFor();
      await sample('menu', 2);
      await press('.menu .dialog__close');
      await page.locator('.menu').waitFor({ state: 'detached' });
      // A card played: it flies to the pile; then the bots' cards, and the
      // turn banner when the turn comes back.
      await hold();
      await press('.hand button:not([disabled])');
      await page.waitForFunction(() => document.getAnimations().length > 0);
      await sample('a card flying');
      let summary = false;
      for (let i = 0; i < 4000 && !summary; i++) {
        const what = await whatNowAnyLang(page);
        if (what === 'next' || what === 'over') {
          summary = true;
          break;
        }
        if (what === 'reveal' || what === 'play' || what === 'draw') {
          // The last card of the round opens the summary as it lands.
          await hold();
          await press({ reveal: '.facedown__row button:not([disabled])', play: '.hand button:not([disabled])', draw: '.draw-choice button' }[what]);
          await page.waitForTimeout(30);
          if (['next', 'over'].includes(await whatNowAnyLang(page))) {
            await sample('the round summary opening');
            summary = true;
          } else {
            await run();
          }
        } else {
          await page.waitForTimeout(20);
        }
      }
      assert.ok(summary, `${lang}: the round ended`);
      if (!results['the round summary opening']) {
        // A bot's card ended the round: the summary opened while not held.
        await hold();
        await page.reload();
        await page.locator('.summary').waitFor();
        await sample('the round summary opening');
      }
      const bad = Object.entries(results).filter(([, v]) => v.length);
      assert.deepEqual(bad, [], `${lang}: ${JSON.stringify(bad, null, 1)}`);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}
