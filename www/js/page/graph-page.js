// graph-page.js: Loopy's graph mode (graph.html): one <loopy-graph> plus its panels (the graph box and presets, the inspector, the judge answer, share) and the URL.

import { errorText } from '../element/errors.js';
import { addCatalogLoader } from '../element/i18n.js';
import { defineLoopyGraph } from '../graph/graph-element.js';
import { GRAPH_PRESETS } from '../graph/graph-presets.js';
import { graphAttributes, graphGameAttributes, parseEdges, parseGraphQuery, serializeGraphQuery } from '../graph/graph-url.js';
import { dropFile, setupCheck } from './check.js';
import { flagNote } from './graph-flags.js';
import { onWords, pageWords, put, setupLanguage, t, withLang } from './page-lang.js';
import {
  $,
  addressBar,
  copyButton,
  copyText,
  definePageElement,
  embedded,
  fillPicker,
  inspectorPanel,
  later,
  markInvalid,
  nextLoad,
  nextPreset,
  pageKeys,
  pagePart,
  presetButtons,
} from './page-parts.js';
import { iframeSnippet, langAttributes, openShare, reportHeight } from './share.js';

// The page's element, with its worker with the whole wasm module (`?judge`: the judge answer
// needs it, so the page loads one module, not two), its inspector and a large graph's parts.
definePageElement(defineLoopyGraph, (Worker) => new Worker(new URL('../workers/graph-worker.js?judge', import.meta.url), { type: 'module' }), {
  inspect: () => import('../graph/graph-inspect.js'),
  large: () => import('../graph/graph-large.js'),
  narrate: () => import('../graph/graph-narrate.js'),
  tree: () => import('../graph/graph-tree.js'),
  clear: () => import('../graph/graph-clear.js'),
});
const query = parseGraphQuery(location.search);
const el = $('loopy');
// The Chinese catalog, loaded only for a Chinese reader (this module's URL is the page's own).
addCatalogLoader('zh-CN', () => import('../i18n/zh-CN.js'));
// The page's language and terms (`lang=`, `terms=`): <html lang>, which the element follows, and the page's words.
await setupLanguage(el);
// A graph too large for a link has no view: the bar stays as it is.
const sync = addressBar(() => {
  const v = el.view;
  return (
    v && {
      query: serializeGraphQuery({ ...v, autoplay: el.playing, embed: query.embed, present: el.presenting }),
      full: `graph.html${serializeGraphQuery({ ...v, embed: false, autoplay: false, present: false })}`,
    }
  );
});
const box = $('graph-input');
const BIG = { id: 'million', random: { n: 1000000, seed: 1 } };
/** The presets' names, by their ids (graph-presets.js), in the page's words. */
const PRESET_NAMES = {
  'goal-sample': 'page.gpreset.goalSample',
  'dag-sample': 'page.gpreset.dagSample',
  cycle: 'page.gpreset.cycle',
  subtraction: 'page.gpreset.subtraction',
  ring: 'page.gpreset.ring',
  million: 'page.gpreset.million',
  'tree-sample': 'page.gpreset.treeSample',
};
// Past this many instances or queries, the picker is a number box instead of a list.
const LIST_MAX = 200;

if (query.embed) embedded(el);

// ---- presenter mode (the element's; the page only hides its scrollbars and says so in the URL)

el.addEventListener('loopy-present', (e) => {
  document.documentElement.classList.toggle('presenting', e.detail.on);
  sync(true);
});
if (query.present) el.setAttribute('present', '');
$('present').onclick = () => el.present(true);

// ---- the graph: the box, presets, a random one, the URL → the element ----------------------

/** What the box last sent to the element (its text), for picking instances and the judge answer. */
let shown = null;
/** The answer check's form (set up below), reset when another text is shown. */
let checking = null;

function clearError() {
  put($('graph-error'), '');
  markInvalid(box, false);
  put($('load-status'), '');
}

function forget(...attrs) {
  for (const a of attrs) el.removeAttribute(a);
}

