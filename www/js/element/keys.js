// element/keys.js: one key map per element that both handles the keys and lists them (the element's "Keys" box and the pages' lists).

/**
 * A key binding: `keys`, the `KeyboardEvent.key` values it answers; `label` and `what`,
 * its line in the list of keys; `run(e)`, what it does, returning false when the key does
 * not apply now (it then goes on to the page); `shift`: true to answer only with Shift,
 * false only without it, absent for either.
 * @typedef {{ keys: string[], label: string, what: string, run: (e: KeyboardEvent) => boolean | undefined, shift?: boolean }} KeyBinding
 */

/** Text fields keep every key; everywhere else the element's keys apply. */
export function isTextField(t) {
  if (!(t instanceof Element)) return false;
  if (t.tagName === 'TEXTAREA' || t.isContentEditable) return true;
  return t.tagName === 'INPUT' && !['radio', 'range', 'checkbox', 'button', 'submit', 'reset', 'color'].includes(t.type);
}

/**
 * The quiz's answers, by the core's outcome words, with their keys (here, not in quiz.js, so
 * that the list of keys needs no quiz loaded): N (N-position) and P (P-position) answer as W
 * and L do, whatever the terms, so a reader who thinks in P/N is never refused.
 */
export const QUIZ_KEYS = [
  { outcome: 'Win', keys: ['w', 'W', 'n', 'N'] },
  { outcome: 'Lose', keys: ['l', 'L', 'p', 'P'] },
  { outcome: 'Loop', keys: ['o', 'O', 'd', 'D'] },
];

const PRESS = [' ', 'Enter'];
const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
const ENDS = ['Home', 'End', 'PageUp', 'PageDown'];

/**
 * The keys a focused control uses itself, whatever the element's map says: Space and
 * Enter press a button, a link or a menu's summary; Space ticks a check box; the arrows
 * move within a radio group; a slider and a list take the arrows, Home, End and the page
 * keys (a list Space and Enter too, to open it). Empty for anything else (the canvas, the
 * page), where the element's keys apply. (Shift and an arrow is never a control's: it
 * moves the selection.)
 */
export function ownKeys(t) {
  if (!(t instanceof Element)) return [];
  const tag = t.tagName;
  if (tag === 'BUTTON' || tag === 'SUMMARY' || (tag === 'A' && t.hasAttribute('href'))) return PRESS;
  if (tag === 'SELECT') return [...ARROWS, ...ENDS, ...PRESS];
  if (tag !== 'INPUT') return [];
  if (t.type === 'checkbox') return [' '];
  if (t.type === 'radio') return [...ARROWS, ' '];
  if (t.type === 'range') return [...ARROWS, ...ENDS];
  if (['button', 'submit', 'reset', 'color'].includes(t.type)) return PRESS;
  return [];
}

/**
 * Runs the binding of `map` that answers `e`; true when one did (and the event's default is
 * prevented). One model, no exceptions: keys with Alt, Ctrl or Meta, keys already taken,
 * keys typed in a text field and the keys a focused control uses itself (`ownKeys`: Space
 * on a button presses it, the arrows in a radio group change the choice) are left alone;
 * every other key of the map applies, on the ring, on the page, and on a control alike.
 */
export function runKey(map, e) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return false;
  const t = e.composedPath()[0] || e.target;
  // Shift and the arrows move the selection wherever the focus is (no control uses them).
  const own = ownKeys(t).includes(e.key) && !(e.shiftKey && ARROWS.includes(e.key));
  if (isTextField(t) || own) return false;
  const binding = map.find((b) => b.keys.includes(e.key) && (b.shift === undefined || b.shift === e.shiftKey));
  if (!binding || binding.run(e) === false) return false;
  e.preventDefault();
  return true;
}

/** The map's lines for a list of keys: [label, what], each label once, in the map's order. */
export function keyLines(map) {
  const seen = new Set();
  const lines = [];
  for (const { label, what } of map) {
    if (seen.has(label)) continue;
    seen.add(label);
    lines.push([label, what]);
  }
  return lines;
}

/**
 * The bindings every element has, around its own (`own`: selection keys; `modes`: what it
 * shows; `present`: presenter mode). `a` holds the actions, the words `w` of the lines and
 * the lines that name the element's own things, whole (`enterWhat`, `jumpWhat`, `zoomWhat`,
 * `escapeWhat`).
 */
export function keyMap(a) {
  const t = (key) => a.w.t(key);
  return [
    { keys: [' '], label: 'Space', what: t('core.keys.space'), run: () => a.toggle() },
    {
      keys: ['ArrowLeft', 'ArrowRight'],
      shift: false,
      label: '← →',
      what: t('core.keys.arrows'),
      run: (e) => a.stepBy(e.key === 'ArrowLeft' ? -1 : 1),
    },
    { keys: ['Home', 'End'], label: 'Home End', what: t('core.keys.ends'), run: (e) => a.seek(e.key === 'Home' ? 0 : Infinity) },
    { keys: ['+', '=', '-', '_', '−'], label: '+ −', what: t('core.keys.speed'), run: (e) => a.faster('+='.includes(e.key) ? 1 : -1) },
    {
      keys: ['g', 'G'],
      label: 'G, Shift + G',
      what: t('core.keys.gran'),
      run: (e) => a.cycleGranularity(e.shiftKey ? -1 : 1),
    },
    ...a.own,
    { keys: ['Enter'], label: 'Enter', what: a.enterWhat, run: (e) => a.enter(e) },
    { keys: ['j', 'J'], label: 'J', what: a.jumpWhat, run: () => a.jump() },
    ...a.modes,
    { keys: ['h', 'H'], label: 'H', what: t('core.keys.quiz'), run: () => a.quiz() },
    {
      keys: ['z', 'Z', '0'],
      label: 'Z, Shift + Z, 0',
      what: a.zoomWhat,
      run: (e) => (e.key === '0' ? a.resetZoom() : a.zoom(e.key === 'z' ? 2 : 0.5)),
    },
    ...a.present,
    { keys: ['Escape'], label: 'Esc', what: a.escapeWhat, run: () => a.escape() },
    { keys: ['?'], label: '?', what: t('core.keys.list'), run: () => a.showKeys() },
  ];
}
