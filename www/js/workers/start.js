// workers/start.js: starts a module worker from any origin: from its own URL when it shares the page's origin, else from a same-origin blob: that imports the worker's absolute URL. Never throws: a worker that could not start says so by its error event (start-failed.js finds out why).

/**
 * Starts the worker an entry describes as `(Worker) => new Worker(new URL('./w.js', import.meta.url), { type: 'module' })`:
 * written so, bundlers such as Vite see the literal, bundle the worker and write its URL there; the `Worker` it is
 * called with is this module's, which starts that URL from whichever origin. Returns `{ worker, url }`: the Worker
 * (null when none could be made: a browser without module workers, or a policy that throws) and its absolute URL.
 */
export function startWorker(describe) {
  const started = { worker: null, url: null };
  try {
    started.worker = describe(function Start(url, options) {
      const abs = new URL(url, location.href);
      started.url = abs;
      if (abs.origin === location.origin) return new globalThis.Worker(abs, options);
      // A worker's script must have the page's origin: a blob: has it, and imports the worker's module (with
      // CORS), which then finds its own files (its wasm, its lazy modules) from its own import.meta.url. (The
      // blob is a line of text, kept for the page's life: a worker may still be reading it.)
      const blob = new Blob([`import ${JSON.stringify(abs.href)};`], { type: 'text/javascript' });
      return new globalThis.Worker(URL.createObjectURL(blob), { ...options, type: 'module' });
    });
  } catch {
    // No worker: the caller finds out why.
  }
  return started;
}
