// style.js: the element's look: one constructable stylesheet (themes through CSS custom properties) shared by every instance.

const CSS = /* css */ `
:host {
  --loopy-win: #0072B2; --loopy-lose: #D55E00; --loopy-loop: #CC79A7; --loopy-accent: #E69F00;
  --loopy-ink: #1a1a1a; --loopy-muted: #5c5c5c; --loopy-unknown: #EDEDED; --loopy-track: #C8C8C8;
  --loopy-bg: #ffffff; --loopy-panel: #f4f5f7; --loopy-line: #d0d4da; --loopy-on-win: #ffffff; --loopy-on-lose: #000000;
  --loopy-error: #b00020; --loopy-focus: #1a56c4; --loopy-flag: #009E73;
  display: block; container-type: inline-size; box-sizing: border-box; min-width: 0;
  color: var(--loopy-ink); background: var(--loopy-bg);
  /* The host page's type (a Chinese post keeps its own font stack): --loopy-font, when set,
     overrides it; unset, the var() is invalid and font-family inherits. */
  font-family: var(--loopy-font); font-size: 15px; line-height: 1.45; font-style: normal; font-weight: normal;
}
:host([theme="dark"]) {
  --loopy-win: #56B4E9; --loopy-lose: #F07A3C; --loopy-loop: #E3A5CB; --loopy-accent: #F0E442;
  --loopy-ink: #ececec; --loopy-muted: #b4b4b4; --loopy-unknown: #34373e; --loopy-track: #5a5e66;
  --loopy-bg: #16181d; --loopy-panel: #22252c; --loopy-line: #454a53; --loopy-on-win: #000000; --loopy-on-lose: #000000;
  --loopy-error: #ff8a80; --loopy-focus: #8ab4ff; --loopy-flag: #3ddc97;
}
@media (prefers-color-scheme: dark) {
  :host([theme="auto"]) {
    --loopy-win: #56B4E9; --loopy-lose: #F07A3C; --loopy-loop: #E3A5CB; --loopy-accent: #F0E442;
    --loopy-ink: #ececec; --loopy-muted: #b4b4b4; --loopy-unknown: #34373e; --loopy-track: #5a5e66;
    --loopy-bg: #16181d; --loopy-panel: #22252c; --loopy-line: #454a53; --loopy-on-win: #000000; --loopy-on-lose: #000000;
    --loopy-error: #ff8a80; --loopy-focus: #8ab4ff; --loopy-flag: #3ddc97;
  }
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
.box { display: grid; gap: 10px 20px; grid-template-columns: minmax(0, 1fr); align-items: start; }
.box.wide { grid-template-columns: var(--ring, 300px) minmax(0, 1fr); }
.stage { position: relative; width: var(--ring, 300px); height: var(--ring, 300px); max-width: 100%; justify-self: center; }
.box.wide .stage { justify-self: start; }
canvas { display: block; touch-action: manipulation; border-radius: 8px; }
canvas:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible {
  outline: 3px solid var(--loopy-focus); outline-offset: 2px;
}
.side { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
.fallback { position: absolute; inset: 0; z-index: 1; display: grid; place-items: center; padding: 16px; text-align: center; color: var(--loopy-muted); border: 1px dashed var(--loopy-line); border-radius: 8px; overflow: hidden; }
.box.wide .bar input[type=range] { order: 5; flex-basis: 100%; }
.term { align-self: flex-start; margin-top: -6px; font-size: 0.85em; color: var(--loopy-muted); }
.lit { outline: 3px solid var(--loopy-accent); outline-offset: 4px; border-radius: 8px; }
.keys-box {
  position: absolute; inset: 4% 4% auto; z-index: 5; max-height: 92%; overflow: auto; padding: 12px 14px; border-radius: 8px;
  background: var(--loopy-bg); border: 1px solid var(--loopy-line); box-shadow: 0 4px 18px rgba(0,0,0,0.22); font-size: 0.9em;
}
.keys-box dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 12px; margin: 8px 0; }
.keys-box dd { margin: 0; }
/* Beside the side column, the list has the element's whole width: two columns of keys where that fits, so it is seldom cut. */
.box.wide .keys-box { inset: 12px auto auto 12px; width: calc(100cqw - 24px); max-height: calc(100% - 24px); }
@container (min-width: 860px) { .box.wide .keys-box dl { grid-template-columns: max-content 1fr max-content 1fr; } }
kbd { font: 0.9em/1 ui-monospace, monospace; border: 1px solid var(--loopy-line); border-bottom-width: 2px; border-radius: 4px; padding: 1px 4px; }
.box.full.wide .legend.compact { display: none; }
.box.full:not(.wide) .legend.full { display: none; }
.narration { margin: 0; min-height: 3em; padding: 8px 10px; background: var(--loopy-panel); border-radius: 6px; }
:host([controls="none"]) .narration { min-height: 0; font-size: 0.9em; }
button, select, input, summary { font: inherit; color: inherit; }
button, select, summary {
  min-height: 36px; padding: 4px 10px; border: 1px solid var(--loopy-line); border-radius: 6px;
  background: var(--loopy-bg); cursor: pointer;
}
button:hover, summary:hover { border-color: var(--loopy-muted); }
button.primary { background: var(--loopy-ink); color: var(--loopy-bg); border-color: var(--loopy-ink); }
button svg { width: 14px; height: 14px; vertical-align: -2px; fill: currentColor; }
.transport { display: flex; flex-wrap: wrap; gap: 6px; }
.scrub { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; }
.scrub input { flex: 1 1 160px; min-width: 100px; }
input[type="range"], input[type="radio"] { accent-color: var(--loopy-ink); }
.row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; }
/* The options' own look (their fieldset) comes with them: element/options.js. */
.hint, .known { margin: 0; color: var(--loopy-muted); font-size: 0.9em; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.bar input[type=range] { flex: 1 1 90px; min-width: 60px; }
.bar output { white-space: nowrap; font-variant-numeric: tabular-nums; font-size: 0.9em; color: var(--loopy-muted); }
.bar button { padding: 4px 9px; }
details.menu { position: relative; }
details.menu summary { list-style: none; display: inline-block; }
details.menu summary::-webkit-details-marker { display: none; }
/* The options open in the flow, under the bar: they push what follows down and cover nothing (the narration, the popup). */
details.menu[open] { flex-basis: 100%; display: flex; flex-direction: column; align-items: flex-end; gap: 6px; }
details.menu .menu-body {
  display: flex; flex-direction: column; gap: 8px; align-self: stretch;
  padding: 10px; background: var(--loopy-bg); border: 1px solid var(--loopy-line); border-radius: 8px;
}
.legend { margin: 0; padding: 0; list-style: none; font-size: 0.9em; line-height: 1.3; }
.legend ul { margin: 0; padding: 0; list-style: none; }
.legend li { display: flex; align-items: flex-start; gap: 6px; }
.legend .sw { margin-top: 1px; }
.legend.full { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 4px 14px; }
.legend.compact .strip { margin: 0; line-height: 1.45; }
.legend.compact .item { white-space: nowrap; margin-right: 0.4em; }
.legend.compact .item .sw { display: inline-grid; vertical-align: -3px; margin: 0; }
/* The open-moves badge sticks out of its swatch's corner: room for it before the words; in the
   one-line strip, where the strip's width is spoken for, it sits on the left, in the gap after the previous item. */
.legend li .sw.unk { margin-right: 7px; }
/* Over the swatch's upper left corner, not past it: beside the previous item it touched that item's swatch or words. */
.legend.compact .item .sw.unk i { right: auto; left: -2px; top: -8px; }
.legend.compact .note { color: var(--loopy-muted); }
.legend.compact .more-marks, .legend.compact .more-marks summary { display: inline; }
.legend.compact .more-marks ul { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 230px), 1fr)); gap: 3px 14px; margin-top: 3px; }
.legend.compact .note-line { display: none; }
@container (max-width: 359px) {
  .legend.compact .note { display: none; }
  .legend.compact .note-line { display: flex; }
}
.legend .more-marks summary { min-height: 0; padding: 0; border: 0; background: none; color: var(--loopy-muted); text-decoration: underline; white-space: nowrap; }
.sw { flex: none; display: inline-grid; place-items: center; width: 16px; height: 16px; font-size: 10px; font-weight: bold; }
.sw.win { border-radius: 50%; background: var(--loopy-win); }
.sw.lose { background: var(--loopy-lose); width: 14px; height: 14px; }
.sw.loop { background: var(--loopy-loop); clip-path: polygon(50% 0, 100% 50%, 50% 100%, 0 50%); width: 18px; height: 18px; }
.sw { position: relative; }
.sw i { font-style: normal; }
.sw.unk { border-radius: 50%; background: var(--loopy-unknown); border: 1.5px solid var(--loopy-muted); }
.sw.unk i { position: absolute; top: -7px; right: -8px; min-width: 11px; height: 11px; line-height: 10px; border-radius: 50%;
  background: var(--loopy-bg); border: 1px solid var(--loopy-muted); color: var(--loopy-muted); font-size: 8px; font-weight: normal; text-align: center; }
.sw.queued { border-radius: 50%; border: 1.5px dashed var(--loopy-ink); background: var(--loopy-win); }
.sw.popped { border-radius: 50%; border: 3px solid var(--loopy-accent); }
.sw.pred { border-radius: 50%; border: 2px dashed var(--loopy-accent); }
.sw.selected { border-radius: 50%; border: 3px solid var(--loopy-ink); }
.sw.hole { background: var(--loopy-ink); width: 6px; border-radius: 3px; }
.sw.flag { border-radius: 50%; border: 3px solid var(--loopy-flag); color: var(--loopy-ink); font-size: 9px; }
.box:not(.flagged) .legend .flag { display: none; }
.sw.win i { color: var(--loopy-on-win); }
.sw.lose i, .sw.loop i { color: var(--loopy-on-lose); }
.sw.bands { height: 10px; margin-top: 4px; background: linear-gradient(90deg, var(--loopy-win) 0 33%, var(--loopy-lose) 33% 66%, var(--loopy-loop) 66%); }
/* The error box's look comes with its code (element/errors.js). */
.progress {
  position: absolute; left: 8%; right: 8%; bottom: 8%; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px;
  padding: 8px 10px; border-radius: 8px; background: var(--loopy-bg); border: 1px solid var(--loopy-line);
}
.progress progress { flex: 1 1 120px; }
.progress span { flex: 1 1 100%; font-size: 0.9em; }
/* The why popup's box; the rest of its look comes with its code (element/popup.js). */
.popup {
  position: absolute; z-index: 4; width: min(300px, 92%); padding: 10px 12px 12px; border-radius: 8px;
  background: var(--loopy-bg); border: 1px solid var(--loopy-line); box-shadow: 0 4px 18px rgba(0,0,0,0.22); font-size: 0.92em;
}
.quiz-slot { display: contents; }
.probe { position: absolute; visibility: hidden; pointer-events: none; width: 0; height: var(--loopy-max-height, 0px); }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* Presenter mode's look comes when an element first presents: element/present.js. Its way out shows only there. */
.leave { display: none; }
[hidden] { display: none !important; }
`;

