// page.js: the Loopy page: one <loopy-ring> plus its panels (inputs, inspector, judge output, share) and the URL.

import { LAYOUT } from '../../pkg/layout.js';
import { addCatalogLoader } from '../element/i18n.js';
import { defineLoopyRing } from '../ring/ring-element.js';
import { formatSteps, parseQuery, serializeQuery } from '../ring/ring-url.js';
import { setupCheck } from './check.js';
import { gameTexts, PRESETS, setupInput } from './input.js';
import { checkAnswer, judgeAnswer, judgeAnswerText } from './judge-client.js';
import { onWords, put, setupLanguage, t } from './page-lang.js';
import {
  $,
  addressBar,
  copyButton,
  copyText,
  definePageElement,
  embedded,
  inspectorPanel,
  later,
  nextLoad,
  nextPreset,
  pageKeys,
  pagePart,
} from './page-parts.js';

// The page's element, with its worker, its bands and its inspector.
definePageElement(defineLoopyRing, (Worker) => new Worker(new URL('../workers/worker.js', import.meta.url), { type: 'module' }), {
  bands: () => import('../ring/bands.js'),
  inspect: () => import('../ring/inspect.js'),
  narrate: () => import('../ring/narrate.js'),
  token: () => import('../ring/token-paint.js'),
  clear: () => import('../ring/ring-clear.js'),
});
// The Chinese catalog, loaded only for a Chinese reader (this module's URL is the page's own).
addCatalogLoader('zh-CN', () => import('../i18n/zh-CN.js'));

const query = parseQuery(location.search);
const tourWanted = new URLSearchParams(location.search).get('tour') === '1';
const ring = $('loopy');
// The page's language and terms (`lang=`, `terms=`): <html lang>, which the element follows, and the page's words.
await setupLanguage(ring);
// A graph's link (`?graph=1-2,2-3`, `?random=...`) opens graph mode, which has a page of its own.
if (/[?&](graph|random)=/.test(location.search)) {
  ring.hidden = true; // a ring never seen never starts: nothing of it is fetched
  location.replace(`graph.html${location.search}`);
}
const sync = addressBar(() => {
  const v = ring.view;
  return (
    v && {
      query: serializeQuery({ ...v, autoplay: ring.playing, embed: query.embed, present: ring.presenting }),
      full: serializeQuery({ ...v, embed: false, autoplay: false }) || './',
    }
  );
});
const PREVIEW_WORDS = 60;

if (query.embed) embedded(ring);

// ---- the game: fields → element attributes -----------------------------------------------

/** The game of the judge input on screen (0-based), or null for a game of the fields'. */
let judgeGame = null;
/** The texts the page last asked the element to show (the fields' at the time). */
let fieldTexts = {};
const input = setupInput({
  requestGame(texts, k) {
    judgeGame = k ?? null;
    if (k === undefined) judgeInput = null;
    fieldTexts = texts;
    input.clearErrors();
    put($('load-status'), '');
    ring.removeAttribute('step');
    ring.removeAttribute('selected');
    const same = ['n', 's1', 's2'].every((f) => ring.getAttribute(f) === texts[f]);
    for (const f of ['n', 's1', 's2']) ring.setAttribute(f, texts[f]);
    return !same;
  },
  client: () => ring.client,
  // A whole judge-format input was read: its answer, every game's, as the CLI prints it.
  judgeRead: (T) => {
    check.reset();
    showAllAnswers(T);
  },
});

// The tour and the share dialog are loaded when first used: most visits need neither.
const start = tourWanted ? (await import('./tour.js')).TOUR_GAME : query.game || gameTexts(PRESETS[0]);
input.setTexts(start);
fieldTexts = start;
for (const f of ['n', 's1', 's2']) ring.setAttribute(f, start[f]);
if (query.step) ring.setAttribute('step', query.step);
if (query.sel) ring.setAttribute('selected', `${query.sel.p}:${query.sel.pos}`);
if (query.speed) ring.setAttribute('speed', query.speed);
if (query.g) ring.setAttribute('granularity', query.g);
if (query.autoplay) ring.setAttribute('autoplay', '');

// ---- presenter mode (the element's; the page only hides its scrollbars and says so in the URL)

ring.addEventListener('loopy-present', (e) => {
  document.documentElement.classList.toggle('presenting', e.detail.on);
  sync(true);
});
if (query.present) ring.setAttribute('present', '');
$('present').onclick = () => ring.present(true);

