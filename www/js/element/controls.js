// controls.js: the element's playback controls in plain words (full: every button and option; compact: one bar and a menu, its options fetched on its first opening), its legend and its list of keys.

import { adopt, h, ICONS, icon } from './style.js';
import { GRANULARITIES, SPEEDS } from './url.js';

/**
 * A legend's lines, as { cls, mark, name, short, long, always }: the swatch's class and
 * what is drawn in it, the name, and two whole sentences: `short` for the compact legend's
 * "Every mark", `long` for the full legend; `always`: the compact legend's strip shows it
 * (its name, and the legend's note says what its number means). Every mark and every
 * number the picture draws has a line. The words are catalog keys (a plain sentence is
 * shown as it is, for an element that has not named keys yet). The lines both elements show:
 */
export const LEGEND_LOSE = {
  always: true,
  cls: 'lose',
  mark: '2',
  name: 'core.legend.lose',
  short: 'core.legend.lose.short',
  long: 'core.legend.lose.long',
};
export const LEGEND_UNDECIDED = {
  always: true,
  cls: 'unk',
  mark: '2',
  name: 'core.legend.undecided',
  short: 'core.legend.undecided.short',
  long: 'core.legend.undecided.short',
};
/** Shown only while a checked answer's differences are marked (the box's `flagged` class). */
export const LEGEND_FLAG = {
  always: true,
  cls: 'flag',
  mark: '✗',
  name: 'core.legend.flag',
  short: 'core.legend.flag.short',
  long: 'core.legend.flag.long',
};

/** A legend's words in `w`: a catalog key's message, or a sentence given as it is. */
function say(w, text) {
  return /^[\w.@-]+$/.test(text) && w.has(text) ? w.t(text) : text;
}

/**
 * The legend in words `w` of an element's `entries` and `note` (see the lines above). `full`: every line
 * with its long sentence. Compact (a phone, an embed): a strip of the values' marks and the
 * note saying what their numbers mean, always in view, and every other mark behind "Every
 * mark" (in the flow: opening it pushes what follows down).
 */
export function legend(full, entries, note, w) {
  const swatch = (e) => h('span', { className: `sw ${e.cls}`, ariaHidden: 'true' }, h('i', {}, e.mark));
  const line = (e, text) => h('li', { className: e.cls }, swatch(e), h('span', {}, say(w, text)));
  const label = w.t('core.legend');
  if (full) return h('ul', { className: 'legend full', part: 'legend', ariaLabel: label }, ...entries.map((e) => line(e, e.long)));
  // One flow of text, so that a narrow embed spends no line on a half-empty strip. Where
  // even the note has no room (an embed narrower than 360 px, 420 high), it moves behind
  // "Every mark", first (style.js).
  const items = entries
    .filter((e) => e.always)
    .map((e) => h('span', { className: `item ${e.cls}`, title: say(w, e.long) }, swatch(e), ` ${say(w, e.name)}`));
  const more = h(
    'details',
    { className: 'more-marks' },
    h('summary', {}, w.t('core.legend.more')),
    h('ul', {}, h('li', { className: 'note-line' }, h('span', {}, say(w, note))), ...entries.filter((e) => !e.always).map((e) => line(e, e.short))),
  );
  return h(
    'div',
    { className: 'legend compact', part: 'legend', role: 'group', ariaLabel: label },
    h('p', { className: 'strip' }, ...items, h('span', { className: 'note' }, say(w, note)), ' ', more),
  );
}

/** A list of keys ([keys, what they do], as an element's `keys` gives them), as a definition list. */
export function keyList(keys) {
  return h('dl', { className: 'keys' }, ...keys.flatMap(([k, what]) => [h('dt', {}, h('kbd', {}, k)), h('dd', {}, what)]));
}

/**
 * Builds the controls for `mode` ('full' or 'compact') in words `w` and wires them to `act`:
 * { jump(m), step(d), toggle(), scrub(m), setSpeed(v), setGran(g), setQuiz(on), keys(), refocus() }.
 * The options (speed, granularity, quiz, keys: element/options.js) come from `act.optionsModule()`,
 * the module or null, and `act.loadOptions()`, a promise of it; their look is adopted in
 * `act.shadow`. Full controls show them at once (the element has fetched them first); the
 * compact bar's menu fetches them on its first opening and opens once they are there, whole
 * (or saying that they could not be loaded). Returns { root, menu, closeMenu(), render(v) }.
 */
