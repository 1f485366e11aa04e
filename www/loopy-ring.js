// loopy-ring.js: the <loopy-ring> element for any page: import this module, then use the tag (its worker, wasm and rules are found next to it).

import { defineLoopyRing } from './js/ring/ring-element.js';

export { LoopyRing, predecessorIndex } from './js/ring/ring-element.js';

defineLoopyRing({
  worker: new URL('./js/workers/worker.js', import.meta.url),
  rules: new URL('./rules.html', import.meta.url),
  // The quiz is fetched only when it is first turned on (most readers never do).
  quiz: () => import('./js/element/quiz.js'),
});
