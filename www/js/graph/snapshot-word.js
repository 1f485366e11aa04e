// snapshot-word.js: how the graph view reads a vertex's snapshot word (the core's bits, `bits` from its layout): the shape its value is drawn as, and the number inside its mark.

/** The shape a snapshot word is drawn as (for tests and tours): circle Win, square Lose, diamond Draw, empty undecided. */
export function shapeOf(w, bits) {
  const v = w & bits.valueMask;
  return v === bits.win ? 'circle' : v === bits.lose ? 'square' : v === bits.loop ? 'diamond' : 'empty';
}

/** The number drawn inside a mark ('' for an undecided one, whose open moves sit in a badge). */
export function textOf(w, bits, label) {
  const v = w & bits.valueMask;
  if (v === bits.unknown) return '';
  if (label !== undefined) return label;
  return v === bits.loop ? '∞' : String(w >>> bits.shift);
}
