// story/frame.js: the story page (story.html) that the story writer's iframe shows: the story its query describes, in the language it names (the figure in the terms it names), for hosts that take no scripts; it tells its parent its height (embed/height.js).

import { addCatalogLoader, loadCatalog, resolveLang, words } from '../element/i18n.js';
import { reportHeight } from '../embed/height.js';
import { buildStory } from './build.js';
import { readStoryQuery } from './markup.js';
import '../../loopy-story.js';

const story = readStoryQuery(location.search);
// The post's language (lang=zh-CN): the page's own, so that the story and its figure speak it.
if (story.lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(story.lang)) document.documentElement.lang = story.lang;
addCatalogLoader('zh-CN', () => import('../i18n/zh-CN.js'));
const lang = document.documentElement.lang;
await loadCatalog(resolveLang(lang));
const w = words(lang);
document.title = w.t('story.page.title');
// Two literal imports, so that `cargo xtask dist` builds each figure's module with this page's (one instance of each).
if (story.tag === 'loopy-graph') await import('../../loopy-graph.js');
else await import('../../loopy-ring.js');
const allowed = customElements.get(story.tag).observedAttributes.filter((a) => a !== 'autoplay' && a !== 'present');
const fallback = w.t('story.page.fallback', { js: 'JavaScript' });
document.getElementById('story').replaceChildren(buildStory({ ...story, fallback }, allowed));
// In a post's iframe: the parent's lines (the share dialogs give them) make the frame as high as the story, at most 90 % of the post's viewport: the story scrolls inside.
reportHeight(true);
