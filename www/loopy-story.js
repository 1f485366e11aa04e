// loopy-story.js: the <loopy-story> element for any page: one <loopy-ring> or <loopy-graph> (slot="figure") follows the reader's scroll through the paragraphs' data-loopy settings. Import this module and the figure's own (loopy-ring.js or loopy-graph.js).

import { defineLoopyStory } from './js/story/story-element.js';

export { cumulativeViews, formatSettings, parseSettings } from './js/story/settings.js';
export { LoopyStory } from './js/story/story-element.js';

defineLoopyStory();
