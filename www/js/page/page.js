// page.js: the Loopy page: one <loopy-ring> plus its panels (inputs, inspector, judge output, share) and the URL.

import { LAYOUT } from '../../pkg/layout.js';
import { keyList } from '../element/controls.js';
import { formatSteps, parseQuery, serializeQuery } from '../element/url.js';
import { fmt } from '../ring/explain.js';
import { defineLoopyRing } from '../ring/ring-element.js';
import { gameTexts, PRESETS, setupInput } from './input.js';
import { $, addressBar, copyButton, copyText, embedded, inspectorPanel } from './page-parts.js';

// The page's element: the same code as loopy-ring.js defines for a post, here unbundled,
// so that the page's panels share its modules.
defineLoopyRing({ worker: new URL('../workers/worker.js', import.meta.url), rules: new URL('../../rules.html', import.meta.url) });

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

const input = setupInput({
  requestGame(texts, fromJudge) {
    if (!fromJudge) judgeInput = null;
    input.clearErrors();
    $('load-status').textContent = '';
    ring.removeAttribute('step');
    ring.removeAttribute('selected');
    for (const f of ['n', 's1', 's2']) ring.setAttribute(f, texts[f]);
  },
  client: () => ring.client,
  // A whole judge-format input was read: its answer, every game's, as the CLI prints it.
  judgeRead: (T) => showAllAnswers(T),
});

// The tour and the share dialog are loaded when first used: most visits need neither.
const start = tourWanted ? (await import('./tour.js')).TOUR_GAME : query.game || gameTexts(PRESETS[0]);
input.setTexts(start);
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
});
ring.addEventListener('loopy-cancel', () => {
  $('load-status').textContent = 'Cancelled: the previous game is still shown.';
});
ring.addEventListener('loopy-ready', (e) => {
  const { n, s1, s2 } = e.detail;
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
  openWriter(ring, $('story-writer'), copyText);
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
