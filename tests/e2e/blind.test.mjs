// End-to-end, by touch (issue 34 item 1, issue 55 items 1-4): no card is
// played that its owner never saw, and no tap meant for one person's
// button acts on another's. A double tap on "Show my cards" lifts the
// cover and plays nothing, at four screen sizes with three, four and six
// seats, the taps 40 to 400 ms apart; a double tap on a take-back asks and
// takes nothing back; late taps on a take-back as a bot's move brings the
// next person's "Show my cards" show no hand; and no
// button that cards replace (Show my cards, Start, Next round, Take back)
// lies over a card of the screen that follows it, asserted from the
// rectangles.
//
// The taps are sent through the DevTools protocol with the times a finger
// makes them (as in taps.test.mjs), none waiting for the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBuild, openPage, step, whatNow, saveScreenshot, reachScreen, fingerDoubleTap, fingerTaps } from './harness.mjs';
import { setUpTable } from './follow-kit.mjs';

const build = useBuild();
const SIZES = [
  [1024, 768],
  [768, 1024],
  [390, 844],
  [844, 390],
];

async function touchPage(width, height, speed = 'instant', init) {
  const viewport = { width, height };
  const ctx = await build.browser.newContext({ viewport, hasTouch: true, isMobile: width < 600 || height < 600 });
  if (init) await ctx.addInitScript(init);
  return openPage(build.browser, `${build.server.url}?lang=en&speed=${speed}`, viewport, { context: ctx });
}

/// The rectangles of the cards a person may tap: the hand, the face-down
/// row, the draw choice.
const cardRects = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.hand button, .facedown button, .draw-choice button')].map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label'), x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );

/// Where `locator` is on the screen once scrolled into view, as a finger
/// finds it (a click scrolls it there first).
async function boxInView(locator) {
  await locator.scrollIntoViewIfNeeded();
  return locator.boundingBox();
}

const overlapping = (box, cards) =>
  cards.filter((c) => c.x < box.x + box.width && box.x < c.x + c.w && c.y < box.y + box.height && box.y < c.y + c.h);

/// The log's lines that are moves of `name` (played, drew, revealed).
const movesOf = (page, name) =>
  page.evaluate(
    (n) => [...document.querySelectorAll('.log__lines li')].filter((l) => new RegExp(`^${n} (played|drew|revealed)`).test(l.textContent)).length,
    name,
  );

/// Three, four and six seats, a bot between people: a person's card that
/// may be taken back is then offered on the cover of the person after the
/// bot while the bot plays (issue 55 item 2), and on the cover of the next
/// person where two people follow each other (item 3).
const LAYOUTS = [
  [['Ana', 'person'], ['Bot', 'easy'], ['Ben', 'person']],
  [['Ana', 'person'], ['Bot', 'easy'], ['Ben', 'person'], ['Cleo', 'person']],
  [['Ana', 'person'], ['Bot 1', 'easy'], ['Ben', 'person'], ['Cleo', 'person'], ['Bot 4', 'easy'], ['Bot 5', 'easy']],
];

/// The log's lines.
const logLines = (page) => page.evaluate(() => [...document.querySelectorAll('.log__lines li')].map((l) => l.textContent));

/// A new table of `seats` on `page` at `speed` (the game before is
/// forgotten: storage cleared), started.
async function newTable(page, seats, speed) {
  // Nothing of the page before in flight (its icon), which the new one
  // would cut off; then away from the app, whose bots would save their
  // game again after the storage is cleared.
  await page.waitForLoadState('networkidle');
  await page.goto(new URL('manifest.webmanifest', build.server.url).href);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('mojo.settings', JSON.stringify({ tour_done: true }));
  });
  await page.goto(`${build.server.url}?lang=en&speed=${speed}`);
  await setUpTable(page, seats);
  await page.locator('.lobby__starter').selectOption('0');
  await page.getByRole('button', { name: 'Start game' }).click();
}

