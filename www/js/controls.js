// controls.js: the element's playback controls (full: every button and option; compact: one bar and a menu) and its legend.

import { h, ICONS, icon } from './style.js';
import { GRANULARITIES, SPEEDS } from './url.js';

const fmt = (x) => x.toLocaleString('en-US');
const GRAN_LABEL = { events: 'every event', resolutions: 'each resolution', layers: 'each BFS layer' };

const LEGEND = [
  ['win', '', 'Win', 'the player to move can force a win; the number: moves until the game ends'],
  ['lose', '', 'Lose', 'every move hands the opponent a Win'],
  ['loop', '', 'Loop', 'nobody can force a win'],
  ['unk', '2', 'Not known yet', 'the number: moves not yet known to lose'],
  ['queued', '', 'In the queue', 'dashed outline (paler band)'],
  ['popped', '', 'Popped', 'its predecessors are being checked (orange ring)'],
  ['pred', '', 'Move being checked', 'dashed orange ring and arrow'],
  ['selected', '', 'Selected', 'black ring'],
  ['hole', '', 'The hole', 'position 0: moving onto it wins'],
];

/** The legend: every mark in full mode, the four values on one line in compact mode. */
export function legend(full) {
  const items = full ? LEGEND : LEGEND.slice(0, 4);
  return h(
    'ul',
    { className: full ? 'legend full' : 'legend', part: 'legend', ariaLabel: 'Legend' },
    ...items.map(([cls, mark, name, text]) =>
      h(
        'li',
        {},
        h('span', { className: `sw ${cls}`, ariaHidden: 'true' }, mark),
        full ? h('span', {}, h('b', {}, name), `: ${text}.`) : h('span', {}, name),
      ),
    ),
  );
}

/**
 * Builds the controls for `mode` ('full' or 'compact') and wires them to `act`:
 * { jump(m), step(d), toggle(), scrub(m), setSpeed(v), setGran(g) }. Returns { root, render(v) }.
 */
export function controls(mode, act) {
  const button = (id, label, d, text, after) =>
    h('button', { type: 'button', id, ariaLabel: label, title: label }, ...(after ? [text, ' ', icon(d)] : [icon(d), text ? ` ${text}` : '']));
  const play = h('button', { type: 'button', id: 'play', className: 'primary', title: 'Play or pause (Space)' });
  const playIcon = h('path', { d: ICONS.play, id: 'play-icon' });
  const playText = h('span', { id: 'play-text' }, 'Play');
  play.append(h('svg', { viewBox: '0 0 16 16', ariaHidden: 'true' }, playIcon), ' ', playText);
  const scrubber = h('input', { type: 'range', id: 'scrubber', min: 0, max: 0, value: 0, step: 1, ariaLabel: 'Step' });
  const stepOut = h('output', { id: 'step-out' }, '0 of 0');
  const speed = h('select', { id: 'speed' });
  for (const s of SPEEDS) speed.add(new Option(`${fmt(s)} per second`, String(s)));
  const grans = GRANULARITIES.map((g) => h('input', { type: 'radio', name: 'gran', value: g, checked: g === 'events' }));
  const options = [
    h('div', { className: 'row' }, h('label', { for: 'speed' }, 'Speed'), speed),
    h('fieldset', { className: 'gran' }, h('legend', {}, 'Show'), ...grans.map((r) => h('label', {}, r, ` ${GRAN_LABEL[r.value]}`))),
  ];
  const start = button('start', 'Start', ICONS.start, mode === 'full' ? 'Start' : '');
  const back = button('back', 'Step back', ICONS.back, mode === 'full' ? 'Back' : '');
  const fwd = button('fwd', 'Step forward', ICONS.fwd, mode === 'full' ? 'Step' : '', true);
  const end = button('end', 'End', ICONS.end, mode === 'full' ? 'End' : '', true);
  if (mode !== 'full') {
    playText.className = 'sr';
    play.ariaLabel = 'Play';
  }

  start.onclick = () => act.jump(0);
  back.onclick = () => act.step(-1);
  play.onclick = () => act.toggle();
  fwd.onclick = () => act.step(1);
  end.onclick = () => act.jump(Infinity);
  scrubber.addEventListener('input', () => act.scrub(Number(scrubber.value)));
  speed.addEventListener('change', () => act.setSpeed(Number(speed.value)));
  for (const r of grans) r.addEventListener('change', () => r.checked && act.setGran(r.value));

  let root;
  if (mode === 'full') {
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
    /** Brings buttons, scrubber and options in line with `v`: { playing, position, target, length, speed, g }. */
    render(v) {
      const k = `${v.playing}|${v.position}|${v.target}|${v.length}|${v.speed}|${v.g}`;
      if (k === key) return;
      key = k;
      playText.textContent = v.playing ? 'Pause' : 'Play';
      if (mode !== 'full') play.ariaLabel = playText.textContent;
      playIcon.setAttribute('d', v.playing ? ICONS.pause : ICONS.play);
      scrubber.max = String(v.length);
      scrubber.value = String(v.target);
      scrubber.setAttribute('aria-valuetext', `step ${fmt(v.target)} of ${fmt(v.length)}`);
      stepOut.textContent = `${fmt(v.position)} of ${fmt(v.length)}`;
      speed.value = String(v.speed);
      for (const r of grans) r.checked = r.value === v.g;
    },
  };
}