ring.addEventListener('loopy-error', (e) => {
  input.showErrors(e.detail.errors || [e.detail]);
  // The fields now disagree with the ring: say so where the form is.
  const g = ring.game;
  put($('load-status'), g ? () => t('page.ring.stillPrevious', { n: g.n }) : '');
  // A link whose game has errors: nothing is loading; the element offers a way back to a game.
  if (!g) put($('game-summary'), () => t('page.ring.cannotShow'));
});
ring.addEventListener('loopy-cancel', () => {
  // The first game cancelled leaves none: say so, rather than "Loading…" for good.
  if (ring.game) {
    put($('load-status'), () => t('page.ring.cancelledKept'));
    return;
  }
  put($('load-status'), () => t('page.ring.cancelledNone'));
  put($('game-summary'), () => t('page.ring.none'));
});
let readies = 0; // loopy-ready events so far: a judge text that arrives after a newer game's is not shown
ring.addEventListener('loopy-ready', async (e) => {
  const ready = ++readies;
  const { n, s1, s2 } = e.detail;
  // A game chosen in the element itself (its error box offers one): the fields follow it.
  const asked = Object.fromEntries(['n', 's1', 's2'].map((f) => [f, ring.getAttribute(f) ?? '']));
  if (!judgeInput && Object.entries(asked).some(([f, t]) => t !== fieldTexts[f])) input.setTexts(asked);
  input.clearErrors();
  put($('load-status'), '');
  const steps = (s) => {
    const t = formatSteps(s, ', ').replace(/-/g, '–');
    return t.length > 40 ? `${t.slice(0, 40)}…` : t;
  };
  sync(true);
  inspect();
  // The judge's lines come from the core's why module, loaded on the first game: the summary
  // waits for them, so that it and the answer below it always speak of the same game.
  const judge = await judgeLines(n);
  if (ready !== readies) return;
  put($('game-summary'), () => t('page.ring.summary', { n, s1: steps(s1), s2: steps(s2) }));
  judge();
  // Which game the summary and the answer now speak of (the tests wait for it: tests/page-helpers.mjs).
  $('game-summary').dataset.shown = `${n} ${s1} ${s2}`;
});
ring.addEventListener('loopy-step', () => {
  sync(!ring.playing);
  inspect();
});

// ---- the inspector -------------------------------------------------------------------------

const inspect = inspectorPanel(ring, {
  look(hover) {
    const s = hover || ring.selected;
    const target = s && { p: s.player, pos: s.pos };
    return { key: ring.game?.n, target, facts: target && ring.describe(target.p, target.pos) };
  },
  select: (t) => ring.select(t.p, t.pos),
  jump: (t) => ring.jumpToDecided(t.p, t.pos),
  synced: () => sync(true),
});

// ---- the judge output ----------------------------------------------------------------------

/** The judge input the answer box shows (all its games), or null for the game on screen alone. */
let judgeInput = null;

async function showAllAnswers(T) {
  const mine = { T, answer: null };
  judgeInput = mine;
  const MAX_SHOWN = 200000;
  const r = await judgeAnswer(ring.client, MAX_SHOWN);
  if (r.error || judgeInput !== mine) return;
  const all = r.games === r.of;
  put($('results-hint'), () => (all ? t('page.results.wholeInput', { count: T }) : t('page.results.firstGames', { count: r.games, of: T })));
  $('judge-output').textContent = r.length > MAX_SHOWN ? `${r.head}…` : r.head.trimEnd();
  const note = $('judge-note');
  // Each sentence its own message; the language joins them (a space in English, none in Chinese).
  const parts = [];
  if (r.length > MAX_SHOWN) parts.push(() => t('page.results.firstChars', { shown: MAX_SHOWN, of: r.length }));
  if (!all) parts.push(() => t('page.results.tooLong', { count: T }));
  note.hidden = parts.length === 0;
  put(note, () => parts.map((f) => f()).join(t('page.sentenceGap')));
  mine.answer = () => judgeAnswerText(ring.client).then((m) => m.text);
}

/** What shows game n's judge lines (or, past 20,000, their first words), once its text is here. */
async function judgeLines(n) {
  const text = !judgeInput && n <= 20000 ? await ring.judgeText() : null;
  return () => showJudge(n, text);
}

/** Shows game n's judge lines: `text`, the whole, or (null) the first words of each. */
function showJudge(n, text) {
  if (judgeInput) return; // the whole input's answer stays until another game is chosen by hand
  put($('results-hint'), () => t('page.results.ringLines'));
  const out = $('judge-output');
  const note = $('judge-note');
  put($('copy-status'), '');
  if (text !== null) {
    out.textContent = text;
    note.hidden = true;
    return;
  }
  const line = (p) => {
    const o = ring.outcomes(p);
    const w = [];
    for (let i = 1; i <= PREVIEW_WORDS; i++) w.push(LAYOUT.outcomeNames[o[i]]); // the judge's words (the core's names of its codes), in every language
    return `${w.join(' ')} …`;
  };
  out.textContent = `${line(1)}\n${line(2)}`;
  put(note, () => t('page.results.firstWords', { shown: PREVIEW_WORDS, of: n - 1 }));
  note.hidden = false;
}

copyButton(() => (judgeInput?.answer ? judgeInput.answer() : ring.judgeText()));

// ---- checking an answer against the judge input read ---------------------------------------

/** Shows game k (0-based) of the judge input; resolves to true once the ring shows it. */
async function showJudgeGame(k) {
  if (judgeGame === k && ring.game && ring.state !== 'error' && !ring.loading) return true;
  // The load to wait for is the one asked for now: a load still under way (the input's first
  // game, say) must not count, so the wait starts when game k is asked for, not before.
  let shown = Promise.resolve(false);
  const started = await input.choose(k, () => {
    // The first frame of a game asked for before (the input's first game, still on its way
    // on a cold page) may come after game k was asked: only a frame with nothing more to
    // load is game k's (its flags would otherwise go on that game, and game k's load clear them).
    shown = nextLoad(ring, () => !ring.loading);
  });
  // Game k is the same game as the one asked for last (many judge inputs repeat a game):
  // no new load, but that one may still be under way, and its first frame clears the flags.
  return started || ring.loading ? shown : ring.game !== null;
}