/// Double taps on "Show my cards", `gaps` ms apart, one per hand-off: the
/// hand shows, its owner made no move they never saw, and the button lay
/// over none of the cards that rose. A cover that offers a take-back is
/// double-tapped there first: it asks, and takes back nothing (issue 55
/// item 3).
async function doubleTapsOnShow(page, gaps, label) {
  let asked = 0;
  // Each gap once, and on until a cover that offers a take-back was met
  // (a person's card that ends their turn, the next person after them).
  // With six seats only Ben and Cleo sit side by side, and Ben may be face
  // down or hold no card that ends his turn: 20 more turns were once not
  // enough (a clean-clone run of 8396037), so up to 60.
  for (let k = 0; k < gaps.length || (asked === 0 && k < gaps.length + 60); k++) {
    const gap = gaps[k % gaps.length];
    assert.equal(await reachScreen(page, ['show']), 'show', 'a cover to lift');
    const take = page.locator('.handoff .take-back');
    if ((await take.count()) > 0) {
      const box = await boxInView(take);
      const log = await logLines(page);
      await fingerDoubleTap(page, box.x + box.width / 2, box.y + box.height / 2, gap);
      await page.locator('.take-back-sure').waitFor({ timeout: 3000 });
      await page.waitForTimeout(gap + 100);
      assert.deepEqual(await logLines(page), log, `${label}: a double tap ${gap} ms apart took nothing back`);
      assert.equal(await page.locator('.take-back-sure').count(), 1, `${label}: the question still asks`);
      await page.getByRole('button', { name: 'Keep it' }).click();
      await take.waitFor();
      asked++;
    }
    const who = (await page.locator('.handoff h2').textContent()).replace('Pass the device to ', '');
    const button = await boxInView(page.getByRole('button', { name: 'Show my cards' }));
    const moves = await movesOf(page, who);
    await fingerDoubleTap(page, button.x + button.width / 2, button.y + button.height / 2, gap);
    await page.waitForTimeout(gap + 150);
    assert.ok(['play', 'reveal', 'draw'].includes(await whatNow(page)), `${label}: ${who}'s hand shows after ${gap} ms`);
    assert.equal(await movesOf(page, who), moves, `${label}: ${who} made no move with a double tap ${gap} ms apart`);
    const under = overlapping(button, await cardRects(page));
    assert.deepEqual(under, [], `${label}: the cover's button lay over cards`);
    if (gap >= 250) await saveScreenshot(page, `blind-${label}-after-double-tap`);
    // The person plays their turn, having seen it: a card that ends it
    // where there is one (the next person's cover then offers it back).
    const lower = page.locator('.hand button:not([disabled])[aria-description="ends your turn"]');
    if ((await whatNow(page)) === 'play' && (await lower.count()) > 0) await lower.first().click();
    else await step(page);
  }
  return asked;
}

/// Plays (a card that ends the turn where there is one) until a cover
/// offers a take-back while a bot plays before the next person.
async function reachTakeBackWhileABotPlays(page) {
  for (let i = 0; i < 3000; i++) {
    if ((await page.locator('.pass .take-back').count()) > 0) return;
    const what = await whatNow(page);
    assert.notEqual(what, 'over', 'no take-back on a cover while a bot played');
    const lower = page.locator('.hand button:not([disabled])[aria-description="ends your turn"]');
    if (what === 'play' && (await lower.count()) > 0) await lower.first().click();
    else await step(page, undefined, what);
    if (what === 'wait') await page.waitForTimeout(20);
  }
  throw new Error('no take-back on a cover while a bot played');
}

