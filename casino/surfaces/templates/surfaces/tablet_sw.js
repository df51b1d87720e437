// The tablet app's service worker: keeps the app's own files (its page, scripts and styles) so
// that a reload while the network is down still shows the app. The API is never cached here:
// the dealer's entries wait in the app's own queue (IndexedDB), never in this worker.
"use strict";

const CACHE = "tablet-app-{{ version }}";
const FILES = {{ files|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

// A page that was loading while this worker activated is not among those it took then: the
// page asks (app.js, keepAppOffline), and is taken, so that its own fetches of the app's files
// fall back on the kept copy too.
self.addEventListener("message", (event) => {
  if (event.data === "claim") event.waitUntil(self.clients.claim());
});

// The network first, so an online tablet always runs the release the server has; the kept copy
// when the network fails.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (!FILES.includes(path)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const fresh = await fetch(event.request);
      if (fresh.ok) await cache.put(path, fresh.clone());
      return fresh;
    } catch (error) {
      const kept = await cache.match(path);
      if (kept) return kept;
      throw error;
    }
  })());
});
