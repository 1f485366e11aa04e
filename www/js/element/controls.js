// controls.js: the element's playback controls in plain words (full: every button and option; compact: one bar and a menu), its legend and its list of keys.

import { fmt } from '../ring/explain.js';
import { h, ICONS, icon } from './style.js';
import { GRANULARITIES, SPEEDS } from './url.js';

/** What one step of the animation is, in plain words first; the technical term in the tooltip. */
export const GRAN_LABEL = { events: 'check one move', resolutions: 'decide one position', layers: 'finish one depth' };
const GRAN_TERM = {
  events: 'Every event of the retrograde search (breadth-first search): each state taken from the queue and each move into it checked.',
  resolutions: 'Each resolution: a state becomes Win or Lose.',
  layers: 'Each BFS layer: every state whose game lasts a given number of moves is known.',
};

/**
 * The legend's lines, as { cls, mark, name, short, long, always }: the swatch's class and
 * what is drawn in it, the name, and two whole sentences: `short` for the compact legend's
 * "Every mark", `long` for the full legend; `always`: the compact legend's strip shows it
 * (its name, and the legend's note says what its number means). Every mark and every
 * number the picture draws has a line.
 */
export const LEGEND_LOSE = {
  always: true,
  cls: 'lose',
  mark: '2',
  name: 'Lose',
  short: 'Lose (square): every move hands the opponent a win.',
  long: 'Lose (square): every move hands the opponent a win; the number is how many moves the game lasts.',
};
export const LEGEND_UNDECIDED = {
  always: true,
  cls: 'unk',
  mark: '2',
  name: 'Undecided',
  short: 'Not decided yet (grey): the small number counts its moves still open.',
  long: 'Not decided yet (grey): the small number counts its moves still open.',
};
/** Shown only while a checked answer's differences are marked (the box's `flagged` class). */
export const LEGEND_FLAG = {
  always: true,
  cls: 'flag',
  mark: '✗',
  name: 'Your answer differs',
  short: 'Green ring and ✗: a checked answer gives another word here.',
  long: 'Green ring and ✗: a checked answer gives another word here; the popup says which, and why it is not the value.',
};

const LEGEND = [
  {
    always: true,
    cls: 'win',
    mark: '3',
    name: 'Win',
    short: 'Win (circle): the player to move can force a win.',
    long: 'Win (circle): the player to move can force a win; the number is how many moves the game lasts.',
  },
  LEGEND_LOSE,
  {
    always: true,
    cls: 'loop',
    mark: '∞',
    name: 'Loop',
    short: 'Loop (diamond, ∞): no one can force a win, so the game never ends.',
    long: 'Loop (diamond, ∞): no one can force a win, so the game never ends.',
  },
  LEGEND_UNDECIDED,
  {
    cls: 'queued',
    mark: '',
    name: 'Waiting',
    short: 'Dashed outline: decided, waiting in the queue.',
    long: 'Dashed outline: decided, waiting in the queue.',
  },
  {
    cls: 'popped',
    mark: '',
    name: 'Looked at now',
    short: 'Orange ring: looked at now.',
    long: 'Orange ring: looked at now; the moves into it are checked.',
  },
  {
    cls: 'pred',
    mark: '',
    name: 'Move being checked',
    short: 'Dashed orange ring and arrow: the move checked.',
    long: 'Dashed orange ring and arrow: the move checked.',
  },
  { cls: 'selected', mark: '', name: 'Selected', short: 'Black ring: the selected state.', long: 'Black ring: the selected state.' },
  { cls: 'hole', mark: '', name: 'The hole', short: 'Black bar: the hole, position 0.', long: 'Black bar: the hole, position 0.' },
  {
    cls: 'bands',
    mark: '',
    name: 'Large rings',
    short: 'Large rings: bands, Win solid, Lose striped, Loop dotted.',
    long: 'Large rings: bands, Win solid, Lose striped, Loop dotted.',
  },
  LEGEND_FLAG,
];

/** What the compact legend says of its strip's marks and numbers: one whole sentence, two lines on a phone. */
const NOTE = 'The number is how many moves the game lasts; ∞, that it never ends; a grey mark’s small number, its moves still open.';

