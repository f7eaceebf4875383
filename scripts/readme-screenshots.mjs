// The README's screenshots, taken again from the release build:
//
//   trunk build --release && node scripts/readme-screenshots.mjs
//
// Writes docs/screenshots/*.png (`--out DIR`: there instead), and the
// hash of what they were taken from (scripts/readme-inputs.mjs) beside
// them, which the test run checks: commit both. Every
// picture comes from one fixed deal (a deal code: its seed and options)
// against Medium bots, whose choices
// follow from the seed, and the person always plays the first card it may:
// the same game every time, so a new run changes a picture only where the
// app's look changed. Taken in English with reduced motion, and only once
// every animation has finished (a card in flight or a banner popping in
// makes a poor picture); a screen that never settles is an error.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { serve, root, launch, openPage, expectNoProblems, whatNow, step } from '../tests/e2e/harness.mjs';
import { inputsHash, STAMP } from './readme-inputs.mjs';

/// Four players, 50 points, one discard pile, seat 0 starts (the lobby's
/// defaults), seed fixed.
const DEAL = process.env.MOJO_README_DEAL ?? '8NGT6-1Z96D-7NW42-G195A';
const at = process.argv.indexOf('--out');
const out = at > 0 ? process.argv[at + 1] : join(root, 'docs', 'screenshots');
const shown = at > 0 ? out : 'docs/screenshots';
const tablet = { width: 1024, height: 768 };
const phone = { width: 390, height: 844 };

/// Waits until no finite animation runs or waits to run, for up to 5 s;
/// throws if the screen keeps moving.
async function settle(page) {
  const settled = await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    // An animation may start a frame or two after the change that causes it
    // (a flight waits for its layout): still for three frames in a row.
    const started = performance.now();
    let still = 0;
    while (performance.now() - started < 5000) {
      const moving = document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && a.playState !== 'idle')
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime));
      if (!moving.length) {
        if (++still === 3) return true;
        await frame();
        continue;
      }
      still = 0;
      await Promise.race([
        Promise.all(moving.map((a) => a.finished.catch(() => {}))),
        new Promise((r) => setTimeout(r, 100)),
      ]);
    }
    return false;
  });
  assert.ok(settled, 'the screen never stopped moving');
}

async function shoot(page, name) {
  // The pointer off the cards: the last click's card would show hovered.
  await page.mouse.move(1, 1);
  await settle(page);
  await page.screenshot({ path: join(out, `${name}.png`) });
  console.log(`${shown}/${name}.png`);
}

/// Plays on until the screen is `wanted` after at least `moves` of the
/// person's plays, within the round; throws if the round ends first (at a
/// summary that was not asked for).
async function playTo(page, wanted, moves = 0) {
  let played = 0;
  for (let i = 0; i < 5000; i++) {
    const what = await whatNow(page);
    if (what === wanted && played >= moves) return;
    if (what === 'next' || what === 'over') throw new Error(`the round ended before "${wanted}"`);
    // The person plays the first card it may (step's default).
    if ((await step(page, undefined, what)) === 'play') played++;
  }
  throw new Error(`never reached "${wanted}"`);
}

async function open(browser, server, viewport) {
  const page = await openPage(browser, null, viewport, { serviceWorkers: 'block' });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}?lang=en&speed=instant`);
  await page.getByRole('button', { name: 'Start game' }).waitFor();
  return page;
}

async function startDeal(page) {
  await page.getByRole('textbox', { name: 'Deal code' }).fill(DEAL);
  await page.getByRole('button', { name: 'Play this deal' }).click();
  const hand = page.getByRole('group', { name: 'Your hand' });
  const refused = page.locator('.lobby [role="alert"]');
  await hand.or(refused).first().waitFor();
  if (await refused.count()) throw new Error(`the deal ${DEAL} was refused: ${await refused.first().textContent()}`);
}

/// Opens the round's replay from its summary and steps (→) to 60% of it,
/// a move at a time, as a person would: each step's card fades in and the
/// log follows before the next (steps faster than frames leave the log's
/// scroll and the cards' layers to timing).
async function replayOnward(page) {
  await page.getByRole('button', { name: 'Replay this round' }).click();
  await page.getByRole('heading', { name: /^Replay: round / }).waitFor();
  await page.keyboard.press('ArrowRight');
  const total = Number((await page.locator('.replay__step').textContent()).match(/of (\d+)/)[1]);
  for (let k = 2; k <= Math.floor(total * 0.6); k++) {
    await settle(page);
    await page.keyboard.press('ArrowRight');
  }
}

// The inputs as they are before the first picture (see readme-inputs.mjs).
const inputs = inputsHash();
const server = await serve('/');
const browser = await launch();
try {
  await mkdir(out, { recursive: true });

  const t = await open(browser, server, tablet);
  await shoot(t, 'tablet-lobby');
  await startDeal(t);
  await playTo(t, 'play', 3);
  await shoot(t, 'tablet-follow');
  await playTo(t, 'next');
  await shoot(t, 'tablet-round-summary');
  await replayOnward(t);
  await shoot(t, 'tablet-replay');
  await t.getByRole('button', { name: 'Close' }).click();
  await t.getByRole('button', { name: 'Next round' }).click();
  await playTo(t, 'play', 3);
  await shoot(t, 'tablet-table');
  expectNoProblems(t);

  const p = await open(browser, server, phone);
  await startDeal(p);
  await playTo(p, 'play', 2);
  await shoot(p, 'phone-table');
  await playTo(p, 'next');
  await replayOnward(p);
  await shoot(p, 'phone-replay');
  expectNoProblems(p);
  if (at < 0) {
    await writeFile(STAMP, `${inputs}\n`);
    console.log(`docs/screenshots/${STAMP.split('/').pop()}: taken from ${inputs.slice(0, 12)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
