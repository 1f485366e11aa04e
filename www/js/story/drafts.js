// story/drafts.js: the story writer's drafts kept in the browser's storage (named, each a story: its figure's tag and attributes and its paragraphs), and a story read back from its HTML (pasted, or a lesson's page) to edit: no page state.

import { cumulativeViews, parseSettings } from './settings.js';

/** The storage key of the drafts: one JSON object, draft name to draft. */
export const DRAFTS_KEY = 'loopy.story.drafts';

/** The figures a story may have. */
const FIGURES = ['loopy-ring', 'loopy-graph'];

/**
 * The drafts in `store` (a Storage): `{ name: { tag, attrs, paragraphs, saved } }`, the
 * malformed ones left out; an empty object when there are none; null when `store` cannot
 * be read (no storage here).
 */
export function readDrafts(store) {
  if (!store) return null;
  let all;
  try {
    all = JSON.parse(store.getItem(DRAFTS_KEY) ?? '{}');
  } catch {
    return {};
  }
  const out = {};
  if (!all || typeof all !== 'object') return out;
  for (const [name, d] of Object.entries(all)) {
    if (!d || !FIGURES.includes(d.tag) || typeof d.attrs !== 'object' || !Array.isArray(d.paragraphs)) continue;
    const paragraphs = d.paragraphs
      .filter((p) => p && typeof p.text === 'string' && p.settings && typeof p.settings === 'object')
      .map((p) => ({ settings: strings(p.settings), text: p.text }));
    out[name] = { tag: d.tag, attrs: strings(d.attrs), paragraphs, saved: Number(d.saved) || 0 };
  }
  return out;
}

/** Writes `drafts` to `store`; false when it cannot (no storage, or full). */
export function writeDrafts(store, drafts) {
  try {
    store.setItem(DRAFTS_KEY, JSON.stringify(drafts));
    return true;
  } catch {
    return false;
  }
}

/** An object's string values only (what an attribute or a setting can be). */
function strings(o) {
  const out = {};
  for (const [k, v] of Object.entries(o ?? {})) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
}

/**
 * The first `<loopy-story>` of HTML `html` (a story's markup pasted, or a lesson's whole page),
 * read without running anything in it (an inert document): `{ tag, attrs, paragraphs }` (its
 * figure's tag and attributes, each paragraph's data-loopy settings and text), or null when it
 * has no story with a Loopy figure.
 */
export function readStoryHtml(html) {
  const doc = new DOMParser().parseFromString(String(html ?? ''), 'text/html');
  const story = doc.querySelector('loopy-story');
  if (!story) return null;
  const kids = [...story.children];
  const fig = kids.find((e) => e.getAttribute('slot') === 'figure') ?? kids.find((e) => FIGURES.includes(e.localName));
  if (!fig || !FIGURES.includes(fig.localName)) return null;
  const attrs = {};
  for (const a of fig.attributes) if (a.name !== 'slot' && a.name !== 'id' && a.name !== 'class' && a.name !== 'style') attrs[a.name] = a.value;
  const els = kids.filter((e) => e !== fig && e.hasAttribute('data-loopy'));
  // Each paragraph written out in full (as the writer writes them): what the paragraphs before it set carries on.
  const views = cumulativeViews(
    { granularity: attrs.granularity ?? 'events' },
    els.map((e) => parseSettings(e.getAttribute('data-loopy'))),
  );
  const paragraphs = els.map((e, k) => ({
    settings: Object.fromEntries(Object.entries(views[k]).filter(([, v]) => v !== null)),
    text: e.textContent.replace(/\s+/g, ' ').trim(),
  }));
  return { tag: fig.localName, attrs, paragraphs };
}
