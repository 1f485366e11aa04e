// main.js: wiring: the app state, the one animation loop, and what each worker answer changes.

import { Engine } from './engine.js';
import { Ring } from './ring.js';
import { narrate } from './explain.js';
import { Inspector } from './inspector.js';
import { setupControls } from './controls.js';
import { setupInput, PRESETS, gameTexts } from './input.js';
import { parseQuery, SPEEDS, formatSteps } from './url.js';

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const fmt = (x) => x.toLocaleString('en-US');
const query = parseQuery(location.search);
const reduced = matchMedia('(prefers-reduced-motion: reduce)');
if (query.embed) root.classList.add('embed');

const PREVIEW_WORDS = 60;
const app = {
  g: null, // the shown game for explain.js: { id, n, steps: [, s1, s2], out, dep, best }
  desired: 0, // the step the animation is heading for (fractional while playing)
  playing: false,
  speed: query.speed || 2,
  gran: query.g || 'events',
  sel: null,
  hover: null,
  spoken: false, // announce the next inspector change (selection by keyboard or click)
  focusMoves: false,
  dirty: true,
  frames: 0,
  loading: null, // options of the load in flight
  nav: 0, // counts the visitor's moves (to tell them from a granularity change's renumbering)
  navAtGran: -1,
};

const ring = new Ring($('ring'));
const engine = new Engine(receive);
const inspector = new Inspector($('insp-body'), $('insp-said'), (t) => select(t, true));
const narration = $('narration');

// ---- the one animation loop ------------------------------------------------------------

let raf = 0;
let last = 0;
function schedule() {
  if (!raf) raf = requestAnimationFrame(frame);
}

function frame(t) {
  raf = 0;
  const game = engine.game;
  if (game && app.playing) {
    const dt = last ? Math.min(100, t - last) : 0;
    app.desired = Math.min(game.length, app.desired + (dt * app.speed) / 1000);
    if (app.desired >= game.length) app.playing = false;
    app.dirty = true;
  }
  last = app.playing ? t : 0;
  if (game) {
    engine.target = Math.floor(app.desired);
    engine.pump();
  }
  if (app.dirty) render();
  const busy = engine.busy || app.dirty || !game;
  root.dataset.state = busy ? 'busy' : 'ready';
  if (app.playing || busy) schedule();
}

function render() {
  app.dirty = false;
  const game = engine.game;
  if (!game) return;
  ring.draw({
    snap: game.snap,
    changed: engine.takeChanged(),
    event: game.event,
    current: game.current,
    sel: app.sel,
    hover: app.hover,
  });
  const said = narrate(app.g, game.event);
  if (narration.textContent !== said) narration.textContent = said;
  narration.setAttribute('aria-busy', String(app.playing));
  controls.render({ playing: app.playing, position: game.position, target: engine.target, length: game.length, speed: app.speed, g: game.g });
  const known = `${fmt(game.resolved)} of ${fmt(2 * (game.n - 1))} states known${game.done ? `, ${fmt(2 * (game.n - 1) - game.resolved)} Loop` : ''}`;
  if ($('known').textContent !== known) $('known').textContent = known;
  const t = app.hover || app.sel;
  inspector.render(app.g, t, t ? game.snap[(t.p - 1) * game.n + t.pos] : 0, game.done, app.spoken, app.focusMoves);
  app.spoken = app.focusMoves = false;
  controls.syncUrl(view(), !app.playing);
  root.dataset.step = game.position;
  root.dataset.total = game.length;
  root.dataset.n = game.n;
  root.dataset.frame = ++app.frames;
  if (app.frames === 1) performance.mark('loopy:first-frame');
}

function view() {
  const game = engine.game;
  return {
    game: { n: game.n, s1: game.s1, s2: game.s2 },
    g: game.g,
    step: game.position,
    speed: app.speed,
    sel: app.sel,
    autoplay: app.playing,
    embed: query.embed,
  };
}

function redraw() {
  app.dirty = true;
  root.dataset.state = 'busy';
  schedule();
}

// ---- what the controls do --------------------------------------------------------------

