// graph-page.js: Loopy's graph mode (graph.html): one <loopy-graph> plus its panels (the graph box and presets, the inspector, the judge answer, share) and the URL.

import { worker } from '../../loopy-graph.js';
import { keyList } from '../element/controls.js';
import { GRAPH_PRESETS } from '../graph/graph-presets.js';
import { graphAttributes, graphGameAttributes, parseEdges, parseGraphQuery, serializeGraphQuery } from '../graph/graph-url.js';
import { count, fmt } from '../ring/explain.js';
import { dropFile, setupCheck } from './check.js';
import { $, addressBar, copyButton, copyText, embedded, fillPicker, inspectorPanel, markInvalid, nextLoad, presetButtons } from './page-parts.js';
import { openShare, reportHeight } from './share.js';

const query = parseGraphQuery(location.search);
// The worker with the whole wasm module: the judge answer needs it, so the page loads one module, not two.
worker.url = new URL('../workers/graph-worker.js?judge', import.meta.url);
const el = $('loopy');
// A graph too large for a link has no view: the bar stays as it is.
const sync = addressBar(() => {
  const v = el.view;
  return (
    v && {
      query: serializeGraphQuery({ ...v, autoplay: el.playing, embed: query.embed }),
      full: `graph.html${serializeGraphQuery({ ...v, embed: false, autoplay: false })}`,
    }
  );
});
const box = $('graph-input');
const BIG = { id: 'million', name: 'A million vertices (random)', random: { n: 1000000, seed: 1 } };
// Past this many instances or queries, the picker is a number box instead of a list.
const LIST_MAX = 200;

if (query.embed) embedded(el);

// ---- the graph: the box, presets, a random one, the URL → the element ----------------------

/** What the box last sent to the element (its text), for picking instances and the judge answer. */
let shown = null;
/** The answer check's form (set up below), reset when another text is shown. */
let checking = null;

function clearError() {
  $('graph-error').textContent = '';
  markInvalid(box, false);
  $('load-status').textContent = '';
}

function forget(...attrs) {
  for (const a of attrs) el.removeAttribute(a);
}

/** Shows the text in the box, or a file (read in the worker), at instance or query `pick` (0-based). */
function showText(text, pick = {}) {
  clearError();
  box.placeholder = '';
  forget('graph', 'goal', 'start', 'random', 'seed', 'step', 'selected');
  const source = typeof text === 'string' ? { text } : { file: text };
  if (shown?.text !== text) checking?.reset();
  shown = { text, ...pick };
  el.load({ ...source, instance: pick.instance ?? 0, query: pick.query });
}

/** What the box says while a random graph, which has no text to show, is drawn. */
function randomPlaceholder(random) {
  return `A random graph of ${fmt(random.n)} vertices (seed ${fmt(random.seed)}) is drawn: it is too large to show here as text. Type or paste a graph to show it instead.`;
}

function showRandom(random) {
  clearError();
  shown = null;
  // The box would still hold the previous graph's text: a random graph has none to show.
  box.value = '';
  box.placeholder = randomPlaceholder(random);
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
  box.placeholder = `${file.name} (${fmt(file.size)} bytes), read from the file.`;
  showText(file);
}

