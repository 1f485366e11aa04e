// export/ring-subject.js: what an export needs of a <loopy-ring>: its legend, title and file name, and its clip's frames drawn off screen (a Ring of its own, fed by a worker session of its own).

import { LAYOUT } from '../../pkg/layout.js';
import { Bands } from '../ring/bands.js';
import { NARRATE_WORDS } from '../ring/explain.js';
import { narrator } from '../ring/narrate.js';
import { Ring } from '../ring/ring.js';
import { predecessorsOf } from '../workers/states.js';
import { legendItems } from './picture.js';

const say = narrator(NARRATE_WORDS);

/** The ring as exports see it: a square drawing. */
export const subject = {
  square: true,
  /** The legend's entries `[kind, name]` in `words`' language and terms. */
  legend: legendItems,
  /** The picture's title (`kind` 'png' or 'clip', with its step or steps) in the element's words: the step sets as the language lists numbers. */
  title(el, kind, params) {
    const w = el._words;
    const g = el.game;
    const set = (s) => s.map((x) => w.num(x)).join(w.t('export.steps.sep'));
    return w.t(kind === 'png' ? 'export.png.title' : 'export.clip.title', { n: g.n, s1: set(g.s1), s2: set(g.s2), length: el.length, ...params });
  },
  /** A file name's stem for the view on screen: loopy-n8-step20. */
  file: (el) => `loopy-n${el.game.n}-step${el.step}`,
  /** The frame on screen drawn afresh at `scale` device pixels per CSS pixel (the element's own copy). */
  frame: (el, scale) => el.frameCanvas(scale),
  /** The frame on screen on a slide's `w` × `h` CSS px: the ring as large as fits, its labels at least `textMin`. */
  slide: (el, w, h, textMin) => el.frameCanvas(1, Math.min(w, h), textMin),
  /**
   * A clip's painter: `draw(game, w, h, textMin)`, the ring's picture of the own session's
   * `game` on a canvas as large a square as `w` × `h` CSS px holds (the whole ring; the
   * selection on screen kept, labels at least `textMin` px), and `narrate(game)`, its line in the element's words.
   */
  painter(el, colors) {
    const ring = new Ring(new OffscreenCanvas(1, 1), { Bands });
    ring.setColors(colors);
    const sel = el.selected && { p: el.selected.player, pos: el.selected.pos };
    let n = 0;
    return {
      draw(game, w, h, textMin) {
        ring.layout(Math.min(w, h), 1);
        ring.setTextMin(textMin);
        if (n !== game.n) {
          n = game.n;
          ring.setGame(n);
        }
        ring.draw({
          snap: game.snap,
          changed: 'all',
          event: game.event,
          current: game.current,
          preds: game.preds && game.current >= 0 ? predecessorsOf(game.preds, game.current) : null,
          sel,
          hover: null,
          words: el._words, // the canvas's labels in the element's words
        });
        return ring.canvas;
      },
      narrate(game) {
        const context = { n: game.n, steps: [null, game.s1, game.s2], out: game.out, dep: game.dep, best: game.best, layout: LAYOUT };
        return say.narrate(context, game.event, el._words);
      },
    };
  },
};