const clampStep = (m) => Math.max(0, Math.min(engine.game ? engine.game.length : 0, m));
function goTo(m) {
  app.nav++;
  app.playing = false;
  app.desired = clampStep(m);
  engine.target = Math.floor(app.desired);
  engine.force = true;
  engine.pump(); // ask the worker now; the answer is drawn at the next frame
  redraw();
}

function select(t, fromInspector = false) {
  app.sel = t;
  app.spoken = true;
  app.focusMoves = fromInspector;
  redraw();
}

const actions = {
  toggle() {
    const game = engine.game;
    if (!game) return;
    if (!app.playing && Math.floor(app.desired) >= game.length) app.desired = 0;
    app.playing = !app.playing;
    redraw();
  },
  step: (d) => goTo(Math.floor(app.desired) + d),
  jump: (m) => goTo(m),
  scrub: (m) => goTo(m),
  setSpeed(v) {
    app.speed = v;
    redraw();
  },
  faster(dir) {
    const k = SPEEDS.indexOf(app.speed);
    app.speed = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, k + dir))];
    redraw();
  },
  setGran(g) {
    app.gran = g;
    app.navAtGran = app.nav;
    engine.setGranularity(g);
    redraw();
  },
  moveSel(p, d) {
    const g = app.g;
    if (!g) return;
    const m = g.n - 1;
    const cur = app.sel || { p: 1, pos: d > 0 ? 0 : 1 };
    const pos = ((((cur.pos - 1 + d) % m) + m) % m) + 1;
    select({ p: p || cur.p, pos });
  },
  select,
};
const controls = setupControls(actions);

// ---- input -----------------------------------------------------------------------------

const input = setupInput({
  requestGame: (texts) => requestGame(texts),
  parse: (text) => engine.parse(text),
});

let progressTimer = 0;
function requestGame(texts, opts = {}) {
  const game = input.read(texts, opts.quiet);
  if (!game) {
    if (opts.fallback) loadDefault();
    return;
  }
  app.loading = opts;
  $('load-status').textContent = '';
  engine.load(game, app.gran, opts.at || 0);
  clearTimeout(progressTimer);
  $('progress').value = 0;
  $('progress-label').textContent = `Solving n = ${fmt(game.n)}…`;
  // Quick solves never show the bar; slow ones show it after a moment.
  progressTimer = setTimeout(() => ($('progress-box').hidden = false), 100);
  redraw();
}

function loadDefault() {
  requestGame(gameTexts(PRESETS[0]), { quiet: true });
}

function endLoad() {
  clearTimeout(progressTimer);
  $('progress-box').hidden = true;
  app.loading = null;
}

function defaultSpeed(length) {
  const s = SPEEDS.find((v) => length / v <= 40) || SPEEDS[SPEEDS.length - 1];
  return Math.max(2, s);
}

function receive(type, m) {
  switch (type) {
    case 'loaded':
      return loaded(m);
    case 'frame':
      // A new granularity numbers the same place anew, unless the visitor moved meanwhile.
      if (!m.stale && !m.moved && engine.game && app.navAtGran === app.nav) {
        app.desired = engine.target = engine.game.position;
      }
      return redraw();
    case 'progress':
      $('progress').value = m.resolved / m.total;
      $('progress-label').textContent = m.preparing
        ? `Preparing the animation of n = ${fmt(m.total / 2 + 1)}…`
        : `Solving n = ${fmt(m.total / 2 + 1)}: ${fmt(m.resolved)} of ${fmt(m.total)} states decided`;
      return;
    case 'error': {
      const opts = app.loading || {};
      endLoad();
      if (!opts.quiet) input.coreError(m.message);
      if (opts.fallback) loadDefault();
      return redraw();
    }
    case 'cancelled':
      endLoad();
      $('load-status').textContent = 'Cancelled: the previous game is still shown.';
      return redraw();
    case 'fatal':
      endLoad();
      $('fatal').textContent = m.message;
      $('fatal').hidden = false;
      return redraw();
  }
}