presetButtons($('preset-list'), [...GRAPH_PRESETS, BIG], (p) => {
  setValues(p.values ?? 'depth');
  // The drawing the preset changes is above the presets: bring it into view.
  el.scrollIntoView({ block: 'start' });
  if (p.random) return showRandom(p.random);
  box.value = p.text;
  showText(p.text);
});

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
  box.placeholder = randomPlaceholder(query.random);
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
  $('graph-error').textContent = d.errors.map((x) => x.message).join(' ');
  markInvalid(box, true);
  if (d.field === 'text' && d.line) selectLine(d.line);
  $('load-status').textContent = el.game ? 'The drawing still shows the previous graph: fix the text and press “Show this graph”.' : '';
  if (!el.game) $('game-summary').textContent = 'No graph is shown.';
});
el.addEventListener('loopy-cancel', () => {
  // The first graph cancelled leaves none: say so, rather than "Loading…" for good.
  if (el.game) {
    $('load-status').textContent = 'Cancelled: the previous graph is still shown.';
    return;
  }
  $('load-status').textContent = 'Cancelled: no graph is shown. Press “Show this graph” to load it.';
  $('game-summary').textContent = 'No graph is shown.';
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
  const parts = [`Graph of ${count(g.n, 'vertex', 'vertices')} and ${count(g.m, 'move')}`];
  if (g.goal) parts.push(`goal ${fmt(g.goal)}`);
  if (g.start) parts.push(`start ${fmt(g.start)}`);
  const t = el.text;
  if (t?.format === 'goal' && t.query !== null) parts.push(`query ${fmt(t.query + 1)} of ${fmt(t.queries.starts.length)}`);
  if (t?.format === 'dag')
    parts.push(`instance ${fmt(t.instance + 1)} of ${fmt(t.count)}, ${g.heroFirst ? 'the hero moves first' : 'the opponent moves first'}`);
  if (g.drawn === 'neighbourhood') parts.push('drawn: the neighbourhood of a vertex');
  $('game-summary').textContent = parts.join(' · ');
}

/** The instances (format dag) or queries (format goal) of the text on screen, to pick from. */
function picker() {
  const t = el.text;
  const pick = $('graph-pick');
  const number = $('graph-number');
  const label = $('graph-pick-label');
  const items = t?.format === 'goal' ? (t.queries?.starts.length ?? 0) : t?.format === 'dag' ? t.count : 0;
  const several = items > 1;
  const listed = several && items <= LIST_MAX;
  label.hidden = pick.hidden = !listed;
  number.hidden = !several || listed;
  $('graph-count').textContent = several
    ? t.format === 'goal'
      ? `${count(items, 'query', 'queries')} read`
      : `${count(items, 'instance')} read`
    : '';
  if (!several) return;
  const current = t.format === 'goal' ? t.query : t.instance;
  if (listed) {
    const options = [];
    for (let k = 0; k < items; k++) {
      const text =
        t.format === 'goal'
          ? `Query ${k + 1}: start ${t.queries.starts[k]}, goal ${t.queries.goals[k]}`
          : `Instance ${k + 1}${k < t.sizes.length ? `: n = ${fmt(t.sizes[k].n)}` : ''}`;
      options.push([text, String(k)]);
    }
    fillPicker(pick, options, String(current));
  } else {
    number.max = String(items);
    number.value = String(current + 1);
    number.ariaLabel = t.format === 'goal' ? 'Query number' : 'Instance number';
  }
}

function choose(k) {
  const t = el.text;
  if (!shown || !t) return;
  showText(shown.text, t.format === 'goal' ? { query: k } : { instance: k });
}
$('graph-pick').addEventListener('change', () => choose(Number($('graph-pick').value)));
$('graph-number').addEventListener('change', () => {
  const k = Math.floor(Number($('graph-number').value));
  if (k >= 1 && k <= Number($('graph-number').max)) choose(k - 1);
});

// ---- the judge answer ----------------------------------------------------------------------

let answerText = '';

async function showAnswer() {
  const t = el.text;
  const out = $('judge-output');
  const hint = $('results-hint');
  $('copy-status').textContent = '';
  if (!t || !shown || (t.format !== 'goal' && t.format !== 'dag')) {
    answerText = '';
    out.hidden = true;
    $('copy').hidden = true;
    $('check-form').hidden = true;
    hint.textContent = 'A plain edge list has no judge format: the drawing and the inspector give every vertex’s value.';
    return;
  }
  $('check-form').hidden = false;
  const r = await el.client.ask({ t: 'answer', ...source(), format: t.format });
  if (r.error) return;
  answerText = r.text;
  out.hidden = false;
  $('copy').hidden = false;
  hint.textContent =
    t.format === 'goal'
      ? 'As loopy graph prints it: one line per query, 1 if the player to move from the start wins, −1 if that player loses, 0 for a draw.'
      : 'As loopy dag prints it: per instance, 1 if the hero wins (else 0), then the vertices optimal play can visit from vertex 1.';
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
  const t = el.text;
  const now = t.format === 'goal' ? t.query : t.instance;
  if (now === k && el.state !== 'error') return Promise.resolve(true);
  const shownNow = nextLoad(el);
  choose(k);
  return shownNow;
}

checking = setupCheck({
  check: (output) => el.client.ask({ t: 'checkAnswer', ...source(), format: el.text.format, output }),
  where: (d) =>
    d.query
      ? `query ${fmt(d.query)}, vertex ${fmt(d.vertex)}`
      : d.vertex
        ? `instance ${fmt(d.instance)}, vertex ${fmt(d.vertex)}`
        : `instance ${fmt(d.instance)}`,
  forget: () => {
    el.flagged = [];
  },
  async show(d, report) {
    const k = d.query ?? d.instance;
    if (!k || !el.text || !(await showPart(k - 1))) return;
    el.seek(el.length); // every value decided: the flags are read against the answer
    const here = report.differences.filter((x) => (x.query ?? x.instance) === k && x.vertex);
    el.flagged = here.map((x) => ({ vertex: x.vertex, expected: x.expected, found: x.found, note: flagNote(x) }));
    if (d.vertex) el.showWhy(d.vertex);
  },
});

/** The popup's line for a difference of format dag's vertex list (the values' lines are the element's own). */
function flagNote(x) {
  if (x.kind === 'missingVertex') return `Your answer leaves vertex ${fmt(x.vertex)} out, but optimal play can visit it.`;
  if (x.kind === 'extraVertex') return `Your answer lists vertex ${fmt(x.vertex)}, but optimal play never visits it.`;
  if (el.text?.format === 'dag')
    return `Your answer says ${x.found ?? 'nothing'} for this instance, but the judge’s answer is ${x.expected}: ${x.expected === '1' ? 'the hero wins' : 'the hero does not win'} from vertex 1.`;
  return undefined;
}

// ---- the inspector -------------------------------------------------------------------------

const inspect = inspectorPanel(el, {
  look(hover) {
    const v = hover?.vertex ?? el.selected;
    return { key: el.game ? `${el.game.n}|${el.step}` : '', target: v ? { p: 0, pos: v } : null, facts: v ? el.describe(v) : null };
  },
  select: (t) => el.select(t.pos),
  jump: (t) => el.jumpToDecided(t.pos),
  idle: 'Hover over or click a vertex to see its value and why.',
  after() {
    const start = $('set-start');
    start.hidden = !el.selected || el.selected === el.game?.start;
    start.textContent = el.selected ? `Start from vertex ${fmt(el.selected)}` : '';
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
  const link = new URL(serializeGraphQuery(v), page).href;
  const script = new URL('loopy-graph.js', base).href;
  const embed = new URL(serializeGraphQuery({ ...v, embed: true }), page).href;
  const what = v.graph ? 'A game on a graph' : `A random graph of ${fmt(v.random.n)} vertices`;
  return {
    link,
    element: `<script type="module" src="${script}"></script>\n<loopy-graph ${graphAttributes(v)} controls="compact">${what}, solved backwards by Loopy.</loopy-graph>`,
    iframe: `<iframe src="${embed}" title="Loopy: a game on a graph solved backwards" width="640" height="460" loading="lazy"></iframe>`,
  };
}

$('share').onclick = () => {
  const v = el.view;
  if (!v) {
    $('load-status').textContent = 'This graph is too large for a link: share its text instead.';
    return;
  }
  openShare(v, graphSnippets);
};

// ---- the story writer (loaded when asked for) ----------------------------------------------

$('story-open').onclick = async () => {
  const { openWriter } = await import('../story/writer.js');
  // The graph as a link gives it (its edges, or a random graph's size and seed); a graph too large for a link has none.
  const game = () => {
    const v = el.view;
    if (!v) return null;
    const what = v.graph ? 'A game on a graph' : `A random graph of ${fmt(v.random.n)} vertices`;
    return { attrs: graphGameAttributes(v), fallback: `${what}, solved backwards by Loopy.` };
  };
  openWriter(el, $('story-writer'), { copy: copyText, game });
};

// ---- keys ------------------------------------------------------------------------------------

$('keys-list').replaceChildren(keyList(el.keys));
document.addEventListener('keydown', (e) => el.handleKey(e));

// ---- embedded in an iframe: tell the parent our height -------------------------------------

if (query.embed) reportHeight();
