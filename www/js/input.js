// input.js: the game fields, presets, random game and judge-format box, with their error messages.

import { parseN, parseSteps, fieldOf, formatSteps } from './url.js';

const $ = (id) => document.getElementById(id);

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

/** The texts of a game for the fields. */
export function gameTexts(g) {
  const t = (s) => (typeof s === 'string' ? s : formatSteps(s, ', '));
  return { n: String(g.n), s1: t(g.s1), s2: t(g.s2) };
}

/**
 * Wires the form. `app.requestGame(texts)` loads a game from field texts; `app.parse(text)`
 * resolves to { games } or { message }.
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
      $(`f-${f}-error`).textContent = message || '';
      if (message) field(f).setAttribute('aria-invalid', 'true');
      else field(f).removeAttribute('aria-invalid');
    },
    clearErrors() {
      for (const f of FIELDS) api.error(f, '');
    },
    /** The core's message, shown next to the field it is about. */
    coreError(message) {
      api.error(fieldOf(message), message);
    },
    /** Reads game texts: the game, or null (then, unless `quiet`, the errors show). */
    read(texts, quiet) {
      const n = parseN(texts.n);
      const s1 = parseSteps(texts.s1, 1);
      const s2 = parseSteps(texts.s2, 2);
      const bad = [['n', n], ['s1', s1], ['s2', s2]].filter(([, r]) => r.error);
      if (!quiet) {
        api.clearErrors();
        for (const [f, r] of bad) api.error(f, r.error);
      }
      return bad.length ? null : { n: n.value, s1: s1.value, s2: s2.value };
    },
  };

  $('game-form').addEventListener('submit', (e) => {
    e.preventDefault();
    app.requestGame(api.texts());
  });
  const list = $('preset-list');
  for (const p of PRESETS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = p.name;
    b.onclick = () => {
      const t = gameTexts(p);
      api.setTexts(t);
      app.requestGame(t);
    };
    list.append(b);
  }
  $('random').onclick = () => {
    const t = gameTexts(randomGame());
    api.setTexts(t);
    app.requestGame(t);
  };

  // Judge-format input: parse in the worker, then pick a game.
  const box = $('judge-input');
  const pick = $('judge-game');
  let games = [];
  const choose = (k) => {
    const t = gameTexts(games[k]);
    api.setTexts(t);
    app.requestGame(t);
  };
  $('judge-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const r = await app.parse(box.value);
    const err = $('judge-error');
    if (r.message) {
      err.textContent = r.message;
      box.setAttribute('aria-invalid', 'true');
      return;
    }
    err.textContent = '';
    box.removeAttribute('aria-invalid');
    games = r.games;
    pick.replaceChildren(
      ...games.map((g, k) => new Option(`Game ${k + 1}: n = ${g.n}, {${formatSteps(g.s1, ', ')}} vs {${formatSteps(g.s2, ', ')}}`.slice(0, 90), String(k))),
    );
    pick.hidden = false;
    document.querySelector('.judge-pick').hidden = false;
    choose(0);
  });
  pick.addEventListener('change', () => choose(Number(pick.value)));
  return api;
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
