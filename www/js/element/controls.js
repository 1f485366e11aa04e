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

/** The legend's lines both games have, as [mark, inside, name, meaning]. */
export const LEGEND_LOSE = ['lose', '', 'Lose', 'every move hands the opponent a win'];
export const LEGEND_UNDECIDED = ['unk', '2', 'Not decided yet', 'small grey number: its moves still open'];
/** Shown only while a checked answer's differences are marked (the box's `flagged` class). */
export const LEGEND_FLAG = ['flag', '✗', 'Your answer differs', 'green ring and ✗: the checked answer gives another word here'];

const LEGEND = [
  ['win', '', 'Win', 'the player to move can force a win; inside: how many moves the game lasts'],
  LEGEND_LOSE,
  ['loop', '', 'Loop', 'neither player can force a win: the game never ends'],
  LEGEND_UNDECIDED,
  ['queued', '', 'Waiting to be looked at', 'dashed outline (paler band)'],
  ['popped', '', 'Looked at now', 'the states that move to it are checked (orange ring)'],
  ['pred', '', 'Move being checked', 'dashed orange ring and orange arrow'],
  ['selected', '', 'Selected', 'black ring: click a state, or Shift+arrows'],
  ['hole', '', 'The hole', 'position 0: moving onto it wins'],
  LEGEND_FLAG,
];

/** The legend: every mark (`full`), or the four values on one line (and the flag while shown). `entries`: the ring's by default. */
export function legend(full, entries = LEGEND) {
  const items = full ? entries : [...entries.slice(0, 4), LEGEND_FLAG];
  return h(
    'ul',
    { className: full ? 'legend full' : 'legend compact', part: 'legend', ariaLabel: 'Legend' },
    ...items.map(([cls, mark, name, text]) =>
      h(
        'li',
        { className: cls === 'flag' ? 'flag-row' : '' },
        h('span', { className: `sw ${cls}`, ariaHidden: 'true' }, h('i', {}, mark)),
        full ? h('span', {}, h('b', {}, name), `: ${text}.`) : h('span', { title: text }, name),
      ),
    ),
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
  // A choice made, the focus goes back to the ring: the arrow keys drive the animation again.
  speed.addEventListener('change', () => {
    act.setSpeed(Number(speed.value));
    act.refocus();
  });
  for (const r of grans) {
    r.addEventListener('change', () => {
      if (!r.checked) return;
      act.setGran(r.value);
      act.refocus();
    });
  }
  quiz.addEventListener('change', () => {
    act.setQuiz(quiz.checked);
    act.refocus();
  });

  let root;
  if (full) {
    root = h(
      'div',
      { className: 'controls', part: 'controls' },
      h('div', { className: 'transport', role: 'group', ariaLabel: 'Animation controls' }, start, back, play, fwd, end),
      h('div', { className: 'scrub' }, h('label', { for: 'scrubber' }, 'Step ', stepOut), scrubber),
      h('div', { className: 'row' }, ...options),
    );
  } else {
    const menu = h(
      'details',
      { className: 'menu' },
      h('summary', { ariaLabel: 'More options', title: 'More options' }, '⋯'),
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

  let key = '';
  return {
    root,
    /** Brings buttons, scrubber and options in line with `v`: { playing, position, target, length, speed, g, quiz }. */
    render(v) {
      const k = `${v.playing}|${v.position}|${v.target}|${v.length}|${v.speed}|${v.g}|${v.quiz}`;
      if (k === key) return;
      key = k;
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