function loaded(game) {
  const opts = app.loading || {};
  endLoad();
  const sorted = (s) => Uint32Array.from(s).sort();
  app.g = { id: game.id, n: game.n, steps: [null, sorted(game.s1), sorted(game.s2)], out: game.out, dep: game.dep, best: game.best };
  ring.setGame(game.n, app.g.steps);
  const sel = opts.sel;
  app.sel = sel && sel.pos < game.n ? sel : null;
  app.hover = null;
  app.desired = game.position;
  app.speed = opts.speed || defaultSpeed(game.length);
  app.playing = Boolean(opts.autoplay) && !reduced.matches;
  if (!opts.quiet) input.clearErrors();
  const steps = (s) => {
    const t = formatSteps(s, ', ').replace(/-/g, '–');
    return t.length > 40 ? `${t.slice(0, 40)}…` : t;
  };
  $('game-summary').textContent = `Ring of ${fmt(game.n)} · player 1 steps {${steps(app.g.steps[1])}} · player 2 steps {${steps(app.g.steps[2])}}`;
  showJudge(game);
  if (app.gran !== game.g) engine.setGranularity(app.gran); // changed while it loaded
  redraw();
}

// ---- the judge output ------------------------------------------------------------------

const WORD = ['Loop', 'Win', 'Lose'];
function showJudge(game) {
  const out = $('judge-output');
  const note = $('judge-note');
  $('copy-status').textContent = '';
  if (game.judge !== null) {
    out.textContent = game.judge;
    note.hidden = true;
    return;
  }
  const line = (p) => {
    const w = [];
    for (let i = 1; i <= PREVIEW_WORDS; i++) w.push(WORD[game.out[(p - 1) * game.n + i]]);
    return `${w.join(' ')} …`;
  };
  out.textContent = `${line(1)}\n${line(2)}`;
  note.textContent = `Showing the first ${PREVIEW_WORDS} of ${fmt(game.n - 1)} words of each line. “Copy all” copies the whole text.`;
  note.hidden = false;
}

$('copy').onclick = async () => {
  const status = $('copy-status');
  if (!engine.game) return;
  status.textContent = 'Copying…';
  const text = await engine.judgeText();
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = `Copied ${fmt(text.length)} characters.`;
  } catch {
    const ok = fallbackCopy(text);
    status.textContent = ok ? `Copied ${fmt(text.length)} characters.` : 'Copying is blocked here: select the text and press Ctrl+C.';
  }
};

function fallbackCopy(text) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
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

$('cancel').onclick = () => engine.cancel();

// ---- the ring: size, pointer, keys -----------------------------------------------------

const canvas = $('ring');
function fit() {
  const box = $('ringbox');
  const byHeight = innerHeight - (query.embed ? 50 : 230);
  const size = Math.max(240, Math.min(box.clientWidth, 640, byHeight));
  if (ring.layout(size, devicePixelRatio || 1)) {
    engine.changed = 'all';
    redraw();
  }
}
new ResizeObserver(fit).observe($('ringbox'));
addEventListener('resize', fit);

function pointAt(e) {
  const r = canvas.getBoundingClientRect();
  return ring.hit(e.clientX - r.left, e.clientY - r.top);
}
const same = (a, b) => a === b || (a && b && a.p === b.p && a.pos === b.pos);
canvas.addEventListener('pointermove', (e) => {
  if (e.pointerType !== 'mouse') return;
  const t = pointAt(e);
  if (!same(t, app.hover)) {
    app.hover = t;
    redraw();
  }
});
canvas.addEventListener('pointerleave', () => {
  if (app.hover) {
    app.hover = null;
    redraw();
  }
});
canvas.addEventListener('click', (e) => {
  const t = pointAt(e);
  if (t) select(t);
});

reduced.addEventListener('change', () => {
  if (reduced.matches && app.playing) actions.toggle();
});

// ---- start -----------------------------------------------------------------------------

fit();
const start = { at: query.step, sel: query.sel, autoplay: query.autoplay, speed: query.speed };
if (query.game) {
  input.setTexts(query.game);
  requestGame(query.game, { ...start, fallback: true });
} else {
  const t = gameTexts(PRESETS[0]);
  input.setTexts(t);
  requestGame(t, start);
}
schedule();