/// Issue 55 item 2, both ways, on a cover that offers "Take back Ana's
/// …" while the bot plays before Ben: Ben, handed the device early, taps
/// where his "Show my cards" comes (the take-back is not there); then,
/// as the bot plays and Ben's "Show my cards" comes, late taps meant for
/// the take-back, 10 to 400 ms after the change, show no hand.
async function lateTaps(page, label) {
  await reachTakeBackWhileABotPlays(page);
  const take = page.locator('.pass .take-back');
  await boxInView(take);
  const spot = (sel) =>
    page.evaluate((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }, sel);
  const [takeBack, turn] = [await spot('.pass .take-back'), await spot('.pass .own__turn')];
  const log = await logLines(page);
  await fingerTaps(page, turn.x, turn.y, [0, 100]);
  await page.waitForTimeout(150);
  // The card played is still in the log (the bot may have played since).
  const after = await logLines(page);
  assert.ok(after.includes(log[0]) && !after.some((l) => / took back /.test(l)), `${label}: a tap where "Show my cards" comes took a card back: ${JSON.stringify(after.slice(0, 3))}`);
  // The bot plays: the next person's "Show my cards" comes.
  await page.locator('.handoff .cover__show').waitFor();
  await fingerTaps(page, takeBack.x, takeBack.y, [10, 50, 100, 200, 400]);
  await page.waitForTimeout(100);
  assert.equal(await page.locator('[role="group"][aria-label="Your hand"]').count(), 0, `${label}: a late tap showed a hand`);
  assert.equal(await page.locator('.handoff .cover__show').count(), 1, `${label}: the cover waits for its person`);
  assert.ok(!(await logLines(page)).some((l, i) => / took back /.test(l) && !log.includes(l)), `${label}: a late tap took a card back`);
  await saveScreenshot(page, `blind-${label}-after-late-taps`);
}

