// url.js: pure parsing and serialising of the view: the page's query string, the element's attributes, the game fields.

import { LAYOUT } from '../../pkg/layout.js';

/** The granularity names, finest first (the core's). */
export const GRANULARITIES = LAYOUT.granularities;
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7];

const WHOLE = /^\d+$/;
const RANGE = /^(\d+)-(\d+)$/;

/** The tokens of a field: split on commas and white space. */
export function tokens(text) {
  return String(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * A parse error: `{ error, code, params }`, the English `error` and, for the reader's
 * language, the catalog's `error.CODE` with `params` (element/errors.js `errorText`).
 */
function failed(error, code, params = {}) {
  return { error, code, params };
}

/** `n` from a field: `{ value }`, or `{ error, code, params }` when the text is not one whole number. */
export function parseN(text) {
  const t = tokens(text);
  if (t.length === 0) return failed('n is missing: type a whole number such as 12', 'attr.nMissing');
  if (t.length > 1) {
    const shown = clip(t.join(' '));
    return failed(`n must be one number, not ${t.length} (“${shown}”)`, 'attr.nCount', { found: t.length, tokens: shown });
  }
  if (!WHOLE.test(t[0])) return failed(`n must be a whole number, not “${clip(t[0])}”`, 'attr.nNotWhole', { token: clip(t[0]) });
  return { value: Number(t[0]) };
}

/**
 * A step set from a field (`a-b` is a range): `{ value: Uint32Array }`, or `{ error, code, params }` naming
 * the bad token. At most `limit` steps in all (the core's largest n: no valid set is longer),
 * counted before anything is allocated, so a huge range costs nothing.
 */
export function parseSteps(text, player, limit = LAYOUT.maxN) {
  const parts = [];
  let total = 0;
  for (const t of tokens(text)) {
    const r = RANGE.exec(t);
    let a;
    let b;
    if (r) {
      [a, b] = [Number(r[1]), Number(r[2])];
      if (a > b) {
        const token = clip(t);
        return failed(`player ${player}'s range “${token}” runs backwards: write the smaller number first`, 'attr.rangeBackwards', { player, token });
      }
    } else if (WHOLE.test(t)) {
      a = b = Number(t);
    } else {
      const token = clip(t);
      return failed(`player ${player}'s steps must be whole numbers, not “${token}”`, 'attr.stepsNotWhole', { player, token });
    }
    total += b - a + 1;
    if (total > limit) {
      const error = `player ${player} has too many steps: at most ${limit.toLocaleString('en-US')} in all`;
      return failed(error, 'attr.tooManySteps', { player, limit });
    }
    parts.push(a, b);
  }
  const value = new Uint32Array(total);
  let k = 0;
  for (let i = 0; i < parts.length; i += 2) {
    // Numbers past 2^32 cannot be steps; keep them visible to the core's range check.
    for (let x = parts[i]; x <= parts[i + 1]; x++) value[k++] = Math.min(x, 0xffffffff);
  }
  return { value };
}

/** At most 40 characters of a visitor's token, so an error message stays short. */
export function clip(t) {
  const s = String(t);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * A message for a live region: at most `max` characters, cut at a word and ended with
 * `…` when longer (a screen reader reads all of it, at every change). `cut` says whether
 * it was; then the page keeps the whole text in a title.
 */
export function shortMessage(message, max = 120) {
  const s = String(message);
  if (s.length <= max) return { text: s, cut: false };
  const head = s.slice(0, max);
  const space = head.lastIndexOf(' ');
  return { text: `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.:;(]+$/, '')}…`, cut: true };
}

/** Steps as text, runs of three or more as ranges: [1, 2, 3, 7] → "1-3,7". */
export function formatSteps(steps, sep = ',') {
  const out = [];
  for (let k = 0; k < steps.length; ) {
    let e = k;
    while (e + 1 < steps.length && steps[e + 1] === steps[e] + 1) e++;
    if (e - k >= 2) out.push(`${steps[k]}-${steps[e]}`);
    else for (let m = k; m <= e; m++) out.push(String(steps[m]));
    k = e + 1;
  }
  return out.join(sep);
}

/** The nearest speed level (steps per second) to `v`, or `fallback` when `v` is no number. */
export function snapSpeed(v, fallback) {
  const x = Number(v);
  if (!(x > 0) || !Number.isFinite(x)) return fallback;
  let best = SPEEDS[0];
  for (const s of SPEEDS) if (Math.abs(Math.log(s / x)) < Math.abs(Math.log(best / x))) best = s;
  return best;
}

/** A whole number from text, clamped to what a step counter can hold; undefined when malformed. */
export function whole(v) {
  return v !== null && v !== undefined && WHOLE.test(v) ? Math.min(Number(v), Number.MAX_SAFE_INTEGER) : undefined;
}

/** A selected state from `"2:4"` (player 2, position 4), or null. */
export function parseSelected(text) {
  const m = /^([12]):(\d+)$/.exec(String(text ?? '').trim());
  return m && Number(m[2]) > 0 ? { p: Number(m[1]), pos: Number(m[2]) } : null;
}

/**
 * The view a query string asks for. Game fields stay as raw text (the element validates
 * them and shows its errors); everything else is checked here and left out when malformed.
 */
export function parseQuery(search) {
  const q = new URLSearchParams(search);
  const out = {};
  if (q.has('n') || q.has('s1') || q.has('s2')) {
    out.game = { n: q.get('n') ?? '', s1: q.get('s1') ?? '', s2: q.get('s2') ?? '' };
  }
  const p = whole(q.get('p'));
  const pos = whole(q.get('pos'));
  if ((p === 1 || p === 2) && pos > 0) out.sel = { p, pos };
  return readPlayback(q, out);
}

/**
 * The playback part of a view that both pages' links share (step, speed, granularity,
 * autoplay, embed, present), read from the query `q` into `out` (malformed values left out).
 */
export function readPlayback(q, out) {
  const step = whole(q.get('step'));
  if (step !== undefined) out.step = step;
  const speed = snapSpeed(q.get('speed'), undefined);
  if (speed !== undefined) out.speed = speed;
  if (GRANULARITIES.includes(q.get('g'))) out.g = q.get('g');
  out.autoplay = q.get('autoplay') === '1';
  out.embed = q.get('embed') === '1';
  out.present = q.get('present') === '1';
  return out;
}

/**
 * A query string written in order: `write(view)` calls `add(key, value)` for each
 * parameter (`playback(view)` adds the shared ones, `flags(view)` autoplay, embed and present);
 * the result has its `?`, and commas stay readable.
 */
export function writeQuery(write) {
  const parts = [];
  const add = (k, x) => parts.push(`${k}=${encodeURIComponent(String(x)).replace(/%2C/g, ',')}`);
  write(add, {
    playback(v) {
      if (v.g && v.g !== 'events') add('g', v.g);
      if (v.step) add('step', v.step);
      if (v.speed) add('speed', v.speed);
    },
    flags(v) {
      if (v.autoplay) add('autoplay', 1);
      if (v.embed) add('embed', 1);
      if (v.present) add('present', 1);
    },
  });
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The query string (with its `?`) for a view; commas stay readable. */
export function serializeQuery(v) {
  return writeQuery((add, shared) => {
    if (v.game) {
      add('n', v.game.n);
      add('s1', formatSteps(v.game.s1));
      add('s2', formatSteps(v.game.s2));
    }
    shared.playback(v);
    if (v.sel) {
      add('p', v.sel.p);
      add('pos', v.sel.pos);
    }
    shared.flags(v);
  });
}

/** The attributes of a view's playback (granularity, step, speed) as `name="value"` texts. */
export function playbackAttributes(v) {
  const a = [];
  if (v.g && v.g !== 'events') a.push(`granularity="${v.g}"`);
  if (v.step) a.push(`step="${v.step}"`);
  if (v.speed) a.push(`speed="${v.speed}"`);
  return a;
}

/** The `<loopy-ring>` attributes for a view, as `name="value"` text (for embed snippets). */
export function elementAttributes(v) {
  const a = [`n="${v.game.n}"`, `s1="${formatSteps(v.game.s1)}"`, `s2="${formatSteps(v.game.s2)}"`, ...playbackAttributes(v)];
  if (v.sel) a.push(`selected="${v.sel.p}:${v.sel.pos}"`);
  return a.join(' ');
}

/**
 * Defines properties on an element class that reflect its attributes: `strings` as the
 * attribute's text (null removes it), `flags` as booleans (present or not). Both elements
 * reflect the same way, so the rule is written once.
 */
export function reflectAttributes(cls, strings, flags) {
  for (const name of strings) {
    Object.defineProperty(cls.prototype, name, {
      get() {
        return this.getAttribute(name);
      },
      set(v) {
        if (v === null || v === undefined) this.removeAttribute(name);
        else this.setAttribute(name, String(v));
      },
    });
  }
  for (const name of flags) {
    Object.defineProperty(cls.prototype, name, {
      get() {
        return this.hasAttribute(name);
      },
      set(v) {
        this.toggleAttribute(name, Boolean(v));
      },
    });
  }
}