/**
 * The legend, `entries` and `note` the ring's by default. `full`: every line with its long
 * sentence. Compact (a phone, an embed): a strip of the values' marks and the note saying
 * what their numbers mean, always in view, and every other mark behind "Every mark" (in
 * the flow: opening it pushes what follows down).
 */
export function legend(full, entries = LEGEND, note = NOTE) {
  const swatch = (e) => h('span', { className: `sw ${e.cls}`, ariaHidden: 'true' }, h('i', {}, e.mark));
  const line = (e, text) => h('li', { className: e.cls }, swatch(e), h('span', {}, text));
  if (full) return h('ul', { className: 'legend full', part: 'legend', ariaLabel: 'Legend' }, ...entries.map((e) => line(e, e.long)));
  // One flow of text, so that a narrow embed spends no line on a half-empty strip. Where
  // even the note has no room (an embed narrower than 360 px, 420 high), it moves behind
  // "Every mark", first (style.js).
  const items = entries.filter((e) => e.always).map((e) => h('span', { className: `item ${e.cls}`, title: e.long }, swatch(e), ` ${e.name}`));
  const more = h(
    'details',
    { className: 'more-marks' },
    h('summary', {}, 'Every mark'),
    h('ul', {}, h('li', { className: 'note-line' }, h('span', {}, note)), ...entries.filter((e) => !e.always).map((e) => line(e, e.short))),
  );
  return h(
    'div',
    { className: 'legend compact', part: 'legend', role: 'group', ariaLabel: 'Legend' },
    h('p', { className: 'strip' }, ...items, h('span', { className: 'note' }, note), ' ', more),
  );
}

/** A list of keys ([keys, what they do], as an element's `keys` gives them), as a definition list. */
export function keyList(keys) {
  return h('dl', { className: 'keys' }, ...keys.flatMap(([k, what]) => [h('dt', {}, h('kbd', {}, k)), h('dd', {}, what)]));
}

/**
 * Builds the controls for `mode` ('full' or 'compact') and wires them to `act`:
 * { jump(m), step(d), toggle(), scrub(m), setSpeed(v), setGran(g), setQuiz(on), keys(), refocus() }.
 * Returns { root, render(v) }.
 */
