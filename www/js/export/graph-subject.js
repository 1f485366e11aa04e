// export/graph-subject.js: what an export needs of a <loopy-graph>: its legend, title and file name, and its clip's frames drawn off screen (the element's drawing of a worker session's own step).

import { GRAPH_NARRATE_WORDS } from '../graph/graph-explain.js';
import { narrator } from '../graph/graph-narrate.js';
import { GraphView, MAX_MARK, PAD } from '../graph/graph-view.js';
import { MARK } from '../workers/graph-layout.js';

const say = narrator(GRAPH_NARRATE_WORDS);

/**
 * The frame of `game` (by default the one on screen; a clip's own session's otherwise) of
 * the graph element `el` drawn afresh on an OffscreenCanvas of its own (never read back from
 * the element's canvas), `w` × `h` CSS px (the canvas's by default) at `scale` device pixels
 * each, the whole drawing in view, its marks and type `grow` times their page size at most
 * (the view's by default), without the hover or a checked answer's flags. Null before the first frame.
 */
function picture(el, scale, game = el._session?.game, w, h, grow) {
  const on = el._view;
  if (!on?.d || !game?.snap) return null;
  // An OffscreenCanvas has no CSS box: a style of its own takes the sizes GraphView gives a canvas on a page.
  const view = new GraphView(Object.assign(new OffscreenCanvas(1, 1), { style: {} }));
  view.setColors(on.colors);
  view.setGrow(grow ?? on.grow);
  view.setDrawing(on.d);
  view.resize(w ?? on.w, h ?? on.h, scale);
  view.draw({ ...el._spec.view.frame(game, null), hover: null, flags: undefined });
  return view.canvas;
}

/** The graph as exports see it: a drawing as wide as the slide leaves. */
export const subject = {
  square: false,
  /** The drawing's shape, width / height (its layout's, with the view's margins). */
  aspect: (el) => 1 / (el._view?.aspect() ?? 1),
  /** The frame on screen drawn afresh at `scale` device pixels per CSS pixel, the canvas's size. */
  frame: (el, scale) => picture(el, scale),
  /**
   * The frame of `game` (by default the one on screen) on a slide's `w` × `h` CSS px: its type
   * at least `textMin`, and its marks grown (up to an eighth of the height) until the drawing
   * fills the slide: a small graph is not a speck.
   */
  slide(el, w, h, textMin, game) {
    const view = el._view;
    const d = view?.d;
    const fill = d ? Math.min((w - 2 * PAD) / Math.max(1, d.width), (h - 2 * PAD) / Math.max(1, d.height)) : 0;
    const filled = Math.min((fill * MARK) / MAX_MARK, h / 8 / MAX_MARK);
    return picture(el, 1, game, w, h, textMin ? Math.max(view?.grow ?? 1, textMin / 12, filled) : view?.grow);
  },
  /** The legend's entries `[kind, name]` in `words`' language and terms (a graph's third value is Draw). */
  legend: (words) => [
    ['win', words.t('term.win')],
    ['lose', words.t('term.lose')],
    ['loop', words.t('term.draw')],
    ['unknown', words.t('export.legend.unknown')],
  ],
  /** The picture's title (`kind` 'png' or 'clip', with its step or steps) in the element's words. */
  title(el, kind, params) {
    const g = el.game;
    return el._words.t(kind === 'png' ? 'export.graph.png.title' : 'export.graph.clip.title', { n: g.n, m: g.m, length: el.length, ...params });
  },
  /** A file name's stem for the view on screen: loopy-graph-v6-step20. */
  file: (el) => `loopy-graph-v${el.game.n}-step${el.step}`,
  /** A clip's painter (see ring-subject.js): the element's own drawing, shown whole, of the session's `game`. */
  painter(el) {
    return {
      draw: (game, w, h, textMin) => subject.slide(el, w, h, textMin, game),
      narrate: (game) => say.narrate(el._g, game.event, el._words),
    };
  },
};
