// loopy-story.js: the <loopy-story> element for any page: one <loopy-ring> or <loopy-graph> (slot="figure") follows the reader's scroll through the paragraphs' data-loopy settings. Import this module and the figure's own (loopy-ring.js or loopy-graph.js).

import { addCatalogLoader } from './js/element/i18n.js';
import { defineLoopyStory } from './js/story/story-element.js';

export { registerTranslation } from './js/element/i18n.js';
export { cumulativeViews, formatSettings, MAX_TRANSITION, parseSettings, transitionSpeed } from './js/story/settings.js';
export { LoopyStory } from './js/story/story-element.js';

// The Chinese words are fetched only for a reader whose language is Chinese.
addCatalogLoader('zh-CN', () => import('./js/i18n/zh-CN.js'));

defineLoopyStory({ present: () => import('./js/story/present.js') });
