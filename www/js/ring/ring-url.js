// ring/ring-url.js: pure parsing and serialising of a ring view: the game fields (n, the step sets), the selected state, the page's query string, the element's attributes.

import { LAYOUT } from '../../pkg/layout.js';
import { clip, playbackAttributes, readPlayback, tokens, whole, writeQuery } from '../element/url.js';

const WHOLE = /^\d+$/;
const RANGE = /^(\d+)-(\d+)$/;

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
  if (LAYOUT.ring.player.includes(p) && pos >= LAYOUT.ring.firstPos) out.sel = { p, pos };
  return readPlayback(q, out);
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

/** The `<loopy-ring>` attributes for a view, as `name="value"` text (for embed snippets). */
export function elementAttributes(v) {
  const a = [`n="${v.game.n}"`, `s1="${formatSteps(v.game.s1)}"`, `s2="${formatSteps(v.game.s2)}"`, ...playbackAttributes(v)];
  if (v.sel) a.push(`selected="${v.sel.p}:${v.sel.pos}"`);
  return a.join(' ');
}
