// What the tests of moves you can follow share (follow.test.mjs) with the
// measurement of long tasks while cards fly (measure-follow.mjs): recorders
// of flights and of WebAudio, a page opener and the lobby's set-up.

import assert from 'node:assert/strict';
import { openPage, whatNow, step } from './harness.mjs';

export function expectNoProblems(page) {
  assert.deepEqual(page.problems, [], 'no uncaught error or failed request');
}

/// Records every card the app sends flying: its class, its animation, its
/// offset, and which seat's tile (or the own area, or the draw pile) the
/// offset points back into.
export function recordFlights(geometry = true) {
  window.__flights = [];
  const where = (x, y) => {
    for (const el of document.querySelectorAll('[data-seat], .own, .draw__stack, .piles')) {
      const r = el.getBoundingClientRect();
      if (x >= r.left - 2 && x <= r.right + 2 && y >= r.top - 2 && y <= r.bottom + 2) {
        if (el.matches('[data-seat]')) return `seat ${el.dataset.seat}`;
        if (el.matches('.own')) return 'own';
        if (el.matches('.draw__stack')) return 'draw pile';
        return 'piles';
      }
    }
    return 'nowhere';
  };
  const look = (el) => {
    const cls = ['card--fly', 'card--fly-late'].find((c) => el.classList.contains(c));
    if (!cls || el.__seen) return;
    el.__seen = true;
    // Without `geometry` (a measurement of the page's own tasks), only when
    // and which: reading rects and styles here, at the end of the very task
    // that starts a flight, would force a style and layout pass into it.
    if (!geometry) {
      window.__flights.push({ t: performance.now(), cls });
      return;
    }
    // Its place without the animation's transform (which has begun).
    let x = 0;
    let y = 0;
    for (let e = el; e; e = e.offsetParent) {
      x += e.offsetLeft;
      y += e.offsetTop;
    }
    const r = { left: x - scrollX, top: y - scrollY, width: el.offsetWidth, height: el.offsetHeight };
    const dx = parseFloat(el.style.getPropertyValue('--fly-x'));
    const dy = parseFloat(el.style.getPropertyValue('--fly-y'));
    const seat = el.closest('[data-seat]');
    window.__flights.push({
      t: performance.now(),
      cls,
      animation: getComputedStyle(el).animationName,
      dx,
      dy,
      from: where(r.left + r.width / 2 + dx, r.top + r.height / 2 + dy),
      to: el.closest('[data-pile]') ? 'pile' : seat ? `seat ${seat.dataset.seat}` : el.closest('.own') ? 'own' : 'other',
      by: el.closest('.pile')?.querySelector('.pile__by')?.textContent ?? null,
    });
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.type === 'attributes') look(m.target);
      for (const n of m.addedNodes ?? []) if (n.nodeType === 1) look(n);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
}

/// Counts real WebAudio use: contexts made and sounds started.
export function recordAudio() {
  window.__audio = { contexts: 0, started: 0 };
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  window.AudioContext = class extends Ctx {
    constructor(...a) {
      super(...a);
      window.__audio.contexts++;
    }
  };
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...a) {
    window.__audio.started++;
    return start.apply(this, a);
  };
}

export const sounds = (page) =>
  page.evaluate(() => {
    const n = {};
    for (const m of performance.getEntriesByType('mark')) {
      if (m.name.startsWith('mojo-sound-')) n[m.name.slice(11)] = (n[m.name.slice(11)] ?? 0) + 1;
    }
    return { marks: n, ...window.__audio };
  });

/// A page of `build` (harness.mjs useBuild) with the recorders installed.
/// `geometry: false` records flights by time only (for a measurement).
export async function openFollowPage(build, url, { settings = {}, init = [], viewport, geometry = true } = {}) {
  const page = await openPage(build.browser, null, viewport);
  const ctx = page.context();
  await ctx.addInitScript((s) => {
    try {
      // Settings this test wants, where none of them is stored yet.
      const now = JSON.parse(localStorage.getItem('mojo.settings') ?? '{}');
      const missing = Object.keys(s).filter((k) => !(k in now));
      if (missing.length) localStorage.setItem('mojo.settings', JSON.stringify({ ...now, ...s }));
    } catch {}
  }, settings);
  await ctx.addInitScript(recordFlights, geometry);
  for (const f of [recordAudio, ...init]) await ctx.addInitScript(f);
  await page.goto(url);
  return page;
}

/// Sets the lobby's seats ([name, kind]) and, optionally, its target.
export async function setUpTable(page, seats, target) {
  const current = await page.locator('.lobby__seat').count();
  for (let i = current; i < seats.length; i++) await page.getByRole('button', { name: '+ Add a seat' }).click();
  for (let i = current; i > seats.length; i--) await page.locator('.lobby__seat').last().getByRole('button').click();
  for (const [i, [name, kind]] of seats.entries()) {
    await page.locator(`#seat-name-${i}`).fill(name);
    await page.locator(`#seat-kind-${i}`).selectOption(kind);
  }
  if (target) {
    await page.locator('.lobby__target').fill(String(target));
    await page.locator('.lobby__target').dispatchEvent('change');
  }
}

/// Plays the person's turns (first card) until `n` flights of bots' plays
/// were recorded.
export async function watchBots(page, n, maxSteps = 3000) {
  for (let i = 0; i < maxSteps; i++) {
    const flights = await page.evaluate(() => window.__flights.length);
    if (flights >= n) return;
    const what = await whatNow(page);
    if (what === 'over') return;
    await step(page, undefined, what);
    if (what === 'wait') await page.waitForTimeout(40);
  }
  throw new Error(`fewer than ${n} flights`);
}
