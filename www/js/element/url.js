// url.js: pure parsing and serialising of what both elements' views share: tokens, whole numbers, speeds and granularities, the playback part of a query string and of an element's attributes, reflected attributes (the ring's fields: ring/ring-url.js; the graph's: graph/graph-url.js).

import { LAYOUT } from '../../pkg/layout.js';

/** The granularity names, finest first (the core's). */
export const GRANULARITIES = LAYOUT.granularities;
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7];

const WHOLE = /^\d+$/;

/** The tokens of a field: split on commas and white space. */
export function tokens(text) {
  return String(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** At most 40 characters of a visitor's token, so an error message stays short. */
export function clip(t) {
  const s = String(t);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
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

/** The attributes of a view's playback (granularity, step, speed) as `name="value"` texts. */
export function playbackAttributes(v) {
  const a = [];
  if (v.g && v.g !== 'events') a.push(`granularity="${v.g}"`);
  if (v.step) a.push(`step="${v.step}"`);
  if (v.speed) a.push(`speed="${v.speed}"`);
  return a;
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
