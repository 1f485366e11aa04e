// loopy.d.ts: types for loopy.js, the one script that defines <loopy-ring>, <loopy-graph> and <loopy-story> and makes Markdown's ```loopy code blocks figures.

/** A catalog of words: `{ $code: 'fr', $name: 'Français', 'term.win': '…', … }`; a key it lacks falls back to English. */
export type LoopyCatalog = Record<string, unknown> & { $code: string; $name?: string };

/**
 * Turns the Loopy code blocks in `root` (the document by default, an element or a shadow root) into figures, and
 * loads the modules of the elements in it; resolves once they are in. A block is a code block whose language is
 * `loopy`, `loopy-ring`, `loopy-graph` or `loopy-story`, one `name = value` a line (any attribute of the element).
 */
export function run(root?: Document | Element | ShadowRoot): Promise<void>;

/** Adds catalogs to every element, those already loaded and those to come (Shoelace's `registerTranslation`). */
export function registerTranslation(...catalogs: LoopyCatalog[]): Promise<unknown>;

export interface Loopy {
  run: typeof run;
  registerTranslation: typeof registerTranslation;
  /**
   * Whether code blocks become figures by themselves: once the page has loaded, and when added later. Set it to
   * false in the module that imports loopy.js (or `window.loopy = { auto: false }` in a script before it) to call
   * `run()` yourself. The elements written as HTML are defined either way.
   */
  auto: boolean;
}

/** The API (also `window.loopy`, when the page has no other). */
export const loopy: Loopy;
export default loopy;

declare global {
  interface Window {
    loopy?: Loopy;
  }
}
