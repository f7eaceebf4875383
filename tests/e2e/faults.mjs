// Faults raised as players would meet them, for the restore's tests
// (engines.mjs in three engines, devices.test.mjs across devices).
//
// A real wasm trap, raised from a task of the page (not inside the test's
// own script, which would catch it; in Firefox a WebDriver script even
// runs in a sandbox of its own, whose errors the page never sees). This
// init script of the page (the test server's for WebDriver, Playwright's
// addInitScript) keeps the wasm's exports from Trunk's
// `TrunkApplicationStarted` event and calls one of wasm-bindgen's closure
// shims with pointers past the end of memory, from a timer.
//
// And a real Rust panic, as a page translator or an extension that moves
// the page's nodes causes one: the first line of the game log is wrapped
// in a <font> element. Yew adds the next line before it, in the log's
// list, where it no longer is: `insertBefore` fails and Yew panics
// ("failed to insert node before next sibling"). The app's panic hook
// stores the text, and the abort that follows is a trap.
export const HOLD_EXPORTS = `addEventListener('TrunkApplicationStarted', (e) => {
    const wasm = e.detail.wasm;
    const name = Object.keys(wasm).find((k) => /closures.*invoke/.test(k) && typeof wasm[k] === 'function');
    window.__e2eRaiseTrap = () => {
      if (!name) return 'no closure shim among ' + Object.keys(wasm).length + ' exports';
      window.__e2eTrapAt = Date.now();
      setTimeout(() => wasm[name](0xfffffff0, 0xfffffff0, 0, 0), 0);
      return name;
    };
  });
  // The last pointer events and clicks the page met (their time stamps
  // beside the page's clock, and whether the app took them), told by a
  // restore's wait that times out.
  window.__e2eTaps = [];
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    addEventListener(type, (e) => {
      const at = performance.now();
      const t = e.target instanceof Element ? e.target.closest('button') ?? e.target : null;
      window.__e2eTaps = [...window.__e2eTaps.slice(-5), { type, stamp: Math.round(e.timeStamp), at: Math.round(at), detail: e.detail, on: t?.getAttribute('aria-label') ?? t?.className ?? null }];
    }, true);
  }
  window.__e2eMoveTheLog = () => {
    const line = document.querySelector('.log__lines > li:first-child');
    if (!line) return 'no line in the log';
    window.__e2eTrapAt = Date.now();
    const font = document.createElement('font');
    line.replaceWith(font);
    font.append(line);
    return 'moved';
  };`;

/// Raises the trap in a task of a WebDriver page (`AppPage`, its init
/// script holding HOLD_EXPORTS); the export's name.
export async function raiseTrap(page) {
  const how = await page.eval(() => (window.__e2eRaiseTrap ? window.__e2eRaiseTrap() : 'the app did not start'));
  if (!/closures.*invoke/.test(how)) throw new Error(`no trap raised: ${how}`);
  return how;
}
