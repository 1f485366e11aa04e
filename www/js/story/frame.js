// story/frame.js: the story page (story.html) that the story writer's iframe shows: the story its query describes, for hosts that take no scripts.

import { buildStory } from './build.js';
import { readStoryQuery } from './markup.js';
import '../../loopy-story.js';

const story = readStoryQuery(location.search);
await import(story.tag === 'loopy-graph' ? '../../loopy-graph.js' : '../../loopy-ring.js');
const allowed = customElements.get(story.tag).observedAttributes.filter((a) => a !== 'autoplay' && a !== 'present');
const fallback = 'The figure of this story: it needs JavaScript.';
document.getElementById('story').replaceChildren(buildStory({ ...story, fallback }, allowed));
