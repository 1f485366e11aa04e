// sw.js: the service worker of Loopy's pages (index.html, graph.html, the lessons): on the first visit every file they may load is cached (offline.json lists them), so that a class that loses its network keeps every feature; a new version's files replace the cache on the next visit online. Only pages that opt in (offline.js) are served from the cache.

/**
 * The manifest next to this file, written by `cargo xtask build` (for www/) and `cargo xtask
 * dist` (for the built site, whose file names and chunks differ): `{ version, immutable, files }`,
 * the files relative to it. `immutable` (the built site: its folder's name changes with any
 * byte) means a cached file is never stale, so the cache answers first; otherwise (www/, edited
 * in place) the network answers first and the cache is the fallback.
 */
const MANIFEST = new URL('offline.json', self.location.href).href;
/** The versioned caches' names start with this; one per version, the others deleted once it is whole. */
const PREFIX = 'loopy-offline ';
/** The pages that opted in (their paths), kept across the worker's restarts. */
const PAGES_CACHE = 'loopy-offline-pages';
const PAGES_KEY = new URL('offline-pages.json', self.location.href).href;

/** The current manifest (read at most once per refresh). */
let manifest = null;
/** The refresh under way, so that two navigations do not fetch the whole site twice. */
let refreshing = null;

/** A page's path as stored: its directory's URL means its index.html. */
const pagePath = (url) => {
  const u = new URL(url);
  return u.pathname.endsWith('/') ? `${u.pathname}index.html` : u.pathname;
};

/** The pages that opted in: the site's own (the manifest's `pages`) and those that asked (offline.js). */
async function optedPages() {
  const cache = await caches.open(PAGES_CACHE);
  const stored = await cache.match(PAGES_KEY);
  const asked = stored ? await stored.json() : [];
  if (!manifest) await current();
  const own = (manifest?.pages ?? []).map((p) => pagePath(new URL(p, MANIFEST)));
  return new Set([...asked, ...own]);
}

/** Only the pages that asked are stored (the manifest's own come with each version). */
async function askedPages() {
  const stored = await (await caches.open(PAGES_CACHE)).match(PAGES_KEY);
  return new Set(stored ? await stored.json() : []);
}

async function optIn(url) {
  const pages = await askedPages();
  const path = pagePath(url);
  if (!pages.has(path) && !(await optedPages()).has(path)) {
    pages.add(path);
    const cache = await caches.open(PAGES_CACHE);
    await cache.put(PAGES_KEY, new Response(JSON.stringify([...pages]), { headers: { 'Content-Type': 'application/json' } }));
  }
  // A post's own page is not in the manifest: it is kept too (the manifest's are there already).
  const name = await refresh();
  if (name && !(await caches.match(new URL(path, url).href, { ignoreSearch: true }))) {
    const res = await fetch(new URL(path, url).href, { cache: 'no-cache' }).catch(() => null);
    if (res?.ok) await (await caches.open(name)).put(new URL(path, url).href, res);
  }
}

/**
 * Makes the cache of the manifest's version whole (every file fetched, or none kept), then
 * deletes the other versions' caches. Resolves to the current cache's name, or null when the
 * manifest cannot be read (offline: the cache there is kept as it is).
 */
function refresh() {
  refreshing ??= (async () => {
    try {
      const res = await fetch(MANIFEST, { cache: 'no-cache' });
      if (!res.ok) return current();
      manifest = await res.json();
      const name = `${PREFIX}${manifest.version}`;
      const names = await caches.keys();
      if (!names.includes(name) || !(await (await caches.open(name)).match(MANIFEST))) {
        const cache = await caches.open(name);
        const urls = manifest.files.map((f) => new URL(f, MANIFEST).href);
        // `no-cache`: a file the HTTP cache holds from an older version is checked with the server first.
        await cache.addAll(urls.map((u) => new Request(u, { cache: 'no-cache' })));
        // The manifest last: its presence says the cache is whole.
        await cache.put(MANIFEST, new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/json' } }));
      }
      for (const other of names) if (other.startsWith(PREFIX) && other !== name) await caches.delete(other);
      return name;
    } catch {
      return current();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** The name of the newest whole cache, or null. */
async function current() {
  for (const name of (await caches.keys()).reverse()) {
    if (!name.startsWith(PREFIX)) continue;
    const stored = await (await caches.open(name)).match(MANIFEST);
    if (stored) {
      manifest ??= await stored.json();
      return name;
    }
  }
  return null;
}

self.addEventListener('install', (event) => {
  event.waitUntil(refresh().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // The page that registered it is served from now on, not from its next load.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'loopy-offline' || typeof event.data.page !== 'string') return;
  // The page hears when it can go offline (its cache whole, itself opted in).
  const done = optIn(event.data.page).then(async () => {
    const name = await current();
    if (name) event.source?.postMessage({ type: 'loopy-offline', version: name.slice(PREFIX.length) });
  });
  event.waitUntil(done);
});

/** Whether a request's client (the page, or a worker it started) is served from the cache. */
async function served(event) {
  // A worker's own script is fetched before the worker is a client: it is served when it is one of the site's files.
  if (/worker$/.test(event.request.destination)) return listed(event.request.url);
  const client = event.clientId ? await self.clients.get(event.clientId) : null;
  if (!client) return false;
  // A worker is one of the site's own (its files are the manifest's): its wasm and modules are the same bytes.
  if (client.type === 'worker') return true;
  return (await optedPages()).has(pagePath(client.url));
}

/** Whether `url` is one of the manifest's files (its query aside). */
async function listed(url) {
  if (!manifest) await current();
  const path = new URL(url).pathname;
  return (manifest?.files ?? []).some((f) => new URL(f, MANIFEST).pathname === path);
}

/**
 * The cached copy of `request` in any version's cache, or undefined. A query is ignored: the
 * site is static files, the same bytes whatever the query (a worker's `?judge` says which part it plays).
 */
const cached = (request) => caches.match(request, { ignoreSearch: true });

/** The network's answer, kept in the current cache when it is good; the cached copy when the network fails. */
async function networkFirst(request, page) {
  try {
    const res = await fetch(request);
    if (res.ok && request.method === 'GET' && new URL(request.url).origin === self.location.origin) {
      const name = await current();
      if (name) {
        const copy = res.clone();
        caches.open(name).then((c) => c.put(page ? pagePath(request.url) : request, copy));
      }
    }
    return res;
  } catch (error) {
    const hit = await cached(page ? new URL(pagePath(request.url), request.url).href : request);
    if (hit) return hit;
    throw error;
  }
}

async function cacheFirst(request, page) {
  const hit = await cached(page ? new URL(pagePath(request.url), request.url).href : request);
  return hit ?? networkFirst(request, page);
}

async function answer(event) {
  const { request } = event;
  const page = request.mode === 'navigate';
  if (page ? !(await optedPages()).has(pagePath(request.url)) : !(await served(event))) return fetch(request);
  // A visit to a page online is when a new version is looked for.
  if (page) event.waitUntil(refresh());
  if (!manifest) await current();
  return manifest?.immutable ? cacheFirst(request, page) : networkFirst(request, page);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(event));
});
