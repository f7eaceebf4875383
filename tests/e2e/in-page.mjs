// Functions that run inside the page, shared by the Playwright tests
// (`page.evaluate(fn, arg)`) and the WebDriver tests (`session.execute`).
// Each one is self-contained (its source is sent to the browser) and takes
// at most one argument.

/// What the person at the screen can do now, decided in one look.
/// Returns one of: over, next, show, draw, reveal, play, wait.
export function whatNowInPage() {
  const byText = (t) =>
    [...document.querySelectorAll('button')].find(
      (b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent.trim()) === t,
    );
  if (byText('Rematch')) return 'over';
  if (byText('Next round')) return 'next';
  // The card a person just drew, shown to them before the cover: its OK.
  if (document.querySelector('.drawn__ok')) return 'seen';
  if (byText('Show my cards')) return 'show';
  if (byText('Draw from the draw pile')) return 'draw';
  if (document.querySelector('button[aria-label^="Reveal "]:not([disabled])')) return 'reveal';
  const hand = document.querySelector('[role="group"][aria-label="Your hand"]');
  if (hand && hand.querySelector('button:not([disabled])')) return 'play';
  return 'wait';
}

/// A compact, comparable picture of what the screen shows (for reloads).
export function snapshotInPage() {
  const text = (sel) =>
    [...document.querySelectorAll(sel)].map((e) => e.getAttribute('aria-label') ?? e.textContent.trim());
  return {
    status: text('.status'),
    hand: text('[role="group"][aria-label="Your hand"] button'),
    facedown: text('.facedown button'),
    piles: text('.pile__top [role="img"]'),
    draw: text('.draw__count'),
    seats: text('.seat'),
    pad: text('.scorepad__totals td'),
    mojo: text('.mojo'),
    handoff: text('.handoff h2'),
    summary: text('.summary__title'),
  };
}

/// The visible elements with ARIA role `role` whose accessible name is
/// `name` (a string, compared whole after collapsing white space, or
/// `{ re, flags }` for a regular expression), inside `within` (a CSS
/// selector) if given; `enabled` keeps only those not disabled; `hidden`
/// keeps hidden ones too (every one in the document).
/// A simplified accessible-name computation that covers this app:
/// aria-labelledby, aria-label, <label>, alt, then the text content.
export function findByRoleInPage({ role, name, within, enabled = false, hidden = false }) {
  const implicit = (el) => {
    const tag = el.tagName.toLowerCase();
    if (tag === 'button') return 'button';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'a' && el.hasAttribute('href')) return 'link';
    if (tag === 'dialog') return 'dialog';
    if (tag === 'img') return 'img';
    if (tag === 'input') {
      const type = (el.getAttribute('type') ?? 'text').toLowerCase();
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'button' || type === 'submit' || type === 'reset') return 'button';
      return 'textbox';
    }
    return null;
  };
  const roleOf = (el) => el.getAttribute('role')?.trim().split(/\s+/)[0] || implicit(el);
  const squash = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return squash(by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return squash(label);
    if (el.labels && el.labels.length) return squash([...el.labels].map((l) => l.textContent).join(' '));
    if (el.tagName === 'IMG') return squash(el.alt);
    return squash(el.textContent);
  };
  const visible = (el) => {
    if (el.closest('[aria-hidden="true"], [inert]')) return false;
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const matches = (n) => (typeof name === 'string' ? n === squash(name) : new RegExp(name.re, name.flags).test(n));
  const scope = within ? document.querySelector(within) : document;
  if (!scope) return [];
  return [...scope.querySelectorAll('*')].filter(
    (el) =>
      roleOf(el) === role &&
      (name === undefined || name === null || matches(nameOf(el))) &&
      (hidden || visible(el)) &&
      !(enabled && (el.disabled || el.getAttribute('aria-disabled') === 'true')),
  );
}

