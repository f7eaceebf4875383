// Mojo's service worker: the game opens with the network off after one
// visit.
//
// BUILD and FILES are written at build time by scripts/pwa-postbuild.mjs (a
// Trunk post_build hook): FILES is exactly the build's files, BUILD a hash
// of their contents, so every deploy changes these bytes and the browser
// installs the new worker. Never edit the two lines by hand.
//
// - install: precache FILES into the cache of this build (`mojo-<BUILD>`);
//   the new worker then waits until the page asks it to take over (the app
//   shows "New version — reload"), except on the very first visit.
// - activate: delete every other mojo-* cache, take control of open pages.
// - fetch: navigations network-first (falling back to the cached page);
//   the build's own files cache-first (hashed names; the cache is per build).
// Every URL is relative to this file, so the app works under any path.

const BUILD = 'dev';
const FILES = [];

const CACHE = `mojo-${BUILD}`;
const PAGE = './';
/// A navigation waits this long for the network before the cached page is
/// used (a tablet on a weak connection still opens at once).
const PATIENCE_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // `reload`: fresh from the server, never from the HTTP cache.
      cache.addAll([PAGE, ...FILES].map((f) => new Request(f, { cache: 'reload' }))),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('mojo-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'mojo-skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Network first, so a deploy is seen at once; the cached page offline
    // or when the network is too slow.
    // The page asked for (join.html, the phone's), else the game's.
    const cached = () =>
      caches
        .open(CACHE)
        .then((cache) => cache.match(request, { ignoreSearch: true, ignoreVary: true }).then((hit) => hit || cache.match(PAGE)));
    const network = fetch(request);
    const slow = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS)).then(cached);
    event.respondWith(
      Promise.race([network, slow.then((r) => r || network)])
        .catch(() => cached())
        .then((r) => r || Response.error()),
    );
    return;
  }
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