/** Shows the text in the box, or a file (read in the worker), at instance or query `pick` (0-based). */
function showText(text, pick = {}) {
  clearError();
  put(box, '', 'placeholder');
  forget('graph', 'goal', 'start', 'random', 'seed', 'step', 'selected');
  const source = typeof text === 'string' ? { text } : { file: text };
  if (shown?.text !== text) checking?.reset();
  shown = { text, ...pick };
  el.load({ ...source, instance: pick.instance ?? 0, query: pick.query });
}

/** What the box says while a random graph, which has no text to show, is drawn. */
function randomPlaceholder(random) {
  put(box, () => t('page.graph.randomPlaceholder', { n: random.n, seed: random.seed }), 'placeholder');
}

function showRandom(random) {
  clearError();
  shown = null;
  // The box would still hold the previous graph's text: a random graph has none to show.
  box.value = '';
  randomPlaceholder(random);
  // Removed first, so that the same graph again (after a cancel, say) is loaded again.
  forget('graph', 'goal', 'start', 'random', 'seed', 'step', 'selected');
  el.setAttribute('random', String(random.n));
  el.setAttribute('seed', String(random.seed));
}

$('graph-form').addEventListener('submit', (e) => {
  e.preventDefault();
  showText(box.value);
});
const graphFile = $('graph-file');
graphFile.addEventListener('change', () => graphFile.files[0] && showFile(graphFile.files[0]));
dropFile(box, showFile);

/** A graph text opened or dropped as a file: read in the worker, never put in the box. */
function showFile(file) {
  box.value = '';
  put(box, () => t('page.graph.filePlaceholder', { file: file.name, bytes: file.size }), 'placeholder');
  showText(file);
}

presetButtons(
  $('preset-list'),
  [...GRAPH_PRESETS, BIG],
  (p) => {
    setValues(p.values ?? 'depth');
    // The drawing the preset changes is above the presets: bring it into view.
    el.scrollIntoView({ block: 'start' });
    if (p.random) return showRandom(p.random);
    box.value = p.text;
    showText(p.text);
  },
  // A preset the catalog does not name yet keeps its own (English) name.
  (p) => (PRESET_NAMES[p.id] ? t(PRESET_NAMES[p.id]) : p.name),
);

$('random').onclick = () => {
  box.value = randomText();
  setValues('depth');
  showText(box.value);
};

/** A small random graph as an edge list: 6 to 14 vertices, about 1.6 moves each. */
function randomText() {
  const n = 6 + Math.floor(Math.random() * 9);
  const lines = [`# A random graph: ${n} vertices.`];
  const m = Math.round(1.6 * n);
  for (let k = 0; k < m; k++) lines.push(`${1 + Math.floor(Math.random() * n)} ${1 + Math.floor(Math.random() * n)}`);
  lines.push('start 1');
  return `${lines.join('\n')}\n`;
}

/** An edge list for a graph of the URL's short form (1-2,2-3), so that the box shows what is drawn. */
function boxText(v) {
  const e = parseEdges(v.graph).value;
  const lines = e ? Array.from(e.from, (u, k) => `${u} ${e.to[k]}`) : [];
  if (v.goal) lines.push(`goal ${v.goal}`);
  if (v.start) lines.push(`start ${v.start}`);
  return `${lines.join('\n')}\n`;
}

// The view the URL asks for, or the first preset.
if (query.values) setValues(query.values);
if (query.step) el.setAttribute('step', query.step);
if (query.sel) el.setAttribute('selected', query.sel);
if (query.speed) el.setAttribute('speed', query.speed);
if (query.g) el.setAttribute('granularity', query.g);
if (query.autoplay) el.setAttribute('autoplay', '');
if (query.graph !== undefined) {
  for (const a of ['graph', 'goal', 'start']) if (query[a] !== undefined) el.setAttribute(a, query[a]);
  box.value = boxText(query);
} else if (query.random) {
  randomPlaceholder(query.random);
  if (query.start !== undefined) el.setAttribute('start', query.start);
  el.setAttribute('random', String(query.random.n));
  el.setAttribute('seed', String(query.random.seed));
} else {
  box.value = GRAPH_PRESETS[0].text;
  shown = { text: box.value, instance: 0 };
  el.load({ text: box.value });
}

