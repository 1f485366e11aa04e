// element/present.js: presenter mode's look (the whole screen, large high-contrast type), fetched the first time an element presents.

// No imports: fetched on its own (element/presenter.js, the element core's controller, adopts
// its look before the element presents, so that presenter mode shows whole at once, never
// the element's own look stretched first), it takes the element core.

export const CSS = /* css */ `
/* Presenter mode: the whole screen (or window), large high-contrast type, only what a presenter needs. */
:host([present]) {
  position: fixed; inset: 0; z-index: 2147483000; width: 100vw; height: 100vh; margin: 0; padding: 2vh 2vw; overflow: hidden;
  font-size: clamp(16px, 2.5vh, 40px); line-height: 1.3;
}
:host([present]:not([theme="dark"])) { --loopy-ink: #000000; --loopy-muted: #2e2e2e; --loopy-panel: #ffffff; --loopy-line: #6b6b6b; }
/* The type again inside: a post's own rule for the element (a blog's loopy-ring { font-size: 15px }) wins over
   :host's, so without this a post's element presented large narration beside 15 px buttons and legend. */
.box.present { height: 100%; align-items: center; font-size: clamp(16px, 2.5vh, 40px); line-height: 1.3; }
/* The side column starts at the top and the narration keeps room for three lines: the buttons stay where the teacher last clicked them. */
/* One row, the screen's height: the drawing keeps its place whatever the side column holds (the quiz, the inspector), and the side column scrolls on its own. */
.box.present.wide { grid-template-rows: minmax(0, 100%); }
.box.present .side { max-height: 100%; min-height: 0; overflow: auto; overscroll-behavior: contain; align-self: stretch; justify-content: flex-start; gap: 1.2vh; padding-top: 2vh; }
.box.present .side > * { flex-shrink: 0; }
.box.present .narration { font-size: clamp(20px, 3vh, 48px); line-height: 1.25; font-weight: 500; min-height: calc(3.75em + 0.8em + 4px); padding: 0.4em 0.6em; border: 2px solid var(--loopy-ink); }
.box.present .known, .box.present output { font-size: 1em; color: var(--loopy-ink); }
/* Every word in the panels at least 2.5 % of the screen's height: the quiz's smaller lines too. */
.box.present .quiz-depth, .box.present .quiz-score { font-size: 1em; }
.box.present .controls > .row, .box.present .term, .box.present .hint, .box.present .legend.full, .box.present details.menu { display: none; }
.box.full.present .legend.compact { display: block; }
/* What the numbers mean, always in view at the top of the side column: the legend's strip with its note (the ring),
   then the line on what the numbers are (a graph's depths or SG values and K sets), which the full legend says otherwise. */
.box.present .legend.compact { order: -2; }
.box.present #numbers { order: -1; }
/* A graph's (with its line on what the numbers are, the key in view): the legend's note on optimal play gives that line the
   room (its swatch stays in the strip, its sentence under "Every mark"). */
.box.present:has(#numbers) .legend.compact .note { display: none; }
.box.present:has(#numbers) .legend.compact .note-line { display: flex; }
.box.present .legend, .box.present #numbers { font-size: max(1em, 2.5vh); }
.box.present .legend .sw { width: 1.2em; height: 1.2em; font-size: 2.5vh; }
.box.present .legend .sw.lose { width: 1.05em; height: 1.05em; }
.box.present .legend .sw.loop { width: 1.35em; height: 1.35em; }
.box.present .legend .sw i { font-size: 2.5vh; }
/* The open-moves badge beside the swatch's right, in room kept for it: on the left it would stick out at the start of a
   wrapped line, above it into the line before. */
.box.present .legend .sw.unk i { min-width: 1.1em; height: 1.1em; line-height: 1em; top: 50%; transform: translateY(-50%); left: auto; right: -1.2em; }
.box.present .legend.compact .item .sw.unk { margin-left: 0; margin-right: 1.35em; }
.box.present button { min-height: 1.9em; }
/* Beside the ring, the transport on one row: the buttons share it rather than wrap. */
.box.present.wide .transport { flex-wrap: nowrap; gap: 0.25em; }
/* Under the ring (upright), the words scroll in the room left. */
.box.present:not(.wide) .side { align-self: stretch; overflow: auto; justify-content: start; }
.box.present:not(.wide) .side > * { flex-shrink: 0; }
.box.present .transport button { flex: 1 1 auto; padding: 0 0.3em; white-space: nowrap; }
.box.present button svg { width: 0.8em; height: 0.8em; }
/* The keys list over the whole screen, in two columns, so that nothing in it needs scrolling. */
.box.present .keys-box { position: fixed; inset: 3vh 3vw auto; width: auto; max-height: 94vh; overflow: hidden; font-size: clamp(15px, 2.5vh, 36px); }
.box.present .keys-box dl { grid-template-columns: max-content 1fr max-content 1fr; gap: 0.35em 0.8em; }
.box.present .leave {
  display: block; position: absolute; top: 0; left: 0; z-index: 3; min-height: 0; padding: 0 0.45em; font-size: 1.2em; line-height: 1.3;
}
`;

/**
 * Presenter mode of the element `el` (the element core), once its look is here: `show(on)`
 * puts the element in presenter mode or out of it (the `present` attribute changed), and
 * `screen(on)` asks the browser for the whole screen or gives it back.
 */
export function presenter(el) {
  return {
    show(on) {
      el._parts.box.classList.toggle('present', on);
      el._selection.close(false);
      el._layout();
      el._focusCanvas();
      el.dispatchEvent(new CustomEvent('loopy-present', { detail: { on }, bubbles: true, composed: true }));
    },
    async screen(on) {
      try {
        if (on && !document.fullscreenElement) await el.requestFullscreen?.({ navigationUI: 'hide' });
        if (!on && document.fullscreenElement === el) await document.exitFullscreen();
      } catch {
        // Refused (no user gesture, or not allowed here): presenter mode fills the window instead.
      }
    },
  };
}
