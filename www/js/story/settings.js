// story/settings.js: a story paragraph's data-loopy settings read and written, and each paragraph's view (the settings up to it, cumulative): pure, no DOM.

/** Keys that belong to one paragraph only: the next paragraph does not inherit them. */
export const OWN_KEYS = ['caption', 'highlight'];

/**
 * Reads `data-loopy` text: `key=value` pairs separated by white space; a value with spaces
 * is quoted with ' or " (`caption='Position 5 is decided.'`). Keys are lower-cased; a
 * word without `=` is a key with an empty value (`autoplay`). Returns a plain object.
 */
export function parseSettings(text) {
  const out = {};
  const re = /([A-Za-z][\w-]*)(?:=(?:'([^']*)'|"([^"]*)"|(\S*)))?/g;
  for (const m of String(text ?? '').matchAll(re)) {
    out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** Writes settings as `parseSettings` reads them (values with spaces or quotes are quoted). */
export function formatSettings(settings) {
  return Object.entries(settings)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => {
      const s = String(v);
      if (s !== '' && !/[\s'"]/.test(s)) return `${k}=${s}`;
      return s.includes("'") ? `${k}="${s.replaceAll('"', '')}"` : `${k}='${s}'`;
    })
    .join(' ');
}

/**
 * Each paragraph's view: the figure's own settings (`initial`, null for an attribute it
 * does not have) overlaid by every paragraph's settings up to and including that one,
 * except the keys of `OWN_KEYS`, which only their own paragraph has. `step` keeps `end`
 * as it is (the figure numbers it once its granularity is in place).
 */
export function cumulativeViews(initial, paragraphs) {
  const views = [];
  let carried = { ...initial };
  for (const own of paragraphs) {
    const next = { ...carried };
    for (const [k, v] of Object.entries(own)) if (!OWN_KEYS.includes(k)) next[k] = v;
    carried = next;
    const view = { ...next };
    for (const k of OWN_KEYS) view[k] = own[k] ?? null;
    views.push(view);
  }
  return views;
}

/**
 * The keys a figure's view sets, in the order they are applied: everything else first
 * (a game attribute re-solves), then `granularity` (steps are numbered at it), `step` last.
 */
export function applyOrder(view) {
  const late = ['granularity', 'step', 'selected'];
  return [...Object.keys(view).filter((k) => !late.includes(k) && !OWN_KEYS.includes(k)), ...late.filter((k) => k in view)];
}

/** The step a view asks for, given the figure's `length` at its granularity: `end` is the last step; missing or bad is 0. */
export function stepOf(value, length) {
  if (value === 'end') return length;
  const m = Number.parseInt(value ?? '0', 10);
  return Number.isFinite(m) && m >= 0 ? Math.min(m, length) : 0;
}

/**
 * Which paragraph the reader is at: the last one whose top is above the line at `middle`
 * (tops in viewport pixels, in the text's order), or -1 before the first.
 */
export function activeIndex(tops, middle) {
  let k = -1;
  for (let i = 0; i < tops.length; i++) if (tops[i] <= middle) k = i;
  return k;
}
