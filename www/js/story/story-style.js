// story/story-style.js: the <loopy-story> look: the figure sticky beside the text on wide screens and above it on phones, the paragraphs spaced so one at a time meets the middle, and print.

const CSS = /* css */ `
:host { display: block; container-type: inline-size; position: relative; }
:host([hidden]) { display: none; }
.wrap { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 2rem; }
.figure {
  position: sticky; top: 0; z-index: 2; align-self: start;
  background: var(--loopy-story-bg, Canvas); padding: 0.5rem 0;
}
/* Stacked (a phone): the figure, without its controls there (story-element.js NARROW), takes a little under half the screen. */
.figure ::slotted(*) { --loopy-max-height: var(--loopy-story-figure-height, 46vh); }
/* As wide as a printed picture (.print below): the twin draws at the print's size. */
.twin-layer { position: fixed; inset: 0 auto auto 0; width: 12cm; height: auto; margin: 0; padding: 0; border: 0; background: transparent; opacity: 0; pointer-events: none; overflow: hidden; }
.notice { margin: 0.4rem 0 0; font-size: 0.95rem; line-height: 1.4; font-family: var(--loopy-font); }
.caption {
  margin: 0.4rem 0 0; padding: 0.35rem 0.6rem; border-left: 4px solid var(--loopy-accent, #E69F00);
  background: var(--loopy-story-caption-bg, rgba(230, 159, 0, 0.12)); font-size: 0.95rem; line-height: 1.4;
  /* The post's own font (a Chinese post keeps its font stack), unless --loopy-font is set. */
  font-family: var(--loopy-font);
}
/* Presenter mode's way in for a mouse (F for the keyboard): story/present.js. */
.present {
  display: block; margin: 0.4rem 0 0 auto; padding: 0.2rem 0.8rem; font: inherit; font-family: var(--loopy-font); font-size: 0.9rem;
  cursor: pointer; border: 1px solid var(--loopy-accent, #E69F00); border-radius: 4px; background: var(--loopy-story-bg, Canvas); color: inherit;
}
.present[hidden] { display: none; }
/* A phone presents nothing to a room: the button's room goes to the text. */
@container (max-width: 559px) { .present { display: none; } }
.text { padding: 8vh 0 55vh; }
.step { margin: 0 0 45vh; }
.step:last-child { margin-bottom: 0; }
.step.at { border-left: 3px solid var(--loopy-accent, #E69F00); margin-left: -0.75rem; padding-left: calc(0.75rem - 3px); }
.print { display: none; }
@container (min-width: 760px) {
  .wrap { grid-template-columns: minmax(0, 11fr) minmax(0, 9fr); }
  .figure { top: max(0.5rem, calc(50vh - var(--loopy-story-figure-half, 260px))); }
  .figure ::slotted(*) { --loopy-max-height: var(--loopy-story-figure-height, 76vh); }
  .text { padding: 30vh 0 50vh; }
}
@media print {
  .wrap { display: block; }
  .figure, .present { display: none; }
  .text { padding: 0; }
  .step, .step.at { margin: 0 0 1.2rem; break-inside: avoid; border: 0; padding: 0; }
  .print { display: block; max-width: 100%; width: 12cm; margin: 0.5rem 0 0; }
  .print[hidden] { display: none; }
}
`;

let shared = null;

/** The one stylesheet every story shares (constructable: a strict CSP allows it). */
export function storySheet() {
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(CSS);
  }
  return shared;
}
