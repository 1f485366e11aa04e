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
 * Runs the binding of `map` that answers `e`; true when one did (and the event's default is
 * prevented). Keys with Alt, Ctrl or Meta, keys already taken and keys typed in a text field
 * are left alone. Space, the arrows and Home/End drive playback everywhere else: on a
 * focused button Space plays rather than presses it, and on a slider or a radio the arrows
 * step rather than change it.
 */
export function runKey(map, e) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return false;
  if (isTextField(e.composedPath()[0] || e.target)) return false;
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
 * shows; `present`: presenter mode). `a` holds the actions and the nouns of the lines.
 */
export function keyMap(a) {
  return [
    { keys: [' '], label: 'Space', what: 'play or pause (also when a button has the focus)', run: () => a.toggle() },
    {
      keys: ['ArrowLeft', 'ArrowRight'],
      shift: false,
      label: '← →',
      what: 'one step back or forward',
      run: (e) => a.stepBy(e.key === 'ArrowLeft' ? -1 : 1),
    },
    { keys: ['Home', 'End'], label: 'Home End', what: 'the start or the end', run: (e) => a.seek(e.key === 'Home' ? 0 : Infinity) },
    { keys: ['+', '=', '-', '_', '−'], label: '+ −', what: 'faster or slower', run: (e) => a.faster('+='.includes(e.key) ? 1 : -1) },
    {
      keys: ['g', 'G'],
      label: 'G, Shift + G',
      what: 'a bigger or smaller step: check one move, decide one position, finish one depth',
      run: (e) => a.cycleGranularity(e.shiftKey ? -1 : 1),
    },
    ...a.own,
    { keys: ['Enter'], label: 'Enter', what: `why does the selected ${a.target} have its value?`, run: (e) => a.enter(e) },
    { keys: ['j', 'J'], label: 'J', what: `jump to the step where the selected ${a.target} is decided`, run: () => a.jump() },
    ...a.modes,
    { keys: ['h', 'H'], label: 'H', what: 'hide or show the answers (quiz)', run: () => a.quiz() },
    {
      keys: ['z', 'Z', '0'],
      label: 'Z, Shift + Z, 0',
      what: `zoom in (towards the selection), zoom out, the whole ${a.view}`,
      run: (e) => (e.key === '0' ? a.resetZoom() : a.zoom(e.key === 'z' ? 2 : 0.5)),
    },
    ...a.present,
    { keys: ['Escape'], label: 'Esc', what: a.escapeWhat, run: () => a.escape() },
    { keys: ['?'], label: '?', what: 'this list', run: () => a.showKeys() },
  ];
}