/// Pass-and-play's secret keeping, watched from inside the page: after
/// every change of the page (a MutationObserver) and every 100 ms, is a
/// hand in the page (the hand or the face-down row, the only places a
/// hidden card is ever drawn face up), and may it be? A hand may show only
/// in its owner's own turn: no other seat is to act (none outlined as
/// active), no round summary, no cover. Counts go to
/// `window.__hands` = { looks, shown, covered, bad: [...] }. Install it
/// as an init script (it runs again after every reload).
export function watchHandsInPage() {
  const s = { looks: 0, shown: 0, covered: 0, bad: [] };
  window.__hands = s;
  const look = () => {
    if (!document.querySelector('.table')) return;
    s.looks++;
    const hand = document.querySelector('[role="group"][aria-label="Your hand"], .facedown__row');
    if (!hand) {
      s.covered++;
      return;
    }
    s.shown++;
    const active = document.querySelector('.seat--active');
    const summary = document.querySelector('.summary');
    const cover = document.querySelector('.handoff, .pass');
    if (active || summary || cover) {
      s.bad.push({
        at: Math.round(performance.now()),
        whose: document.querySelector('.own__name')?.textContent,
        active: active?.querySelector('.seat__name')?.textContent ?? null,
        summary: !!summary,
        cover: !!cover,
      });
    }
  };
  const start = () => {
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    setInterval(look, 100);
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/// What the family table's small things look like, measured in the page
/// (tests/e2e/look.test.mjs and the WebDriver engines' test). Returns a
/// list of problems, each a sentence; empty when all is well:
/// - words cut off on the seats, in the top bar and the lobby;
/// - hints under 12 px (at 600 px and wider) or spilling out of their card;
/// - the score pad's names upside down or turned the wrong way;
/// - chart labels under 11 px on screen, or touching each other or the
///   plotting area.
export function lookProblemsInPage() {
  const problems = [];
  const wide = window.innerWidth >= 600;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const name = (el) => `${el.className.baseVal ?? el.className} "${el.textContent.trim().slice(0, 30)}"`;
  for (const el of document.querySelectorAll(
    '.seat__turn, .seat__thinking, .seat__level, .seat__last, .topbar__round, .topbar__target, .lobby__option > span, .menu__choice span, .pass__title, .take-back',
  )) {
    if (!visible(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`cut off: ${name(el)}`);
  }
  for (const el of document.querySelectorAll('.topbar__target')) {
    const lines = Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '16'));
    if (lines > 2) problems.push(`${lines} lines: ${name(el)}`);
  }
  for (const hint of document.querySelectorAll('.card__hint')) {
    const size = parseFloat(getComputedStyle(hint).fontSize);
    if (wide && size < 12) problems.push(`hint of ${size} px: ${name(hint)}`);
    const card = hint.closest('.card').getBoundingClientRect();
    const r = hint.getBoundingClientRect();
    const text = getComputedStyle(hint, '::after').content;
    if (r.left < card.left - 0.5 || r.right > card.right + 0.5 || r.top < card.top - 0.5 || r.bottom > card.bottom + 0.5)
      problems.push(`hint outside its card: ${text}`);
    if (hint.scrollWidth > hint.clientWidth + 1) problems.push(`hint overflows: ${text}`);
  }
  for (const span of document.querySelectorAll('.scorepad__table thead .scorepad__name')) {
    if (!visible(span)) continue;
    const th = span.closest('th');
    const cell = getComputedStyle(th);
    if (cell.writingMode !== 'horizontal-tb' || (cell.transform !== 'none' && cell.transform !== ''))
      problems.push(`a score pad cell is turned: ${name(span)}`);
    const turned = getComputedStyle(span).writingMode !== 'horizontal-tb';
    const r = span.getBoundingClientRect();
    if (turned && r.height < r.width && span.textContent.trim().length > 2)
      problems.push(`a name meant upright lies flat: ${name(span)}`);
  }
  for (const svg of document.querySelectorAll('.chart__svg')) {
    if (!visible(svg)) continue;
    const plot = svg.querySelector('.chart__plot').getBoundingClientRect();
    const labels = [...svg.querySelectorAll('.chart__label')];
    const rects = labels.map((l) => l.getBoundingClientRect());
    labels.forEach((l, i) => {
      const px = parseFloat(getComputedStyle(l).fontSize) * l.getScreenCTM().a;
      if (px < 10.95) problems.push(`chart label of ${px.toFixed(1)} px: ${l.textContent}`);
      const r = rects[i];
      const inPlot = r.right > plot.left + 0.5 && r.left < plot.right - 0.5 && r.bottom > plot.top + 0.5 && r.top < plot.bottom - 0.5;
      if (inPlot) problems.push(`chart label over the lines: ${l.textContent}`);
      for (let j = 0; j < i; j++) {
        const o = rects[j];
        if (r.right > o.left && r.left < o.right && r.bottom > o.top && r.top < o.bottom)
          problems.push(`chart labels touch: ${l.textContent} and ${labels[j].textContent}`);
      }
    });
  }
  return problems;
}

/// What a page shows, in a few words, for a wait's failure message: its
/// address, headings, open dialogs, the buttons one could press and what
/// the alerts and status lines say. Both harnesses add it to a wait's
/// failure (issue 38), with [`whatNowInPage`]'s answer as its `next`.
export function pictureInPage() {
  const shown = (e) => e.getClientRects().length && !e.closest('[aria-hidden="true"], [inert]');
  const text = (sel, n) =>
    [...document.querySelectorAll(sel)]
      .filter(shown)
      .map((e) => (e.getAttribute('aria-label') ?? e.textContent).replace(/\s+/g, ' ').trim().slice(0, 60))
      .filter(Boolean)
      .slice(0, n);
  return {
    at: location.pathname + location.search + location.hash,
    headings: text('h1, h2, h3', 6),
    dialogs: text('dialog[open] h2, [role="dialog"] h2', 3),
    buttons: text('button:not([disabled]), a.button', 16),
    said: text('[role="alert"], [role="status"]', 5),
  };
}
