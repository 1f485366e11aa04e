// page.js: the Loopy page: one <loopy-ring> plus its panels (inputs, inspector, judge output, share) and the URL.

import { LAYOUT } from '../../pkg/layout.js';
import { keyList } from '../element/controls.js';
import { formatSteps, parseQuery, serializeQuery } from '../element/url.js';
import { fmt } from '../ring/explain.js';
import { defineLoopyRing } from '../ring/ring-element.js';
import { setupCheck } from './check.js';
import { gameTexts, PRESETS, setupInput } from './input.js';
import { $, addressBar, copyButton, copyText, embedded, inspectorPanel, nextLoad } from './page-parts.js';

// The page's element: the same code as loopy-ring.js defines for a post, here unbundled,
// so that the page's panels share its modules.
defineLoopyRing({
  worker: new URL('../workers/worker.js', import.meta.url),
  rules: new URL('../../rules.html', import.meta.url),
  quiz: () => import('../element/quiz.js'),
});

const query = parseQuery(location.search);
const tourWanted = new URLSearchParams(location.search).get('tour') === '1';
const ring = $('loopy');
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
// The judge's words, by the core's outcome codes.
const WORD = { [LAYOUT.outcome.win]: 'Win', [LAYOUT.outcome.lose]: 'Lose', [LAYOUT.outcome.loop]: 'Loop' };

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
    $('load-status').textContent = '';
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
  $('load-status').textContent = g
    ? `The ring still shows the previous game (n = ${fmt(g.n)}): fix the fields marked in red and press “Show this game”.`
    : '';
  // A link whose game has errors: nothing is loading; the element offers a way back to a game.
  if (!g) $('game-summary').textContent = 'This game cannot be shown: each wrong field is named over the ring and by its box below.';
});
ring.addEventListener('loopy-cancel', () => {
  // The first game cancelled leaves none: say so, rather than "Loading…" for good.
  if (ring.game) {
    $('load-status').textContent = 'Cancelled: the previous game is still shown.';
    return;
  }
  $('load-status').textContent = 'Cancelled: no game is shown. Press “Show this game” to load it.';
  $('game-summary').textContent = 'No game is shown.';
});
ring.addEventListener('loopy-ready', (e) => {
  const { n, s1, s2 } = e.detail;
  // A game chosen in the element itself (its error box offers one): the fields follow it.
  const asked = Object.fromEntries(['n', 's1', 's2'].map((f) => [f, ring.getAttribute(f) ?? '']));
  if (!judgeInput && Object.entries(asked).some(([f, t]) => t !== fieldTexts[f])) input.setTexts(asked);
  input.clearErrors();
  $('load-status').textContent = '';
  const steps = (s) => {
    const t = formatSteps(s, ', ').replace(/-/g, '–');
    return t.length > 40 ? `${t.slice(0, 40)}…` : t;
  };
  $('game-summary').textContent = `Ring of ${fmt(n)} · player 1 steps {${steps(s1)}} · player 2 steps {${steps(s2)}}`;
  showJudge(n);
  sync(true);
  inspect();
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
  const r = await ring.client.judgeAnswer(MAX_SHOWN);
  if (r.error || judgeInput !== mine) return;
  const all = r.games === r.of;
  const games = (k) => `${fmt(k)} game${k === 1 ? '' : 's'}`;
  $('results-hint').textContent = all
    ? `The whole input: ${games(T)}, two lines each (player 1 moves first, then player 2), exactly as the judge prints it.`
    : `The first ${games(r.games)} of ${fmt(T)}, two lines each (player 1 moves first, then player 2), exactly as the judge prints them.`;
  $('judge-output').textContent = r.length > MAX_SHOWN ? `${r.head}…` : r.head.trimEnd();
  const note = $('judge-note');
  const parts = [];
  if (r.length > MAX_SHOWN) parts.push(`Showing the first ${fmt(MAX_SHOWN)} of ${fmt(r.length)} characters. “Copy all” copies them all.`);
  if (!all) parts.push(`The answer to all ${games(T)} is too long for a web page: the command line prints it (loopy < input.txt).`);
  note.hidden = parts.length === 0;
  note.textContent = parts.join(' ');
  mine.answer = () => ring.client.judgeAnswerText().then((m) => m.text);
}

async function showJudge(n) {
  if (judgeInput) return; // the whole input's answer stays until another game is chosen by hand
  $('results-hint').textContent = 'Line 1: player 1 moves first, from positions 1 to n − 1. Line 2: player 2 moves first.';
  const out = $('judge-output');
  const note = $('judge-note');
  $('copy-status').textContent = '';
  if (n <= 20000) {
    out.textContent = await ring.judgeText();
    note.hidden = true;
    return;
  }
  const line = (p) => {
    const o = ring.outcomes(p);
    const w = [];
    for (let i = 1; i <= PREVIEW_WORDS; i++) w.push(WORD[o[i]]);
    return `${w.join(' ')} …`;
  };
  out.textContent = `${line(1)}\n${line(2)}`;
  note.textContent = `Showing the first ${PREVIEW_WORDS} of ${fmt(n - 1)} words of each line. “Copy all” copies the whole text.`;
  note.hidden = false;
}

copyButton(() => (judgeInput?.answer ? judgeInput.answer() : ring.judgeText()));

// ---- checking an answer against the judge input read ---------------------------------------

/** Shows game k (0-based) of the judge input; resolves to true once the ring shows it. */
async function showJudgeGame(k) {
  if (judgeGame === k && ring.game && ring.state !== 'error') return true;
  const shown = nextLoad(ring);
  const started = await input.choose(k);
  return started ? shown : ring.game !== null;
}

const check = setupCheck({
  check: (output) => ring.client.checkAnswer(output),
  where: (d) =>
    d.position ? `game ${fmt(d.game)}, player ${d.player}, position ${fmt(d.position)}` : d.game ? `game ${fmt(d.game)}` : `line ${fmt(d.line)}`,
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

$('share').onclick = async () => (await import('./share.js')).openShare(ring.view);

// ---- exports: a picture or a clip (loaded when asked for, with their encoders) ---------------

$('export-open').onclick = async () => {
  const { openExport } = await import('../export/export-dialog.js');
  openExport(ring, () => $('export-open').focus());
};

// ---- the story writer (loaded when asked for) ----------------------------------------------

$('story-open').onclick = async () => {
  const { openWriter } = await import('../story/writer.js');
  // The ring's game is its attributes; the figure's fallback says which game it is.
  const game = () => {
    const attrs = {};
    for (const k of ['n', 's1', 's2']) if (ring.hasAttribute(k)) attrs[k] = ring.getAttribute(k);
    return { attrs, fallback: `The ring game with n = ${attrs.n}, solved backwards by Loopy.` };
  };
  openWriter(ring, $('story-writer'), { copy: copyText, game });
};

// ---- playing against the solver (loaded when asked for) ------------------------------------

$('play-open').onclick = async () => {
  const { openPlay } = await import('./play-panel.js');
  openPlay(ring, $('inspector'), () => $('play-open').focus());
};

// ---- the keyboard model, stated once (the element's key map) -------------------------------

$('keys-list').replaceChildren(keyList(ring.keys));

// ---- the tour ------------------------------------------------------------------------------

async function startTour() {
  const { TOUR_GAME, tour } = await import('./tour.js');
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

// (Keys inside the element are handled there first: they arrive here already handled.)
document.addEventListener('keydown', (e) => ring.handleKey(e));

// ---- embedded in an iframe: tell the parent our height -------------------------------------

if (query.embed) import('./share.js').then((m) => m.reportHeight());
