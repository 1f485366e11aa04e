// story/settings.js: a story paragraph's data-loopy settings read and written, and each paragraph's view (the settings up to it, cumulative): pure, no DOM.

/** Keys that belong to one paragraph only: the next paragraph does not inherit them. */
export const OWN_KEYS = ['caption', 'highlight'];

/**
 * The figure's attributes that belong to the page, not to a paragraph: presenter mode
 * (the figure would cover the post), autoplay (the story plays it) and the language (the
 * post's). A paragraph that names one is read without it.
 */
export const PAGE_KEYS = ['present', 'autoplay', 'lang'];

/** The parts of a figure a paragraph may outline (`highlight`): a ring's, as the README lists them. */
export const HIGHLIGHTS = ['ring', 'narration', 'controls', 'legend'];

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

/**
 * A paragraph's settings from its `data-loopy` text, read from a whitelist: the keys in
 * `keys` (the figure's attributes: its class's `observedAttributes`) less `PAGE_KEYS`,
 * plus `OWN_KEYS`; anything else (a prototype's key such as `constructor`, a typo, an
 * attribute of the page) is left out, and a `highlight` that names no part of `HIGHLIGHTS`
 * is dropped.
 */
export function readSettings(text, keys) {
  const out = {};
  for (const [k, v] of Object.entries(parseSettings(text))) {
    if (!OWN_KEYS.includes(k) && !(keys.includes(k) && !PAGE_KEYS.includes(k))) continue;
    if (k === 'highlight' && !HIGHLIGHTS.includes(v)) continue;
    out[k] = v;
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
 * The carried settings of paragraphs `from` on, after paragraph `from` changed (or came or
 * went): `carried[j]` is what paragraphs 0..j set, `OWN_KEYS` aside (the figure's own
 * settings not included: a view is `{ ...before, ...carried[j] }` and its paragraph's own
 * keys), recomputed in place from `owns` (each paragraph's settings). `carried` holds the
 * values before the change at the same indices (a paragraph added or removed spliced in or
 * out by the caller), so that the work stops at the first paragraph after `from` whose
 * carried settings come out as they were: every later one is unchanged too. An edit of one
 * paragraph costs the paragraphs up to where its settings stop mattering, not the story.
 * Returns the index it stopped at.
 */
export function recarry(carried, owns, from) {
  carried.length = owns.length;
  let prev = from > 0 ? carried[from - 1] : {};
  for (let j = from; j < owns.length; j++) {
    const next = { ...prev };
    for (const [k, v] of Object.entries(owns[j])) if (!OWN_KEYS.includes(k)) next[k] = v;
    if (j > from && same(carried[j], next)) return j;
    carried[j] = next;
    prev = next;
  }
  return owns.length;
}

/** Whether two settings objects hold the same keys and values (in any order). */
function same(a, b) {
  if (!a) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/**
 * The keys a figure's view sets, in the order they are applied: everything else first
 * (a game attribute re-solves), then `granularity` (steps are numbered at it), `step` last.
 */
export function applyOrder(view) {
  const late = ['granularity', 'step', 'selected'];
  return [...Object.keys(view).filter((k) => !late.includes(k) && !OWN_KEYS.includes(k)), ...late.filter((k) => k in view)];
}

/**
 * The step a view asks for, given the figure's `length` at its granularity: `end` is the
 * last step, a whole number (the whole value: digits only) is that step, up to the last;
 * missing or bad (`12abc`, `1e309`, `-3`, ` 4`) is 0.
 */
export function stepOf(value, length) {
  if (value === 'end') return length;
  if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) return 0;
  return Math.min(Number(value), length);
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

/** The longest a paragraph's transition lasts, in seconds, unless its author sets a speed. */
export const MAX_TRANSITION = 2;

/**
 * The speed (steps a second) of a transition of `steps` steps when the figure plays at
 * `speed`: the figure's own when it gets there within `MAX_TRANSITION` seconds, else
 * one that does (a story of 63 steps to `step=end` no longer keeps the reader 26 s).
 */
export function transitionSpeed(steps, speed) {
  return Math.max(speed > 0 ? speed : 1, steps / MAX_TRANSITION);
}

/**
 * The transition of paragraph `index` from step `from` to step `to` for a figure playing at
 * `speed`: `{ index, from, to, steps, speed, author }`, at the paragraph's own speed when its
 * settings `own` set one (`author`: the figure already plays at it), else at `transitionSpeed`.
 */
export function transitionPlan(index, from, to, own, speed) {
  const steps = Math.abs(to - from);
  const author = 'speed' in own;
  return { index, from, to, steps, speed: author ? speed : transitionSpeed(steps, speed), author };
}
