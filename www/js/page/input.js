// input.js: the page's game fields, presets, random game and judge-format box, with their error messages.

import { errorText } from '../element/errors.js';
import { formatSteps, shortMessage } from '../element/url.js';
import { dropFile } from './check.js';
import { parseJudge, pickJudge } from './judge-client.js';
import { onWords, pageWords, put, t } from './page-lang.js';
import { $, fillPicker, markInvalid, presetButtons } from './page-parts.js';

/** The presets; `name` is the catalog key of the button's words (its {n} the preset's n). */
export const PRESETS = [
  { name: 'page.preset.sample1', n: 5, s1: [2, 3], s2: [1, 2, 3] },
  { name: 'page.preset.sample2', n: 8, s1: [2, 3, 4, 6], s2: [3, 6] },
  { name: 'page.preset.patchwork', n: 29, s1: [8, 13], s2: [4, 16, 28] },
  { name: 'page.preset.longArcs', n: 25, s1: [8, 9, 11], s2: [15, 18] },
  { name: 'page.preset.chase', n: 39, s1: [5], s2: [35] },
  { name: 'page.preset.bands', n: 2000, s1: [2, 6], s2: [7, 11, 1998] },
  { name: 'page.preset.everyStep', n: 7000, s1: '1-6999', s2: '1-6999' },
  { name: 'page.preset.million', n: 1000000, s1: [2, 6], s2: [7, 11, 999998] },
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
    /** Shows error `err` (the core's, by its code) next to field f ('n', 's1', 's2'), or clears it when null. */
    error(f, err) {
      say($(`f-${f}-error`), err ? () => errorText(pageWords(), err) : null);
      markInvalid(field(f), Boolean(err));
    },
    clearErrors() {
      for (const f of FIELDS) api.error(f, null);
    },
    /** Errors as data ({ field, message }), each by its field; those without one go by n. */
    showErrors(errors) {
      api.clearErrors();
      for (const e of errors) api.error(FIELDS.includes(e.field) ? e.field : 'n', e);
    },
  };

  $('game-form').addEventListener('submit', (e) => {
    e.preventDefault();
    app.requestGame(api.texts());
  });
  const list = $('preset-list');
  presetButtons(
    list,
    PRESETS,
    (p) => {
      const texts = gameTexts(p);
      api.setTexts(texts);
      app.requestGame(texts);
    },
    (p) => t(p.name, { n: p.n }),
  );
  $('random').onclick = () => {
    const texts = gameTexts(randomGame());
    api.setTexts(texts);
    app.requestGame(texts);
  };

  // Judge-format input: read in the worker (pasted, or a file opened or dropped on the
  // box, which is never put in the box), then pick a game from a list or by number.
  const box = $('judge-input');
  const pick = $('judge-game');
  const number = $('judge-number');
  /** How many games the picker lists (0: none, or a number box). */
  let gamesListed = 0;
  const listGames = (value) =>
    fillPicker(
      pick,
      Array.from({ length: gamesListed }, (_, k) => [t('page.judge.gameK', { k: k + 1 }), String(k)]),
      value,
    );
  onWords(() => gamesListed && listGames(pick.value));
  /** Shows game k (0-based) of the input read; resolves to whether a load of it started (false: it is on screen already). */
  /** Shows game k of the input read; `asking()` is called just before the element is asked for it (what waits for that load starts there). */
  api.choose = async (k, asking) => {
    const { game } = await pickJudge(app.client(), k);
    if (!game) return false;
    const texts = gameTexts(game);
    api.setTexts(texts);
    if (number.hidden) pick.value = String(k);
    else number.value = String(k + 1);
    asking?.();
    return app.requestGame(texts, k);
  };
  const read = async (source) => {
    const r = await parseJudge(app.client(), source);
    const err = $('judge-error');
    if (r.error) {
      say(err, () => errorText(pageWords(), r.error));
      markInvalid(box, true);
      return;
    }
    say(err, null);
    markInvalid(box, false);
    const T = r.count;
    const listed = T <= LIST_MAX;
    pick.hidden = !listed;
    document.querySelector('.judge-pick').hidden = !listed;
    number.hidden = listed;
    put($('judge-count'), () =>
      typeof source === 'string' ? t('page.judge.count', { count: T }) : t('page.judge.countFile', { count: T, file: source.name }),
    );
    gamesListed = listed ? T : 0;
    if (listed) {
      listGames('0');
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

/** Puts an error (`message()` in the page's words, or null to clear) in its live region, short (shortMessage); the whole of a long one in its title. */
function say(region, message) {
  if (!message) {
    put(region, '');
    put(region, '', 'title');
    return;
  }
  put(region, () => shortMessage(message()).text);
  put(region, () => (shortMessage(message()).cut ? message() : ''), 'title');
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
