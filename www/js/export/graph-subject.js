// export/graph-subject.js: what an export needs of a <loopy-graph>: its legend, title and file name, and its clip's frames drawn off screen (the element's drawing of a worker session's own step).

import { GRAPH_NARRATE_WORDS } from '../graph/graph-explain.js';
import { narrator } from '../graph/graph-narrate.js';

const say = narrator(GRAPH_NARRATE_WORDS);

/** The graph as exports see it: a drawing as wide as the slide leaves. */
export const subject = {
  square: false,
  /** The drawing's shape, width / height (its layout's, with the view's margins). */
  aspect: (el) => 1 / el.drawingAspect,
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
      draw: (game, w, h, textMin) => el.frameCanvas(1, { width: w, height: h, textMin }, game),
      narrate: (game) => say.narrate(el._g, game.event, el._words),
    };
  },
};
