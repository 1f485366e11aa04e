// offline.js: opts the page that loads it into working offline: registers sw.js (next to this file) once the page has loaded, and asks it to serve this page from its cache. The site's pages load it; a post on the same site may too (see the README, "Offline").

const sw = navigator.serviceWorker;
// Not in a secure context (http:// other than localhost), or a browser without service workers: nothing to do.
if (sw && window.isSecureContext) {
  // The worker's URL from this module's own (a string, not `new URL('…', import.meta.url)`: that form is a worker's for bundlers).
  const url = import.meta.url.replace(/[^/?#]*([?#].*)?$/, 'sw.js');
  const optIn = (worker) => worker?.postMessage({ type: 'loopy-offline', page: location.href });
  // Once the worker has every file and this page: `data-loopy-offline` on <html> says which version.
  sw.addEventListener('message', (event) => {
    if (event.data?.type === 'loopy-offline') document.documentElement.dataset.loopyOffline = event.data.version;
  });
  const register = async () => {
    try {
      const reg = await sw.register(url, { scope: url.replace(/[^/]*$/, '') });
      // The worker that runs now, or the one that is being installed (it reads the message once active).
      optIn(reg.active ?? reg.waiting ?? reg.installing);
      sw.addEventListener('controllerchange', () => optIn(sw.controller));
    } catch (error) {
      // A host that does not serve sw.js, or a page outside its folder: the page works online as before.
      console.info('Loopy: this page will not work offline:', error.message);
    }
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