// ---- the values in the marks ---------------------------------------------------------------

function setValues(v) {
  for (const r of document.querySelectorAll('input[name="values"]')) r.checked = r.value === v;
  if (v === 'grundy') el.setAttribute('values', 'grundy');
  else el.removeAttribute('values');
}
for (const r of document.querySelectorAll('input[name="values"]')) r.addEventListener('change', () => r.checked && setValues(r.value));
// The S key (or anything else that sets the element's `values`): the radios and the address follow.
el.addEventListener('loopy-values', (e) => {
  for (const r of document.querySelectorAll('input[name="values"]')) r.checked = r.value === e.detail.values;
  sync(true);
});

// ---- what the element says --------------------------------------------------------------

el.addEventListener('loopy-error', (e) => {
  const d = e.detail;
  put($('graph-error'), () => d.errors.map((x) => errorText(pageWords(), x)).join(t('page.sentenceGap')));
  markInvalid(box, true);
  if (d.field === 'text' && d.line) selectLine(d.line);
  put($('load-status'), el.game ? () => t('page.graph.stillPrevious') : '');
  if (!el.game) put($('game-summary'), () => t('page.graph.none'));
});
el.addEventListener('loopy-cancel', () => {
  // The first graph cancelled leaves none: say so, rather than "Loading…" for good.
  if (el.game) {
    put($('load-status'), () => t('page.graph.cancelledKept'));
    return;
  }
  put($('load-status'), () => t('page.graph.cancelledNone'));
  put($('game-summary'), () => t('page.graph.none'));
});
el.addEventListener('loopy-ready', () => {
  clearError();
  summary();
  picker();
  showAnswer();
  sync(true);
  inspect();
});
el.addEventListener('loopy-step', () => {
  sync(!el.playing);
  inspect();
});
el.addEventListener('loopy-start', () => {
  summary();
  sync(true);
});

/** Puts the caret on line `line` of the box (where the core found the error), without taking the focus. */
function selectLine(line) {
  const lines = box.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((a, l) => a + l.length + 1, 0);
  box.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
}

function summary() {
  const g = el.game;
  const x = el.text;
  // Each part a whole phrase of its own; the parts are listed with the page's separator.
  const parts = [() => t('page.graph.summary', { vertices: t('page.graph.vertices', { count: g.n }), moves: t('page.graph.moves', { count: g.m }) })];
  if (g.goal) parts.push(() => t('page.graph.summaryGoal', { v: g.goal }));
  if (g.start) parts.push(() => t('page.graph.summaryStart', { v: g.start }));
  if (x?.format === 'goal' && x.query !== null) {
    const k = x.query + 1;
    const of = x.queries.starts.length;
    parts.push(() => t('page.graph.summaryQuery', { k, of }));
  }
  if (x?.format === 'dag') {
    const k = x.instance + 1;
    const of = x.count;
    parts.push(() => t(g.heroFirst ? 'page.graph.summaryHeroFirst' : 'page.graph.summaryOpponentFirst', { k, of }));
  }
  if (g.drawn === 'neighbourhood') parts.push(() => t('page.graph.summaryNeighbourhood'));
  put($('game-summary'), () => parts.map((f) => f()).join(' · '));
}