export function controls(mode, act) {
  const full = mode === 'full';
  const button = (id, label, d, text, after) =>
    h('button', { type: 'button', id, ariaLabel: label, title: label }, ...(after ? [text, ' ', icon(d)] : [icon(d), text ? ` ${text}` : '']));
  const play = h('button', { type: 'button', id: 'play', className: 'primary', title: 'Play or pause (Space)' });
  const playIcon = h('path', { d: ICONS.play, id: 'play-icon' });
  const playText = h('span', { id: 'play-text' }, 'Play');
  play.append(h('svg', { viewBox: '0 0 16 16', ariaHidden: 'true' }, playIcon), ' ', playText);
  const scrubber = h('input', { type: 'range', id: 'scrubber', min: 0, max: 0, value: 0, step: 1, ariaLabel: 'Step' });
  const stepOut = h('output', { id: 'step-out' }, '0 of 0');
  const speed = h('select', { id: 'speed' });
  for (const s of SPEEDS) speed.add(new Option(`${fmt(s)} step${s === 1 ? '' : 's'} a second`, String(s)));
  const grans = GRANULARITIES.map((g) => h('input', { type: 'radio', name: 'gran', value: g, checked: g === 'events' }));
  const quiz = h('input', { type: 'checkbox', id: 'quiz' });
  const keys = h('button', { type: 'button', id: 'keys', title: 'Keyboard shortcuts (?)' }, 'Keys');
  const options = [
    h('div', { className: 'row' }, h('label', { for: 'speed' }, 'Speed'), speed),
    h(
      'fieldset',
      { className: 'gran' },
      h('legend', {}, 'One step'),
      ...grans.map((r) => h('label', { title: GRAN_TERM[r.value] }, r, ` ${GRAN_LABEL[r.value]}`)),
    ),
    h(
      'div',
      { className: 'row' },
      h('label', { title: 'The inspector and the why box say only what the search knows at this step.' }, quiz, ' Hide the answers (quiz)'),
      keys,
    ),
  ];
  const start = button('start', 'Start', ICONS.start, full ? 'Start' : '');
  const back = button('back', 'Step back', ICONS.back, full ? 'Back' : '');
  const fwd = button('fwd', 'Step forward', ICONS.fwd, full ? 'Step' : '', true);
  const end = button('end', 'End', ICONS.end, full ? 'End' : '', true);
  if (!full) {
    playText.className = 'sr';
    play.ariaLabel = 'Play';
  }

  start.onclick = () => act.jump(0);
  back.onclick = () => act.step(-1);
  play.onclick = () => act.toggle();
  fwd.onclick = () => act.step(1);
  end.onclick = () => act.jump(Infinity);
  keys.onclick = () => act.keys();
  scrubber.addEventListener('input', () => act.scrub(Number(scrubber.value)));
  // A choice made, the focus stays on the control: its own keys (the arrows in a list or a
  // radio group) go on changing it, and every other key still drives the animation.
  speed.addEventListener('change', () => act.setSpeed(Number(speed.value)));
  for (const r of grans) {
    r.addEventListener('change', () => {
      if (r.checked) act.setGran(r.value);
    });
  }
  quiz.addEventListener('change', () => act.setQuiz(quiz.checked));

  let root;
  let menu = null;
  if (full) {
    root = h(
      'div',
      { className: 'controls', part: 'controls' },
      h('div', { className: 'transport', role: 'group', ariaLabel: 'Animation controls' }, start, back, play, fwd, end),
      h('div', { className: 'scrub' }, h('label', { for: 'scrubber' }, 'Step ', stepOut), scrubber),
      h('div', { className: 'row' }, ...options),
    );
  } else {
    menu = h(
      'details',
      { className: 'menu' },
      h('summary', { ariaLabel: 'More options', title: 'More options (Esc closes them)' }, '⋯'),
      h('div', { className: 'menu-body' }, h('div', { className: 'transport' }, start, end), ...options),
    );
    root = h(
      'div',
      { className: 'controls bar', part: 'controls', role: 'group', ariaLabel: 'Animation controls' },
      back,
      play,
      fwd,
      scrubber,
      stepOut,
      menu,
    );
  }

  // Without a game (loading, or a game with errors) there is no step to count or to move to.
  const counted = full ? [scrubber.parentElement] : [scrubber, stepOut];
  const moving = [start, back, play, fwd, end];
  const noGame = (none) => {
    for (const e of counted) e.hidden = none;
    for (const b of moving) b.disabled = none;
  };
  noGame(true);
  let key = '';
  return {
    root,
    /** The options menu of the compact bar (null in full mode), for the element's outside clicks. */
    menu,
    /** Closes the options menu; true when it was open. The focus, if it was in the menu, goes to its "⋯". */
    closeMenu() {
      if (!menu?.open) return false;
      const inside = menu.matches(':focus-within');
      menu.open = false;
      if (inside) menu.querySelector('summary').focus({ preventScroll: true });
      return true;
    },
    /** Brings buttons, scrubber and options in line with `v`: { playing, position, target, length, speed, g, quiz } (null: no game). */
    render(v) {
      const k = v ? `${v.playing}|${v.position}|${v.target}|${v.length}|${v.speed}|${v.g}|${v.quiz}` : 'none';
      if (k === key) return;
      key = k;
      noGame(!v);
      if (!v) return;
      playText.textContent = v.playing ? 'Pause' : 'Play';
      if (!full) play.ariaLabel = playText.textContent;
      playIcon.setAttribute('d', v.playing ? ICONS.pause : ICONS.play);
      scrubber.max = String(v.length);
      scrubber.value = String(v.target);
      scrubber.setAttribute('aria-valuetext', `step ${fmt(v.target)} of ${fmt(v.length)}`);
      stepOut.textContent = `${fmt(v.position)} of ${fmt(v.length)}`;
      speed.value = String(v.speed);
      for (const r of grans) r.checked = r.value === v.g;
      quiz.checked = v.quiz;
    },
  };
}