const sheets = new Map(); // a stylesheet's text → its sheet, made once

/** The constructable stylesheet of `css` (CSP-safe: no <style> element, no style attribute), one for every element that adopts it. */
export function sheetOf(css) {
  let made = sheets.get(css);
  if (!made) {
    made = new CSSStyleSheet();
    made.replaceSync(css);
    sheets.set(css, made);
  }
  return made;
}

/** Adopts the stylesheet of `css` in `shadow` after the sheets it has (once): a part's look that comes with its code (the popup, the quiz, the options). */
export function adopt(shadow, css) {
  const made = sheetOf(css);
  if (!shadow.adoptedStyleSheets.includes(made)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, made];
}

/** The stylesheet every instance adopts. */
export function sheet() {
  return sheetOf(CSS);
}

/** The colour custom properties the canvas reads, by the Ring's colour names. */
/** The light theme's colours as the canvases draw them: every view starts from these, and a colour the theme leaves empty stays as here. */
export const LIGHT = {
  win: '#0072B2',
  lose: '#D55E00',
  loop: '#CC79A7',
  accent: '#E69F00',
  ink: '#1a1a1a',
  muted: '#6B6B6B',
  unknown: '#EDEDED',
  track: '#C8C8C8',
  bg: '#ffffff',
  flag: '#009E73',
  onWin: '#ffffff',
  onLose: '#000000',
  font: 'system-ui, sans-serif',
};