/** The instances (format dag) or queries (format goal) of the text on screen, to pick from. */
function picker() {
  const x = el.text;
  const pick = $('graph-pick');
  const number = $('graph-number');
  const label = $('graph-pick-label');
  const items = x?.format === 'goal' ? (x.queries?.starts.length ?? 0) : x?.format === 'dag' ? x.count : 0;
  const several = items > 1;
  const listed = several && items <= LIST_MAX;
  label.hidden = pick.hidden = !listed;
  number.hidden = !several || listed;
  const goal = x?.format === 'goal';
  put($('graph-count'), several ? () => t(goal ? 'page.graph.queriesRead' : 'page.graph.instancesRead', { count: items }) : '');
  if (!several) return;
  const current = goal ? x.query : x.instance;
  if (listed) {
    const options = [];
    for (let k = 0; k < items; k++) {
      const text = goal
        ? t('page.graph.queryK', { k: k + 1, start: x.queries.starts[k], goal: x.queries.goals[k] })
        : k < x.sizes.length
          ? t('page.graph.instanceKn', { k: k + 1, n: x.sizes[k].n })
          : t('page.graph.instanceK', { k: k + 1 });
      options.push([text, String(k)]);
    }
    fillPicker(pick, options, String(current));
  } else {
    number.max = String(items);
    number.value = String(current + 1);
    put(number, () => t(goal ? 'page.graph.queryNumber' : 'page.graph.instanceNumber'), 'aria-label');
  }
}

function choose(k) {
  const x = el.text;
  if (!shown || !x) return;
  showText(shown.text, x.format === 'goal' ? { query: k } : { instance: k });
}
$('graph-pick').addEventListener('change', () => choose(Number($('graph-pick').value)));
$('graph-number').addEventListener('change', () => {
  const k = Math.floor(Number($('graph-number').value));
  if (k >= 1 && k <= Number($('graph-number').max)) choose(k - 1);
});

// ---- the judge answer ----------------------------------------------------------------------

let answerText = '';
/** The formats with a judge's answer (loopy graph, dag, tree), and the line that says what it is. */
const ANSWER_HINTS = { goal: 'page.graph.answerGoal', dag: 'page.graph.answerDag', tree: 'page.graph.answerTree' };

async function showAnswer() {
  const x = el.text;
  const out = $('judge-output');
  const hint = $('results-hint');
  put($('copy-status'), '');
  if (!x || !shown || !ANSWER_HINTS[x.format]) {
    answerText = '';
    out.hidden = true;
    $('copy').hidden = true;
    $('check-form').hidden = true;
    put(hint, () => t('page.graph.noJudgeFormat'));
    return;
  }
  $('check-form').hidden = false;
  const r = await el.client.ask({ t: 'answer', ...source(), format: x.format });
  if (r.error) return;
  answerText = r.text;
  out.hidden = false;
  $('copy').hidden = false;
  put(hint, () => t(ANSWER_HINTS[x.format]));
  out.textContent = answerText;
}

copyButton(async () => answerText);

/** The text on screen as the worker takes it: { text } or { file }. */
function source() {
  return typeof shown.text === 'string' ? { text: shown.text } : { file: shown.text };
}

// ---- checking an answer to the text on screen ----------------------------------------------

/** Shows query or instance k (0-based) of the text; resolves to true once the drawing shows it. */
function showPart(k) {
  const part = (x) => (x?.format === 'goal' ? x.query : x?.instance);
  if (part(el.text) === k && el.state !== 'error' && !el.loading) return Promise.resolve(true);
  // A part loading now (the text's first, say) draws its first frame first: not the one asked for.
  const shownNow = nextLoad(el, () => part(el.text) === k);
  choose(k);
  return shownNow;
}

checking = setupCheck({
  check: (output) => el.client.ask({ t: 'checkAnswer', ...source(), format: el.text.format, output }),
  where: (d) =>
    d.query
      ? t('page.check.whereQuery', { query: d.query, vertex: d.vertex })
      : d.vertex
        ? t('page.check.whereInstanceVertex', { instance: d.instance, vertex: d.vertex })
        : t('page.check.whereInstance', { instance: d.instance }),
  forget: () => {
    el.flagged = [];
  },
  async show(d, report) {
    const k = d.query ?? d.instance;
    if (!k || !el.text || !(await showPart(k - 1))) return;
    el.seek(el.length); // every value decided: the flags are read against the answer
    const here = report.differences.filter((x) => (x.query ?? x.instance) === k && x.vertex);
    el.flagged = here.map((x) => ({ vertex: x.vertex, expected: x.expected, found: x.found, note: flagNote(x, el.text?.format) }));
    if (d.vertex) el.showWhy(d.vertex);
  },
});