export function controls(mode, act, w) {
  const full = mode === 'full';
  const t = (key, params) => w.t(key, params);
  const button = (id, label, d, text, after) =>
    h('button', { type: 'button', id, ariaLabel: label, title: label }, ...(after ? [text, ' ', icon(d)] : [icon(d), text ? ` ${text}` : '']));
  const play = h('button', { type: 'button', id: 'play', className: 'primary', title: t('core.controls.play.title') });
  const playIcon = h('path', { d: ICONS.play, id: 'play-icon' });
  const playText = h('span', { id: 'play-text' }, t('core.controls.play'));
  play.append(h('svg', { viewBox: '0 0 16 16', ariaHidden: 'true' }, playIcon), ' ', playText);
  const scrubber = h('input', { type: 'range', id: 'scrubber', min: 0, max: 0, value: 0, step: 1, ariaLabel: t('core.controls.step') });
  const stepOut = h('output', { id: 'step-out' }, t('core.controls.counter', { at: 0, length: 0 }));
  let opts = null; // the options, once built
  let shown = null; // what render() last showed, for options built after it
  const optionNodes = (module) => {
    if (!module) return [h('p', { className: 'hint' }, t('core.controls.options.unloaded'))];
    opts = module.options({ h, adopt, w, act, speeds: SPEEDS, granularities: GRANULARITIES, shadow: act.shadow });
    if (shown) opts.render(shown);
    return opts.nodes;
  };
  const start = button('start', t('core.controls.start'), ICONS.start, full ? t('core.controls.start') : '');
  const back = button('back', t('core.controls.back.title'), ICONS.back, full ? t('core.controls.back') : '');
  const fwd = button('fwd', t('core.controls.fwd.title'), ICONS.fwd, full ? t('core.controls.fwd') : '', true);
  const end = button('end', t('core.controls.end'), ICONS.end, full ? t('core.controls.end') : '', true);
  if (!full) {
    playText.className = 'sr';
    play.ariaLabel = t('core.controls.play');
  }

  start.onclick = () => act.jump(0);
  back.onclick = () => act.step(-1);
  play.onclick = () => act.toggle();
  fwd.onclick = () => act.step(1);
  end.onclick = () => act.jump(Infinity);
  scrubber.addEventListener('input', () => act.scrub(Number(scrubber.value)));

  let root;
  let menu = null;
  if (full) {
    root = h(
      'div',
      { className: 'controls', part: 'controls' },
      h('div', { className: 'transport', role: 'group', ariaLabel: t('core.controls.group') }, start, back, play, fwd, end),
      h('div', { className: 'scrub' }, h('label', { for: 'scrubber' }, t('core.controls.step'), ' ', stepOut), scrubber),
      h('div', { className: 'row' }, ...optionNodes(act.optionsModule())),
    );
  } else {
    const summary = h('summary', { ariaLabel: t('core.controls.more'), title: t('core.controls.more.title') }, '⋯');
    const body = h('div', { className: 'menu-body' }, h('div', { className: 'transport' }, start, end));
    menu = h('details', { className: 'menu' }, summary, body);
    // The options are built on the first opening (a click, or Enter or Space on the "⋯"):
    // the menu opens once they are there, so that it never opens half-built and grows.
    let filled = false;
    let filling = false;
    const fill = () => {
      filling = true;
      const done = (module) => {
        body.append(...optionNodes(module));
        filled = true;
        menu.open = true;
      };
      const now = act.optionsModule();
      if (now) done(now);
      else act.loadOptions().then(done, () => done(null));
    };
    summary.addEventListener('click', (e) => {
      if (filled || menu.open) return;
      e.preventDefault();
      if (!filling) fill();
    });
    // Opened otherwise (a page setting `open`), it fills as soon as it can.
    menu.addEventListener('toggle', () => {
      if (menu.open && !filled && !filling) fill();
    });
    // A pointer on its way to the "⋯", or the focus on it, fetches them already.
    const early = () => act.loadOptions().catch(() => {});
    summary.addEventListener('pointerenter', early, { once: true });
    summary.addEventListener('focus', early, { once: true });
    root = h(
      'div',
      { className: 'controls bar', part: 'controls', role: 'group', ariaLabel: t('core.controls.group') },
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
      shown = v;
      playText.textContent = v.playing ? t('core.controls.pause') : t('core.controls.play');
      if (!full) play.ariaLabel = playText.textContent;
      playIcon.setAttribute('d', v.playing ? ICONS.pause : ICONS.play);
      scrubber.max = String(v.length);
      scrubber.value = String(v.target);
      scrubber.setAttribute('aria-valuetext', t('core.controls.valuetext', { at: v.target, length: v.length }));
      stepOut.textContent = t('core.controls.counter', { at: v.position, length: v.length });
      opts?.render(v);
    },
  };
}