// Issue 34 item 1 and issue 55 items 1-3: no card is played that its
// owner never saw, and no tap meant for one person's button acts on
// another's, at four sizes with three, four and six seats (one page per
// size): double taps on "Show my cards" 40 to 400 ms apart (instant bots),
// and late taps as a bot's move replaces a take-back by "Show my cards"
// (fast bots: they wait for the take-back).
for (const [width, height] of SIZES) {
  test(`no tap meant for one button acts on another person's: double taps on "Show my cards" and on a take-back, late taps after a bot's move (${width}x${height}, 3, 4 and 6 seats)`, async () => {
    const page = await touchPage(width, height);
    try {
      // The gaps shared out among the seat layouts: each size meets them
      // all, in half the time.
      const gaps = [
        [40, 300],
        [150, 400],
        [80, 250],
      ];
      for (const [i, seats] of LAYOUTS.entries()) {
        const label = `${width}x${height}-${seats.length}`;
        await newTable(page, seats, 'instant');
        const asked = await doubleTapsOnShow(page, gaps[i], label);
        assert.ok(asked > 0, `${label}: a take-back on a hand-off cover was double-tapped`);
        await newTable(page, seats, 'fast');
        await lateTaps(page, label);
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}

for (const [width, height] of SIZES) {
  test(`Start, Next round and Take back lie over no card of the screen that follows (${width}x${height})`, async () => {
    // Fast bots: a card that may be taken back stays so for a while.
    const page = await touchPage(width, height, 'fast');
    try {
      await setUpTable(page, [
        ['Ana', 'person'],
        ['Bot 1', 'easy'],
        ['Bot 2', 'easy'],
      ]);
      await page.locator('.lobby__starter').selectOption('0');
      const start = await boxInView(page.getByRole('button', { name: 'Start game' }));
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.locator('.hand button').first().waitFor();
      assert.deepEqual(overlapping(start, await cardRects(page)), [], 'Start over the first hand');
      // Take back: a card that ends the turn, then its take-back.
      let checked = { takeBack: false, nextRound: false };
      for (let i = 0; i < 3000 && !(checked.takeBack && checked.nextRound); i++) {
        const what = await whatNow(page);
        if (what === 'over') break;
        if (what === 'play' && !checked.takeBack) {
          const lower = page.locator('.hand button:not([disabled])[aria-description="ends your turn"]');
          if ((await lower.count()) > 0) {
            await lower.first().click();
            const take = page.locator('.take-back');
            await take.waitFor();
            const box = await boxInView(take);
            await take.click();
            await page.locator('.take-back').waitFor({ state: 'detached' });
            assert.deepEqual(overlapping(box, await cardRects(page)), [], 'Take back over the hand it gives back');
            checked.takeBack = true;
            continue;
          }
        }
        if (what === 'next') {
          const next = await boxInView(page.getByRole('button', { name: 'Next round' }));
          await page.getByRole('button', { name: 'Next round' }).click();
          await page.locator('.hand button').first().waitFor();
          assert.deepEqual(overlapping(next, await cardRects(page)), [], 'Next round over the new hand');
          checked.nextRound = true;
          continue;
        }
        await step(page, undefined, what);
        if (what === 'wait') await page.waitForTimeout(20);
      }
      assert.deepEqual(checked, { takeBack: true, nextRound: true }, 'each button was checked');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}

/// Plays on until a card a person drew shows to them; where the person
/// to play holds a card that draws, it is double-tapped (150 ms apart):
/// the card drawn stays in view, its OK not yet taking a tap. What
/// happened: `doubled`, `shown` (drawn without a double tap), or `ended`:
/// a bot went out while the card drawn showed (seen in a clean-clone run
/// where the machine was loaded: "Ben drew a card", "Bot played 3 green"
/// and the round was over), which ends the round there and then: the
/// round's summary, no card drawn, no hand.
async function reachDrawn(page, label) {
  for (let i = 0; i < 400; i++) {
    const what = await whatNow(page);
    if (what === 'seen') return 'shown';
    assert.notEqual(what, 'over', `${label}: no person drew a card`);
    const higher = page.locator('.hand button:not([disabled])[aria-description="you draw a card"]');
    if (what === 'play' && (await higher.count()) > 0) {
      const box = await boxInView(higher.first());
      await fingerDoubleTap(page, box.x + box.width / 2, box.y + box.height / 2, 150);
      await page.locator('.drawn').waitFor({ timeout: 3000 });
      await page.waitForTimeout(250);
      if ((await roundEndedUnder(page, label)) === 'ended') return 'ended';
      assert.equal(await page.locator('.drawn').count(), 1, `${label}: a double tap on the card that drew hid the card drawn`);
      return 'doubled';
    }
    await step(page, undefined, what);
    if (what === 'wait') await page.waitForTimeout(20);
  }
  throw new Error(`${label}: no person drew a card`);
}

/// Whether the round (or the game) ended while a card drawn showed
/// (`ended`: its summary shows, and neither the card drawn nor a hand
/// does) or not (`on`). Where it did, the last move in the log is the
/// bot's: only a bot moves while a card drawn shows.
async function roundEndedUnder(page, label) {
  const what = await whatNow(page);
  if (what !== 'next' && what !== 'over') return 'on';
  const left = await page.evaluate(() => document.querySelectorAll('.drawn, [role="group"][aria-label="Your hand"], .facedown__row').length);
  assert.equal(left, 0, `${label}: the round's summary, alone, once a bot went out`);
  const last = (await logLines(page)).find((l) => /^\S+ (played|drew|revealed)/.test(l));
  assert.match(last ?? '', /^Bot (played|revealed) /, `${label}: a bot went out while a card drawn showed`);
  return 'ended';
}

/// The card drawn as it shows now, in one look (`null` if it does not):
/// its title, how many cards it and hands show, and its OK scrolled into
/// view as a finger finds it (`ok`: on the screen; `okRect`: on the page).
const drawnNow = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('.drawn');
    const b = d?.querySelector('.drawn__ok');
    if (!b) return null;
    b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = b.getBoundingClientRect();
    return {
      title: d.querySelector('h2')?.textContent,
      cards: d.querySelectorAll('.card').length,
      hands: document.querySelectorAll('[role="group"][aria-label="Your hand"], .facedown__row').length,
      ok: { x: r.x, y: r.y, width: r.width, height: r.height },
      okRect: { x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height },
    };
  });

/// A rectangle of `sel` in the page's coordinates (scrolled or not).
const pageRect = (page, sel) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height };
  }, sel);

/// Init script: where each OK under a card drawn lies on the page, each
/// frame while it shows; its moves (`window.__okMoves`: from, to); and how
/// many moves the bot made while an OK showed (`window.__botUnderOk`),
/// counted in the page, frame by frame: a count the test took itself
/// would depend on how late it looked (a loaded machine once made it miss
/// the bot's move in each of 20 cards drawn).
function watchOk() {
  window.__okMoves = [];
  window.__botUnderOk = 0;
  const botMoves = () => [...document.querySelectorAll('.log__lines li')].filter((l) => /^Bot (played|drew|revealed)/.test(l.textContent)).length;
  let seen = null;
  const frame = () => {
    const b = document.querySelector('.drawn__ok');
    if (b) {
      const r = b.getBoundingClientRect();
      const at = { x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height };
      const moves = botMoves();
      if (seen?.el !== b) seen = { el: b, at, moves };
      else {
        if (JSON.stringify(at) !== JSON.stringify(seen.at)) window.__okMoves.push({ from: seen.at, to: at });
        window.__botUnderOk += Math.max(0, moves - seen.moves);
        seen.moves = moves;
      }
    } else seen = null;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// Issue 55 item 4: a person who draws from the draw pile sees that card,
// alone, before the cover comes. A double tap on the card that drew
// leaves it in view (its OK takes a tap only 600 ms after it came), and
// late taps on its OK, 30 to 420 ms after the first ended, show no one's
// hand and take nothing back: the OK lies apart from the next person's
// "Show my cards", which the rectangles say too. Fast bots: the card shows
// at every speed but "Instant". The OK keeps its place on the page while
// the bot plays (a centre that shrank as the next person's cover came
// moved it 282 px up on a phone, and late taps fell on the score pad),
// watched each frame.
for (const [width, height] of SIZES) {
  test(`the card a person drew shows to them alone before the cover, and taps on its OK open no hand (${width}x${height})`, async () => {
    const page = await touchPage(width, height, 'fast', watchOk);
    const label = `${width}x${height}`;
    try {
      await setUpTable(page, [
        ['Ana', 'person'],
        ['Ben', 'person'],
        ['Bot', 'easy'],
      ]);
      await page.locator('.lobby__starter').selectOption('0');
      await page.getByRole('button', { name: 'Start game' }).click();
      let [checked, doubled, beside, played, ended] = [0, 0, 0, 0, 0];
      /// The card drawn is gone before its OK was tapped: only a round a
      /// bot ended takes it away (asserted); that card is counted apart.
      const gone = async () => {
        assert.equal(await roundEndedUnder(page, label), 'ended', `${label}: the card drawn went, the round on`);
        ended++;
        return true;
      };
      for (let n = 0; n < 20 && !(checked >= 2 && doubled >= 1 && beside >= 1 && played >= 1); n++) {
        const got = await reachDrawn(page, label);
        if (got === 'ended') {
          ended++;
          continue;
        }
        if (got === 'doubled') doubled++;
        // One look at all of it at once: a bot may end the round at any
        // moment (then nothing of it is there, and the round's summary is).
        const seen = await drawnNow(page);
        if (!seen && (await gone())) continue;
        assert.match(seen.title, /^(Ana|Ben), you drew \d+ \w+$/, label);
        assert.equal(seen.hands, 0, `${label}: no hand shows`);
        assert.equal(seen.cards, 1, `${label}: the card drawn alone`);
        if (checked === 0) await saveScreenshot(page, `blind-drawn-${label}`);
        const [ok, okRect] = [seen.ok, seen.okRect];
        await page.waitForTimeout(650);
        const log = await logLines(page);
        played = await page.evaluate(() => window.__botUnderOk);
        const still = await drawnNow(page);
        if (!still && (await gone())) continue;
        assert.deepEqual(still.ok, ok, `${label}: the OK stayed where the finger found it`);
        await fingerTaps(page, ok.x + ok.width / 2, ok.y + ok.height / 2, [0, 60, 120, 250, 450]);
        await page.waitForTimeout(150);
        assert.deepEqual(await page.evaluate(() => window.__okMoves), [], `${label}: the OK moved on the page while the card drawn showed`);
        assert.equal(await page.locator('.drawn').count(), 0, `${label}: OK hid the card drawn`);
        assert.equal(await page.locator('[role="group"][aria-label="Your hand"]').count(), 0, `${label}: a late tap on OK showed a hand`);
        assert.ok(!(await logLines(page)).some((l) => / took back /.test(l) && !log.includes(l)), `${label}: a late tap took a card back`);
        if ((await roundEndedUnder(page, label)) === 'ended') {
          ended++;
          continue;
        }
        const show = await pageRect(page, '.handoff .cover__show');
        if (show) {
          beside++;
          const apart = show.y >= okRect.y + okRect.h || okRect.y >= show.y + show.h || show.x >= okRect.x + okRect.w || okRect.x >= show.x + show.w;
          assert.ok(apart, `${label}: OK ${JSON.stringify(okRect)} and "Show my cards" ${JSON.stringify(show)} overlap`);
          if (beside === 1) await saveScreenshot(page, `blind-drawn-${label}-then-cover`);
        }
        checked++;
      }
      assert.ok(
        checked >= 2 && doubled >= 1 && beside >= 1 && played >= 1,
        `${label}: ${checked} cards drawn, ${doubled} double-tapped, ${beside} before a "Show my cards", ${played} while the bot played (${ended} rounds a bot ended meanwhile)`,
      );
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}

/// Init script: every scroll of the page, when and where to
/// (`window.__scrolls`).
function watchScrolls() {
  window.__scrolls = [];
  addEventListener('scroll', () => window.__scrolls.push({ t: Math.round(performance.now()), y: scrollY }), { passive: true });
}

// Issue 55 item 5: "the portrait tablet scrolls by itself between turns,
// by 10 to 94 px; the top bar and the seats' names go off screen". Not
// reproduced by a finger: Playwright's tap scrolls its target into view
// first (the traced game's 10 px), where a finger's tap scrolls nothing.
// Here every tap is a finger's, sent as touches where the button is
// (none needs a scroll at 768x1024: asserted), through hand-offs, cards
// drawn and shown, take-backs asked and answered: the page never
// scrolls, and the top bar stays in view.
test('the portrait tablet stays at its top from turn to turn, by touch (768x1024, three people and a bot)', async () => {
  const page = await touchPage(768, 1024, 'fast', watchScrolls);
  try {
    await setUpTable(page, [
      ['Ana', 'person'],
      ['Ben', 'person'],
      ['Bot', 'easy'],
      ['Cleo', 'person'],
    ]);
    await page.locator('.lobby__starter').selectOption('0');
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.locator('.table').waitFor();
    await page.evaluate(() => {
      scrollTo(0, 0);
      window.__scrolls = [];
    });
    /// A finger's tap on `sel`, which must be in view as the page is.
    const tap = async (sel, what) => {
      const r = await pageRect(page, sel);
      assert.ok(r, `${what}: ${sel} is there`);
      const y = await page.evaluate(() => scrollY);
      assert.ok(r.y - y >= 0 && r.y - y + r.h <= 1024, `${what}: ${sel} in view without a scroll (${JSON.stringify(r)})`);
      await fingerTaps(page, r.x + r.w / 2, r.y - y + r.h / 2, [0]);
    };
    const seen = { show: 0, seen: 0, asked: 0 };
    for (let i = 0; i < 400 && (seen.show < 12 || seen.seen < 2); i++) {
      const what = await whatNow(page);
      if (what === 'over') break;
      assert.equal(await page.evaluate(() => scrollY), 0, `the page scrolled by itself (look ${i}: ${what})`);
      assert.ok(await page.evaluate(() => document.querySelector('.topbar').getBoundingClientRect().top >= 0), 'the top bar in view');
      if (what === 'show' && seen.asked < 1 && (await page.locator('.handoff .take-back').count()) > 0) {
        await tap('.handoff .take-back', 'take-back');
        await page.locator('.take-back-sure__no').waitFor();
        await page.waitForTimeout(650);
        await tap('.take-back-sure__no', 'keep it');
        seen.asked++;
      } else if (what === 'show') {
        await tap('.cover__show', what);
        seen.show++;
      } else if (what === 'seen') {
        await page.waitForTimeout(650);
        await tap('.drawn__ok', what);
        seen.seen++;
      } else if (what === 'play') await tap('.hand button:not([disabled])', what);
      else if (what === 'draw') await tap('.draw-choice button', what);
      else if (what === 'reveal') await tap('.facedown__row button:not([disabled])', what);
      else if (what === 'next') await tap('.summary .button--primary', what);
      await page.waitForTimeout(what === 'wait' ? 30 : 120);
    }
    assert.ok(seen.show >= 12 && seen.seen >= 2, `hand-offs, cards drawn: ${JSON.stringify(seen)}`);
    assert.deepEqual(await page.evaluate(() => window.__scrolls), [], 'no scroll');
    await saveScreenshot(page, 'blind-768x1024-still-at-top');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

/// Init script: each time a hand-off cover appears, what the table showed
/// at that moment: whether the cover lies over the seats, the centre or
/// the status line (rectangles), whether the point at the middle of each
/// pile's top card is the card (not the cover), and whether a card was
/// still flying. Kept in `window.__covers`.
function watchCovers() {
  window.__covers = [];
  // A cover is new when it was not there, or when the log grew since.
  let last = null;
  const look = () => {
    const cover = document.querySelector('.handoff');
    const key = cover && `${cover.querySelector('h2')?.textContent} ${document.querySelectorAll('.log__lines li').length}`;
    if (key === last) return;
    last = key;
    if (!cover) return;
    const c = cover.getBoundingClientRect();
    const over = (sel) =>
      [...document.querySelectorAll(sel)].some((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom;
      });
    const piles = [...document.querySelectorAll('.pile__top .card')].map((card) => {
      const r = card.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const inView = y >= 0 && y < innerHeight && x >= 0 && x < innerWidth;
      const hit = inView ? document.elementFromPoint(x, y) : null;
      return { inView, card: !!hit && card.contains(hit) };
    });
    window.__covers.push({
      to: cover.querySelector('h2')?.textContent,
      flying: !!document.querySelector('.card--fly, .card--fly-late, .card--incoming'),
      overSeats: over('.seat'),
      overCentre: over('.centre'),
      overStatus: over('.status'),
      piles,
    });
  };
  const start = () =>
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

// Issue 34 item 8: the hand-off cover came over the whole screen while a
// bot's card was still flying, so that only the next person learnt what
// the bot did. The cover takes the hand's place only: when it appears,
// right after the bot's move, it lies over no seat, the centre or the
// status line, and each pile's top card is what is seen at its middle.
for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`the hand-off cover leaves the table and the bot's move in view (${width}x${height})`, async () => {
    const page = await touchPage(width, height, 'normal', watchCovers);
    try {
      await setUpTable(page, [
        ['Ana', 'person'],
        ['Bot', 'easy'],
        ['Ben', 'person'],
      ]);
      await page.locator('.lobby__starter').selectOption('0');
      await page.getByRole('button', { name: 'Start game' }).click();
      // Covers for Ben, each right after the bot's move.
      for (let i = 0; i < 600; i++) {
        const covers = await page.evaluate(() => window.__covers);
        if (covers.filter((c) => c.to === 'Pass the device to Ben').length >= 3) break;
        const what = await whatNow(page);
        if (what === 'over' || what === 'next') break;
        await step(page, undefined, what);
        if (what === 'wait') await page.waitForTimeout(50);
      }
      const covers = await page.evaluate(() => window.__covers);
      const ben = covers.filter((c) => c.to === 'Pass the device to Ben');
      assert.ok(ben.length >= 3, `three hand-offs to Ben after the bot: ${JSON.stringify(covers)}`);
      assert.ok(ben.some((c) => c.flying), `a bot's card was still flying as a cover came: ${JSON.stringify(ben)}`);
      for (const c of covers) {
        assert.deepEqual(
          { overSeats: c.overSeats, overCentre: c.overCentre, overStatus: c.overStatus },
          { overSeats: false, overCentre: false, overStatus: false },
          `${width}x${height}: ${JSON.stringify(c)}`,
        );
        assert.ok(c.piles.length > 0 && c.piles.every((p) => !p.inView || p.card), `${width}x${height}: a pile's card hidden: ${JSON.stringify(c)}`);
      }
      assert.ok(covers.some((c) => c.piles.some((p) => p.inView)), 'a pile was in view as a cover came');
      await saveScreenshot(page, `cover-${width}x${height}`);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}
