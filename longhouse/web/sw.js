// The hall's service worker: it makes the hall installable (a phone's home screen), shows its Web Push notices,
// and keeps a copy of the app for when the network is gone — never in place of a newer one.
//
// - The app's code and pages are fetched network-first, revalidated with the server (``cache: "no-cache"``:
//   an ETag's 304 costs a round trip, a stale module never runs after an upgrade); the copy kept in this
//   release's cache is used only when the network fails. The API (/api/), the websockets (/ws/: a websocket
//   never passes through a service worker anyway), the metrics and anything not a GET are left alone.
// - VERSION is the release: the server (server/pwa.py) writes its fingerprint of the web files into the line
//   below when it serves /sw.js, so every upgrade is a new worker, which takes over at once and deletes the
//   caches of the releases before it.
const VERSION = "dev";
const CACHE = `longhouse-${VERSION}`;
/** @type {any} the worker's global scope (the page's type library has no ServiceWorkerGlobalScope) */
const sw = self;
const LEFT_ALONE = ["/api/", "/ws/", "/metrics", "/healthz", "/readyz", "/sw.js"];
const ICON = "/static/icons/icon-192.png";

sw.addEventListener("install", (event) => {
  // the one page every address of the hall shows, so that it opens offline too
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(new Request("/", { cache: "no-cache" })))
    .catch(() => undefined).then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("longhouse-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => sw.clients.claim()));
});

/** @param {Request} request */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(request)) || (request.mode === "navigate" ? await cache.match("/") : undefined);
    if (kept) return kept;
    throw error;
  }
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (LEFT_ALONE.some((start) => url.pathname.startsWith(start))) return;
  event.respondWith(networkFirst(request));
});

// A push: {title, body, url, tag} (server/push_channel.py), decrypted by the browser.
sw.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data ? event.data.text() : "" }; }
  const title = data.title || "Longhouse";
  event.waitUntil(sw.registration.showNotification(title, {
    body: data.body || "", tag: data.tag || undefined, icon: ICON, badge: ICON, data: { url: data.url || "/" },
  }));
});

// A tap on a notice: the hall's window that shows its page, else any of the hall's windows, else a new one.
sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const asked = new URL(event.notification.data?.url || "/", location.origin);
  const target = asked.origin === location.origin ? asked.href : `${location.origin}/`;  // the hall's pages only
  event.waitUntil(sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
    const same = windows.find((w) => w.url === target) || windows[0];
    if (!same) return sw.clients.openWindow(target);
    const focused = await same.focus();
    return focused.url === target ? focused : focused.navigate(target);
  }));
});

// The push service renewed the subscription (Firefox does): tell the hall, which moves the old one's choices.
sw.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil((async () => {
    const { key } = await (await fetch("/api/push")).json();
    const renewed = event.newSubscription
      || await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await fetch("/api/push/subscribe", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ subscription: renewed.toJSON(), replaces: event.oldSubscription?.endpoint }),
    });
  })());
});