const check = setupCheck({
  check: (output) => checkAnswer(ring.client, output),
  where: (d) =>
    d.position
      ? t('page.check.whereState', { game: d.game, player: d.player, position: d.position })
      : d.game
        ? t('page.check.whereGame', { game: d.game })
        : t('page.check.whereLine', { line: d.line }),
  forget: () => {
    ring.flagged = [];
  },
  async show(d, report) {
    if (!d.game || !(await showJudgeGame(d.game - 1))) return;
    ring.seek(ring.length); // every value decided: the flags are read against the answer
    ring.flagged = report.differences
      .filter((x) => x.game === d.game && x.position)
      .map((x) => ({ player: x.player, pos: x.position, expected: x.expected, found: x.found }));
    if (d.position) ring.showWhy(d.player, d.position);
  },
});

// ---- the URL and sharing -------------------------------------------------------------------

$('share').onclick = async () => (await pagePart(() => import('./share.js')))?.openShare(ring.view);

// ---- exports: a picture or a clip (loaded when asked for, with their encoders) ---------------

$('export-open').onclick = async () => {
  const { openExport } = (await pagePart(() => import('../export/export-dialog.js'))) ?? {};
  openExport?.(ring, () => $('export-open').focus());
};

// ---- the story writer (loaded when asked for) ----------------------------------------------

$('story-open').onclick = async () => {
  const { openWriter } = (await pagePart(() => import('../story/writer.js'))) ?? {};
  if (!openWriter) return;
  // The ring's game is its attributes; the figure's fallback says which game it is.
  const game = () => {
    const attrs = {};
    for (const k of ['n', 's1', 's2']) if (ring.hasAttribute(k)) attrs[k] = ring.getAttribute(k);
    return { attrs, fallback: t('page.story.fallbackRing', { n: attrs.n }) };
  };
  openWriter(ring, $('story-writer'), { copy: copyText, game });
};

// ---- playing against the solver (loaded when asked for) ------------------------------------

$('play-open').onclick = async () => {
  const { openPlay } = (await pagePart(() => import('./play-panel.js'))) ?? {};
  openPlay?.(ring, $('inspector'), () => $('play-open').focus());
};

// ---- the keyboard model, stated once (the element's key map) -------------------------------

/** The index of the preset on screen, or -1. */
const shownPreset = () =>
  PRESETS.findIndex((p) => {
    const texts = gameTexts(p);
    return ['n', 's1', 's2'].every((f) => ring.getAttribute(f) === texts[f]);
  });
// The page's own keys: play against the solver, export, the next or previous preset.
const listKeys = pageKeys(
  ring,
  () => [
    { keys: ['p', 'P'], label: 'P', what: t('page.keys.play'), run: () => $('play-open').click() },
    { keys: ['e', 'E'], label: 'E', what: t('page.keys.export'), run: () => $('export-open').click() },
    {
      keys: ['n', 'N'],
      label: 'N, Shift + N',
      what: t('page.keys.presets'),
      run: (e) => nextPreset($('preset-list'), e.shiftKey ? -1 : 1, shownPreset()),
    },
  ],
  $('keys-list'),
);

// ---- another language or terms: what the page built from the element is said again --------

onWords(() => {
  sync(true);
  // After the element has re-worded itself (it loads the same catalog): its keys and its account of a state.
  later(() => {
    listKeys();
    inspect();
  });
});

// ---- the tour ------------------------------------------------------------------------------

async function startTour() {
  const { TOUR_GAME, tour } = (await pagePart(() => import('./tour.js'))) ?? {};
  if (!tour) return;
  const ui = { box: $('tour'), text: $('tour-text'), count: $('tour-count'), back: $('tour-back'), next: $('tour-next'), close: $('tour-close') };
  const g = ring.game;
  const go = () => tour(ring, ui, () => $('tour-start').focus({ preventScroll: true }));
  if (g && g.n === 8 && String(ring.getAttribute('s1')) === TOUR_GAME.s1 && String(ring.getAttribute('s2')) === TOUR_GAME.s2) return go();
  input.setTexts(TOUR_GAME);
  ring.addEventListener('loopy-ready', go, { once: true });
  for (const f of ['n', 's1', 's2']) ring.setAttribute(f, TOUR_GAME[f]);
}
$('tour-start').onclick = startTour;
if (tourWanted) ring.addEventListener('loopy-ready', () => startTour(), { once: true });

// ---- keys pressed outside the element drive it too -----------------------------------------

// (Keys inside the element are handled there first: they arrive here already handled. See pageKeys above.)

// ---- embedded in an iframe: tell the parent our height -------------------------------------

if (query.embed) import('./share.js').then((m) => m.reportHeight());
