// element/skeleton.js: an element's shadow DOM: the stage (canvas, fallback, error, progress, popup, keys box) and the side column, and the room its picture has.

import { controls, keyList, legend } from './controls.js';
import { h } from './style.js';

/**
 * Builds the parts into `root`, in words `w` (element/i18n.js): `canvas` labelled by `names`
 * ({ id, roledescription, label }), the popup's root, the list of `keys`, the glossary link
 * to `rules`, presenter mode's way out (a × that calls `leave`). Returns the parts
 * by name; `reword` says their words again.
 */
export function skeleton(root, { words: w, names, popup, keys, rules, cancel, leave }) {
  const p = {};
  p.canvas = h('canvas', { id: names.id, part: 'canvas', tabIndex: 0, role: 'application' });
  p.error = h('div', { className: 'overlay', part: 'error', role: 'alert', hidden: true });
  p.progressText = h('span', { id: 'progress-label' }, w.t('core.progress.solving'));
  p.progress = h('progress', { id: 'progress', max: 1, value: 0 });
  p.cancel = h('button', { type: 'button', id: 'cancel' });
  p.cancel.onclick = cancel;
  p.progressBox = h('div', { className: 'progress', id: 'progress-box', part: 'progress', hidden: true }, p.progressText, p.progress, p.cancel);
  p.keysTitle = h('strong', {});
  p.keysList = keyList(keys);
  p.keysHint = h('p', { className: 'hint' });
  p.keys = h('div', { className: 'keys-box', part: 'keys', role: 'dialog', hidden: true, tabIndex: -1 }, p.keysTitle, p.keysList, p.keysHint);
  // The light-DOM content shows in the stage until the first picture (a post never shows an empty box).
  p.fallback = h('div', { className: 'fallback' }, h('slot', {}));
  // Presenter mode's way out for a mouse (the keyboard has F and Esc).
  p.leave = h('button', { type: 'button', className: 'leave' }, '×');
  p.leave.onclick = leave;
  p.stage = h('div', { className: 'stage', part: 'stage' }, p.fallback, p.canvas, p.error, p.progressBox, popup, p.keys, p.leave);
  p.narration = h('p', { className: 'narration', part: 'narration', ariaLive: 'polite', id: 'narration' }, w.t('core.loading'));
  p.term = h('a', { className: 'term', id: 'term', target: '_blank', rel: 'noopener', href: rules });
  p.known = h('p', { className: 'known', id: 'known' });
  p.said = h('p', { className: 'sr', ariaLive: 'polite' });
  p.side = h('div', { className: 'side', part: 'side' });
  p.box = h('div', { className: 'box', part: 'box' }, p.stage, p.side);
  // Resolves the CSS length --loopy-max-height (any unit) to pixels.
  p.probe = h('div', { className: 'probe', ariaHidden: 'true' });
  root.append(p.box, p.said, p.probe);
  reword(p, w, { names, keys });
  return p;
}

/**
 * Says the skeleton's words in `w`: the canvas's labels (`names`), the progress box, the keys
 * box with its list of `keys`, and the glossary link. What a load or a frame writes (the
 * narration, the progress's words) is theirs to say again.
 */
export function reword(p, w, { names, keys }) {
  p.canvas.setAttribute('aria-roledescription', names.roledescription);
  p.canvas.setAttribute('aria-label', names.label);
  p.progress.setAttribute('aria-label', w.t('core.progress'));
  p.cancel.textContent = w.t('core.progress.cancel');
  p.keys.setAttribute('aria-label', w.t('core.keys.box'));
  p.keysTitle.textContent = w.t('core.keys.title');
  const list = keyList(keys);
  p.keysList.replaceWith(list);
  p.keysList = list;
  p.keysHint.textContent = w.t('core.keys.hint');
  p.term.textContent = w.t('core.term');
  p.leave.title = w.t('core.present.leave.title');
  p.leave.setAttribute('aria-label', w.t('core.present.leave'));
}

/**
 * The side column for controls `mode` ('none', 'compact', 'full'): the playback controls
 * (driven by `on`: jump, step, toggle, scrub, setSpeed, setGran, setQuiz, keys, refocus; in `on.words`),
 * then what the element puts there (`on.kids(mode, controls, compact legend, full legend)`,
 * its legend `on.legend`: `{ entries, note }`, the ring's when absent). Returns the controls, or null for 'none'.
 */
export function side(p, mode, on) {
  const w = on.words;
  const made = mode === 'none' ? null : controls(mode, on, w);
  const { entries, note } = on.legend ?? {};
  p.side.replaceChildren(...on.kids(mode, made?.root, legend(false, entries, note, w), legend(true, entries, note, w)));
  p.box.classList.toggle('full', mode === 'full');
  return made;
}

/**
 * The room an element's picture has, for its `_size`: the element's width `W`, the most
 * height `maxH`, the size `cap`, whether the side sits beside the picture (`wide`, also the
 * box's class; `forceWide` for presenter mode) and the side's width. `parts` are the
 * element's, `mode` its controls ('none', 'compact' or 'full').
 */
export function room(el, parts, mode, forceWide) {
  const W = el.clientWidth || 320;
  const wide = mode !== 'none' && (W >= 560 || forceWide);
  parts.box.classList.toggle('wide', wide);
  const side = Math.max(mode === 'full' ? 300 : 270, Math.min(420, W * 0.4));
  return { W, maxH: parts.probe.offsetHeight || Infinity, cap: mode === 'full' ? 640 : 480, wide, side };
}

/**
 * Presenter mode's room for the picture, `{ width, height }` in CSS px, in an element of
 * inner width `W` (from `room`) with the side beside it when `wide`: the screen's height
 * beside a column of words at least 430 px wide (the transport's five buttons on one row in
 * type 2.5 % of the screen's height), or (upright) the width over 60 % of the
 * height, or with no controls everything above the narration. The ring takes the square
 * within it, a graph's drawing all of it.
 */
export function presentRoom(el, parts, mode, W, wide) {
  const cs = getComputedStyle(el);
  const H = el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
  const inner = W - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  if (mode === 'none') return { width: inner, height: H - parts.narration.offsetHeight - 12 };
  if (!wide) return { width: inner, height: 0.6 * H };
  return { width: inner - Math.max(430, inner * 0.38) - 24, height: H };
}

/** Gives the picture `size` CSS pixels (at least 160) across; returns the size given. */
export function setSize(parts, size) {
  const s = Math.max(160, Math.floor(size));
  parts.box.style.setProperty('--ring', `${s}px`);
  return s;
}
