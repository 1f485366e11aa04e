// layout-worker.js: one drawing's layered layout by dagre, in a worker of its own: the graph worker ends it when the drawing is no longer wanted (a Cancel, a newer load), which a dagre call of seconds could not hear otherwise.

// dagre comes with this worker (one file once bundled: `cargo xtask dist`, only what the
// layout uses), which the graph worker starts on the first drawing only: a page that never
// draws a whole graph never fetches it.
import { graphlib, layout } from '../../vendor/dagre.esm.js';
import { layeredLayout } from './graph-layout.js';

self.addEventListener('message', ({ data }) => {
  try {
    postMessage({ layout: layeredLayout({ graphlib, layout }, data.ids, data.from, data.to) });
  } catch (e) {
    postMessage({ error: String(e?.message ?? e) });
  }
});
