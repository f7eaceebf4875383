// Registers the service worker (static/sw.js) and tells the app when a new
// version is ready. A plain file rather than an inline script, so the
// Content-Security-Policy needs no 'unsafe-inline' and no hash.
//
// To the app (src/root.rs): `<html data-mojo-update="ready">` and a
// `mojo-update-ready` event on window when a new build is installed and
// waiting. From the app: a `mojo-apply-update` event on window makes the
// waiting worker take over, then this page reloads (the game in progress
// is saved after every action and resumes).
// Installing the app: the browser's offer (`beforeinstallprompt`, in
// Chromium-based browsers) is kept for the app's "Install" button. To the
// app: `<html data-mojo-install="ready">` and a `mojo-install-ready` event;
// from the app: `mojo-install` shows the browser's prompt; once it was
// answered (or the app installed) the attribute goes and `mojo-install-done`
// tells the app.
(() => {
  let offer = null;
  const done = () => {
    offer = null;
    document.documentElement.removeAttribute('data-mojo-install');
    window.dispatchEvent(new Event('mojo-install-done'));
  };
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offer = e;
    document.documentElement.setAttribute('data-mojo-install', 'ready');
    window.dispatchEvent(new Event('mojo-install-ready'));
  });
  window.addEventListener('mojo-install', () => {
    if (!offer) return;
    let asked;
    try {
      asked = offer.prompt();
    } catch (e) {
      asked = Promise.reject(e);
    }
    Promise.resolve(asked).catch(() => {}).then(done);
  });
  window.addEventListener('appinstalled', done);
})();

(() => {
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;
  // This file sits at the root of the build (Trunk's public URL): the
  // worker beside it, its scope that folder, whatever path the site has.
  const base = new URL('.', document.currentScript ? document.currentScript.src : window.location.href);
  let reloading = false;
  let registration = null;

  // A new version is a worker that waits behind another one that is
  // active. A first visit has no such other worker, and that is the only
  // sure way to tell the two apart: a browser may deliver the first
  // worker's 'installed' only after that same worker has claimed the page
  // (seen in Firefox: at that moment `controller` is set and
  // `reg.waiting` is still that worker, so "New version — reload" was
  // offered on a first visit, twice in CI).
  const announce = (reg) => {
    const waiting = reg.waiting;
    const active = reg.active;
    if (!waiting || !active || active === waiting || !sw.controller || sw.controller === waiting) return;
    document.documentElement.setAttribute('data-mojo-update', 'ready');
    window.dispatchEvent(new Event('mojo-update-ready'));
  };
  const watch = (reg) => {
    // Some browsers (or their settings) resolve without a registration.
    if (!reg) return;
    registration = reg;
    if (reg.waiting) announce(reg);
    reg.addEventListener('updatefound', () => {
      const next = reg.installing;
      if (!next) return;
      next.addEventListener('statechange', () => {
        if (next.state === 'installed') announce(reg);
      });
    });
  };

  sw.addEventListener('controllerchange', () => {
    if (reloading) window.location.reload();
  });
  window.addEventListener('mojo-apply-update', () => {
    reloading = true;
    const waiting = registration && registration.waiting;
    if (waiting) waiting.postMessage({ type: 'mojo-skip-waiting' });
    else window.location.reload();
  });
  // A tablet left open: look for a new version when it is back online or
  // shown again.
  const check = () => {
    if (registration && navigator.onLine) registration.update().catch(() => {});
  };
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });

  // Registered once the app has started (Trunk's loader announces it with
  // `TrunkApplicationStarted` when the .wasm is in and the first screen
  // drawn) and the page has loaded. The load event alone came too early:
  // Chromium fires it before the game's preloaded .wasm has arrived (on
  // Slow 4G at about 0.6 s, the .wasm at about 1.8 s), and the worker's
  // precache (the whole build again, the QR worker's files and the
  // languages too, about 330 KB) then competed with the game's own
  // download on a first visit (BENCHMARKS.md, "Start on a slow phone").
  const register = () => sw.register(new URL('sw.js', base), { scope: base.href }).then(watch, () => {});
  let started = false;
  let loaded = document.readyState === 'complete';
  const ready = () => {
    if (started && loaded) register();
  };
  window.addEventListener('TrunkApplicationStarted', () => {
    started = true;
    ready();
  }, { once: true });
  if (!loaded) {
    window.addEventListener('load', () => {
      loaded = true;
      ready();
    }, { once: true });
  }
})();
