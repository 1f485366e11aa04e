// page.js: the Loopy page: one <loopy-ring> plus its panels (inputs, inspector, judge output, share) and the URL.

import '../loopy-ring.js';
import { gameTexts, PRESETS, setupInput } from './input.js';
import { Inspector } from './inspector.js';
import { openShare } from './share.js';
import { formatSteps, parseQuery, serializeQuery } from './url.js';

const $ = (id) => document.getElementById(id);
const fmt = (x) => x.toLocaleString('en-US');
const query = parseQuery(location.search);
const ring = $('loopy');
const PREVIEW_WORDS = 60;
const WORD = ['Loop', 'Win', 'Lose'];

if (query.embed) {
  document.documentElement.classList.add('embed');
  ring.setAttribute('controls', 'compact');
}

// ---- the game: fields → element attributes -----------------------------------------------

const input = setupInput({
  requestGame(texts) {
    input.clearErrors();
    $('load-status').textContent = '';
    ring.removeAttribute('step');
    ring.removeAttribute('selected');
    for (const f of ['n', 's1', 's2']) ring.setAttribute(f, texts[f]);
  },
  client: () => ring.client,
});

const start = query.game || gameTexts(PRESETS[0]);
input.setTexts(start);
for (const f of ['n', 's1', 's2']) ring.setAttribute(f, start[f]);
if (query.step) ring.setAttribute('step', query.step);
if (query.sel) ring.setAttribute('selected', `${query.sel.p}:${query.sel.pos}`);
if (query.speed) ring.setAttribute('speed', query.speed);
if (query.g) ring.setAttribute('granularity', query.g);
if (query.autoplay) ring.setAttribute('autoplay', '');

ring.addEventListener('loopy-error', (e) => input.showErrors(e.detail.errors || [e.detail]));
ring.addEventListener('loopy-cancel', () => {
  $('load-status').textContent = 'Cancelled: the previous game is still shown.';
});
ring.addEventListener('loopy-ready', (e) => {
  const { n, s1, s2 } = e.detail;
  input.clearErrors();
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

const inspector = new Inspector($('insp-body'), $('insp-said'), (t) => {
  ring.select(t.p, t.pos);
  inspect(true, true);
});
let hover = null;
ring.addEventListener('loopy-select', () => {
  sync(true);
  inspect(true);
});
// The page's inspector explains a clicked state, so the element's own popup stays closed.
ring.addEventListener('loopy-why', (e) => e.preventDefault());
ring.addEventListener('loopy-describe', () => inspect());
ring.addEventListener('loopy-hover', (e) => {
  hover = e.detail;
  inspect();
});

function inspect(spoken = false, focus = false) {
  const s = hover || ring.selected;
  const t = s && { p: s.player, pos: s.pos };
  const d = t && ring.describe(t.p, t.pos);
  inspector.render(ring.game?.n, t, d, spoken, focus);
}

// ---- the judge output ----------------------------------------------------------------------

async function showJudge(n) {
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

$('copy').onclick = async () => {
  const status = $('copy-status');
  status.textContent = 'Copying…';
  const text = await ring.judgeText();
  status.textContent = (await copyText(text))
    ? `Copied ${fmt(text.length)} characters.`
    : 'Copying is blocked here: select the text and press Ctrl+C.';
};

/** Copies text to the clipboard; false when the browser refuses. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

// ---- the URL and sharing -------------------------------------------------------------------

let urlAt = 0;
let lastUrl = null;
/** Keeps the address bar on the view; while playing, at most about once a second. */
function sync(force) {
  const v = ring.view;
  if (!v) return;
  const q = serializeQuery({ ...v, autoplay: ring.playing, embed: query.embed });
  if (q === lastUrl) return;
  const now = performance.now();
  if (!force && now - urlAt < 1000) return;
  urlAt = now;
  lastUrl = q;
  // Relative to the document, so an odd path (a doubled slash, say) cannot make it cross-origin.
  history.replaceState(null, '', q || '?');
  $('open-full').href = serializeQuery({ ...v, embed: false, autoplay: false }) || './';
}

$('share').onclick = () => openShare(ring.view);

// ---- keys pressed outside the element drive it too -----------------------------------------

// (Keys inside the element are handled there first: they arrive here already handled.)
document.addEventListener('keydown', (e) => ring.handleKey(e));

// ---- embedded in an iframe: tell the parent our height -------------------------------------

if (query.embed && parent !== window) {
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      parent.postMessage({ type: 'loopy:resize', height }, '*');
    }
  }).observe(document.documentElement);
}
