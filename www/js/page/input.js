// input.js: the page's game fields, presets, random game and judge-format box, with their error messages.

import { formatSteps, shortMessage } from '../element/url.js';
import { dropFile } from './check.js';
import { $, fillPicker, markInvalid, presetButtons } from './page-parts.js';

export const PRESETS = [
  { name: 'Sample 1 (n = 5)', n: 5, s1: [2, 3], s2: [1, 2, 3] },
  { name: 'Sample 2 (n = 8)', n: 8, s1: [2, 3, 4, 6], s2: [3, 6] },
  { name: 'Patchwork (n = 29)', n: 29, s1: [8, 13], s2: [4, 16, 28] },
  { name: 'Long arcs (n = 25)', n: 25, s1: [8, 9, 11], s2: [15, 18] },
  { name: 'A 68-move chase (n = 39)', n: 39, s1: [5], s2: [35] },
  { name: 'Bands (n = 2000)', n: 2000, s1: [2, 6], s2: [7, 11, 1998] },
  { name: 'Every step (n = 7000)', n: 7000, s1: '1-6999', s2: '1-6999' },
  { name: 'A million (n = 1,000,000)', n: 1000000, s1: [2, 6], s2: [7, 11, 999998] },
];

const FIELDS = ['n', 's1', 's2'];
// Past this many games the judge box picks by number instead of a list.
const LIST_MAX = 200;

/** The texts of a game for the fields. */
export function gameTexts(g) {
  const t = (s) => (typeof s === 'string' ? s : formatSteps(s, ', '));
  return { n: String(g.n), s1: t(g.s1), s2: t(g.s2) };
}

/**
 * Wires the form. `app.requestGame(texts, k)` shows a game from field texts (game k of
 * the judge input, or none) and says whether a load started; `app.client` is the shared
 * worker client (the judge box is read there, off the main thread).
 */
export function setupInput(app) {
  const field = (f) => $(`f-${f}`);
  const api = {
    texts: () => Object.fromEntries(FIELDS.map((f) => [f, field(f).value])),
    setTexts(t) {
      for (const f of FIELDS) field(f).value = t[f];
    },
    /** Shows `message` next to field f ('n', 's1', 's2'), or clears it when empty. */
    error(f, message) {
      say($(`f-${f}-error`), message || '');
      markInvalid(field(f), Boolean(message));
    },
    clearErrors() {
      for (const f of FIELDS) api.error(f, '');
    },
    /** Errors as data ({ field, message }), each by its field; those without one go by n. */
    showErrors(errors) {
      api.clearErrors();
      for (const e of errors) api.error(FIELDS.includes(e.field) ? e.field : 'n', e.message);
    },
  };

  $('game-form').addEventListener('submit', (e) => {
    e.preventDefault();
    app.requestGame(api.texts());
  });
  const list = $('preset-list');
  presetButtons(list, PRESETS, (p) => {
    const t = gameTexts(p);
    api.setTexts(t);
    app.requestGame(t);
  });
  $('random').onclick = () => {
    const t = gameTexts(randomGame());
    api.setTexts(t);
    app.requestGame(t);
  };

  // Judge-format input: read in the worker (pasted, or a file opened or dropped on the
  // box, which is never put in the box), then pick a game from a list or by number.
  const box = $('judge-input');
  const pick = $('judge-game');
  const number = $('judge-number');
  /** Shows game k (0-based) of the input read; resolves to whether a load of it started (false: it is on screen already). */
  api.choose = async (k) => {
    const { game } = await app.client().pickJudge(k);
    if (!game) return false;
    const t = gameTexts(game);
    api.setTexts(t);
    if (number.hidden) pick.value = String(k);
    else number.value = String(k + 1);
    return app.requestGame(t, k);
  };
  const read = async (source) => {
    const r = await app.client().parseJudge(source);
    const err = $('judge-error');
    if (r.error) {
      say(err, r.error.message);
      markInvalid(box, true);
      return;
    }
    say(err, '');
    markInvalid(box, false);
    const T = r.count;
    const listed = T <= LIST_MAX;
    pick.hidden = !listed;
    document.querySelector('.judge-pick').hidden = !listed;
    number.hidden = listed;
    const what = `${T.toLocaleString('en-US')} game${T === 1 ? '' : 's'} read`;
    $('judge-count').textContent = typeof source === 'string' ? what : `${what} from ${source.name}`;
    if (listed) {
      fillPicker(
        pick,
        Array.from({ length: T }, (_, k) => [`Game ${k + 1}`, String(k)]),
        '0',
      );
    } else {
      number.max = String(T);
      number.value = '1';
    }
    app.judgeRead(T);
    api.choose(0);
  };
  $('judge-form').addEventListener('submit', (e) => {
    e.preventDefault();
    read(box.value);
  });
  const file = $('judge-file');
  file.addEventListener('change', () => file.files[0] && read(file.files[0]));
  dropFile(box, (f) => {
    box.value = '';
    read(f);
  });
  pick.addEventListener('change', () => api.choose(Number(pick.value)));
  number.addEventListener('change', () => {
    const k = Math.floor(Number(number.value));
    if (k >= 1 && k <= Number(number.max)) api.choose(k - 1);
  });
  return api;
}

/** Puts an error in its live region, short (shortMessage); the whole of a long one in its title. */
function say(region, message) {
  const { text, cut } = shortMessage(message);
  region.textContent = text;
  if (cut) region.title = message;
  else region.removeAttribute('title');
}

/** A small random game, n from 8 to 40, one to four steps each. */
export function randomGame() {
  const n = 8 + Math.floor(Math.random() * 33);
  const steps = () => {
    const k = 1 + Math.floor(Math.random() * 4);
    const s = new Set();
    while (s.size < k) s.add(1 + Math.floor(Math.random() * (n - 1)));
    return [...s].sort((a, b) => a - b);
  };
  return { n, s1: steps(), s2: steps() };
}
