// layout-worker.js: one drawing's layered layout by dagre, in a worker of its own: the graph worker ends it when the drawing is no longer wanted (a Cancel, a newer load), which a dagre call of seconds could not hear otherwise.

import { layeredLayout } from '../graph/graph-layout.js';

let dagre = null;

self.addEventListener('message', async ({ data }) => {
  try {
    // Loaded on the first drawing only: a page that never draws a whole graph never fetches it.
    dagre ||= await import('../../vendor/dagre.esm.js');
    postMessage({ layout: layeredLayout(dagre, data.ids, data.from, data.to) });
  } catch (e) {
    postMessage({ error: String(e?.message ?? e) });
  }
});
