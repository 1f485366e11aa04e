// page-pool.mjs: pages that one test file's tests pass on to each other, so that a test opens its page in a renderer
// that is already running instead of starting a new one.
//
// Why: the browser phase of `cargo xtask test` is CPU-bound on two cores, and most tests open a page. Opening the ring
// page in a fresh context until its ring is ready cost 1.5 to 1.65 CPU seconds here; in a page that is already open,
// sent to about:blank and then to the page, 0.53 to 0.62 (tests/tools/page-cpu.mjs measures both, 8 loads each).
//
// A page goes back to the pool only as a fresh context would be: on another document (about:blank, so that nothing of
// the test's document runs on), with no listener, route (a page's routes are undone), extra page or pressed key or
// button of the test's left, its viewport and timeouts set again by the next opener, and every origin it loaded cleared
// of its storage (local storage, IndexedDB, caches, cookies). What a pool cannot undo makes the page the test's own,
// and it is closed with its context as before: an init script the test adds (those the opener asks for are part of the
// pool's key), an exposed function, emulated media, a context listener or route, a permission, going offline, a second
// page, a clock. The HTTP cache stays, as it does for a reader who opens a second page; a test that counts what is
// downloaded asks for a fresh context (`openPage`'s `fresh`).

/** For each browser, the pages its tests gave back, by the key the opener gives (their init scripts and motion setting). */
const free = new WeakMap();

/** What a test may call on a pooled page's context or page that a pool cannot undo: it makes the page the test's own. */
const CONTEXT_OWNING = [
  'addCookies',
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'grantPermissions',
  'newPage',
  'on',
  'once',
  'addListener',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
  'setOffline',
];
const PAGE_OWNING = ['addInitScript', 'emulateMedia', 'exposeBinding', 'exposeFunction', 'routeFromHAR', 'routeWebSocket', 'setExtraHTTPHeaders'];

/**
 * A page of `browser` with its context, from the pool if one made for the same `key` is free, else in a new context
 * made by `create()`. `context.close()` gives it back rather than closing it, unless the test made it its own.
 */
export async function pooledPage(browser, key, create) {
  const byKey = free.get(browser) ?? new Map();
  free.set(browser, byKey);
  const kept = byKey.get(key) ?? [];
  byKey.set(key, kept);
  const entry = kept.pop() ?? (await track(await create(), kept));
  entry.owned = false;
  entry.origins.clear();
  return entry;
}

/** Wraps a new context and its one page so that the pool can take them back. */
async function track({ context, page }, kept) {
  const entry = { context, page, origins: new Set(), owned: false };
  const close = context.close.bind(context);
  for (const [target, names] of [
    [context, CONTEXT_OWNING],
    [page, PAGE_OWNING],
  ]) {
    for (const name of names) {
      const method = target[name]?.bind(target);
      if (!method) continue;
      target[name] = (...args) => {
        entry.owned = true;
        return method(...args);
      };
    }
  }
  for (const clock of [context.clock, page.clock]) {
    const install = clock.install.bind(clock);
    clock.install = (...args) => {
      entry.owned = true;
      return install(...args);
    };
  }
  context.close = async () => {
    if (await giveBack(entry)) kept.push(entry);
    else await close().catch(() => {});
  };
  return entry;
}

/** Resets the page for the next test; false when it cannot be (then the caller closes the context). */
async function giveBack(entry) {
  const { context, page } = entry;
  if (entry.owned || page.isClosed() || context.pages().length !== 1) return false;
  try {
    await page.removeAllListeners();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('about:blank');
    for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key);
    await page.mouse.up();
    await page.mouse.move(0, 0);
    const cdp = await context.newCDPSession(page);
    try {
      for (const origin of entry.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    } finally {
      await cdp.detach();
    }
    await context.clearCookies();
    return true;
  } catch {
    return false;
  }
}

/** Notes each origin the page loads from, so that giving it back clears their storage. */
export function noteOrigins(entry) {
  entry.page.on('request', (req) => {
    const { origin, protocol } = new URL(req.url());
    if (protocol === 'http:' || protocol === 'https:') entry.origins.add(origin);
  });
}