// ---- the inspector -------------------------------------------------------------------------

const inspect = inspectorPanel(el, {
  look(hover) {
    const v = hover?.vertex ?? el.selected;
    return { key: el.game ? `${el.game.n}|${el.step}` : '', target: v ? { p: 0, pos: v } : null, facts: v ? el.describe(v) : null };
  },
  select: (t) => el.select(t.pos),
  jump: (t) => el.jumpToDecided(t.pos),
  idle: () => t('page.insp.hintGraph'),
  after() {
    const start = $('set-start');
    start.hidden = !el.selected || el.selected === el.game?.start;
    const v = el.selected;
    put(start, v ? () => t('page.graph.startFrom', { v }) : '');
  },
  synced: () => sync(true),
});

$('set-start').onclick = () => {
  if (el.selected) el.setAttribute('start', String(el.selected));
};

// ---- the URL and sharing -------------------------------------------------------------------

/** The three snippets for graph view `v`, with URLs resolved against `base`. */
export function graphSnippets(v, base) {
  const page = new URL('graph.html', base);
  const link = new URL(withLang(serializeGraphQuery(v)), page).href;
  const script = new URL('loopy.js', base).href;
  const embed = new URL(withLang(serializeGraphQuery({ ...v, embed: true })), page).href;
  const what = v.graph ? t('page.share.graphFallback') : t('page.share.randomFallback', { n: v.random.n });
  return {
    link,
    element: `<script type="module" src="${script}"></script>\n<loopy-graph ${graphAttributes(v)}${langAttributes()} controls="compact">${what}</loopy-graph>`,
    iframe: iframeSnippet(embed, t('page.share.graphIframeTitle')),
  };
}

$('share').onclick = () => {
  const v = el.view;
  if (!v) {
    put($('load-status'), () => t('page.graph.tooLargeToShare'));
    return;
  }
  openShare(v, graphSnippets);
};

// ---- the story writer (loaded when asked for) ----------------------------------------------

$('story-open').onclick = async () => {
  const { openWriter } = (await pagePart(() => import('../story/writer.js'))) ?? {};
  if (!openWriter) return;
  // The graph as a link gives it (its edges, or a random graph's size and seed); a graph too large for a link has none.
  const game = () => {
    const v = el.view;
    if (!v) return null;
    const fallback = v.graph ? t('page.share.graphFallback') : t('page.share.randomFallback', { n: v.random.n });
    return { attrs: graphGameAttributes(v), fallback };
  };
  openWriter(el, $('story-writer'), { copy: copyText, game });
};

// ---- exports: a picture or a clip (loaded when asked for, with their encoders) ---------------

$('export-open').onclick = async () => {
  const { openExport } = (await pagePart(() => import('../export/export-dialog.js'))) ?? {};
  openExport?.(el, () => $('export-open').focus());
};

// ---- keys ------------------------------------------------------------------------------------

// The element's keys, then the page's own: export, the next or previous preset.
const shownPreset = () => GRAPH_PRESETS.findIndex((p) => p.text === box.value);
const presetKey = (e) => nextPreset($('preset-list'), e.shiftKey ? -1 : 1, shownPreset());
const listKeys = pageKeys(
  el,
  () => [
    { keys: ['e', 'E'], label: 'E', what: t('page.keys.export'), run: () => $('export-open').click() },
    { keys: ['n', 'N'], label: 'N, Shift + N', what: t('page.keys.presets'), run: presetKey },
  ],
  $('keys-list'),
);

// ---- another language or terms: what the page built from the element is said again --------

onWords(() => {
  sync(true);
  if (el.game) picker();
  // After the element has re-worded itself (it loads the same catalog): its keys and its account of a vertex.
  later(() => {
    listKeys();
    inspect();
  });
});

// ---- embedded in an iframe: tell the parent our height -------------------------------------

if (query.embed) reportHeight();
