// The page as an app: it opens from the home screen without the address bar, and with the server away
// (the phone slept, the laptop moved) it still opens its last copy, which then reconnects by itself.
// Only the page itself is kept; the game's state always comes live from the server.
"use strict";
const CACHE = "moderator-page-v1";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin || url.pathname !== "/") return;
  e.respondWith(fetch(e.request).then((r) => {
    if (r.ok) { const copy = r.clone(); caches.open(CACHE).then((c) => c.put(e.request, copy)); }
    return r;
  }).catch(() => caches.match(e.request).then((r) => r || Response.error())));
});