export const COLOR_VARS = {
  win: '--loopy-win',
  lose: '--loopy-lose',
  loop: '--loopy-loop',
  accent: '--loopy-accent',
  ink: '--loopy-ink',
  muted: '--loopy-muted',
  unknown: '--loopy-unknown',
  track: '--loopy-track',
  bg: '--loopy-bg',
  flag: '--loopy-flag',
  onWin: '--loopy-on-win',
  onLose: '--loopy-on-lose',
  font: '--loopy-font',
};

/**
 * The theme's colours as `el`'s styles give them, by COLOR_VARS key (a custom property left
 * empty is left out: the drawing keeps its own); the font, without --loopy-font, is the one
 * the element inherits, so that the canvas writes in the post's type too.
 */
export function themeColors(el) {
  const cs = getComputedStyle(el);
  const colors = {};
  for (const [k, v] of Object.entries(COLOR_VARS)) {
    const x = cs.getPropertyValue(v).trim();
    if (x) colors[k] = x;
  }
  if (!colors.font && cs.fontFamily) colors.font = cs.fontFamily;
  return colors;
}

/** A DOM element: `h('p', { className: 'x' }, 'text', child)`. No HTML strings anywhere. */
export function h(tag, props = {}, ...kids) {
  const e = document.createElementNS(tag === 'svg' || tag === 'path' ? 'http://www.w3.org/2000/svg' : 'http://www.w3.org/1999/xhtml', tag);
  for (const [k, v] of Object.entries(props)) {
    if (
      k.startsWith('aria') ||
      k === 'role' ||
      k === 'part' ||
      k === 'for' ||
      k === 'd' ||
      k === 'viewBox' ||
      k === 'slot' ||
      k.startsWith('data-')
    ) {
      e.setAttribute(k === 'ariaLabel' ? 'aria-label' : k.replace(/^aria([A-Z])/, (_, c) => `aria-${c.toLowerCase()}`), v);
    } else {
      e[k] = v;
    }
  }
  e.append(...kids);
  return e;
}

/** A small icon (a path in a 16×16 box), hidden from assistive technology. */
export function icon(d) {
  return h('svg', { viewBox: '0 0 16 16', ariaHidden: 'true' }, h('path', { d }));
}

export const ICONS = {
  start: 'M2 2h2v12H2zM14 2v12L5 8z',
  back: 'M12 2v12L3 8z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h4v12H3zM9 2h4v12H9z',
  fwd: 'M4 2v12l9-6z',
  end: 'M2 2v12l9-6zM12 2h2v12h-2z',
};
