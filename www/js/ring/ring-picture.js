// ring/ring-picture.js: what <loopy-ring> hands the element core to show: its view (ring.js, whose camera zooms and pans), sized to the element, a frame drawn from the snapshot, a game's token gliding round the ring, and playback skipping the checks left once every decidable state is known.

import { reduced } from '../element/presence.js';
import { presentRoom, room, setSize } from '../element/skeleton.js';
import { Ring } from './ring.js';
import { TokenMotion } from './token.js';

/** The ring's picture for the element `el`; its bands (ring/bands.js) are fetched when a ring too dense for marks is first drawn. */
export class RingPicture {
  #el;
  #token = new TokenMotion();
  #skipped = null; // playback skipped the checks left: { left, loops }, until the next move

  constructor(el) {
    this.#el = el;
    const token = this.#token;
    // The token's glide: a controller of the update loop (element/base.js).
    el._use({
      animating: () => token.moving,
      update: (t) => token.tick(t),
      updated: () => token.arrived(),
      // A hidden tab draws no frames: a token on its way is simply there.
      hidden: (hidden) => hidden && token.settle(),
      // A new ring, whole in view; a game played on the old one is over.
      loaded: (game) => {
        el._view.setGame(game.n);
        this.place(null);
      },
    });
    el._use({
      advance: (game, desired) => this.#skip(game, desired),
      navigated: () => {
        this.#skipped = null;
      },
      loaded: () => {
        this.#skipped = null;
      },
    });
  }

  create(canvas) {
    const el = this.#el;
    // The frame that needed the bands (or the token's painter) is drawn once they have come.
    const ready = () => el._redraw();
    return new Ring(canvas, { loadBands: el._lazy(el._files.bands, { ready }), loadToken: el._lazy(el._files.token, { ready }) });
  }

  /** What playback skipped (`{ left, loops }`: checks, and states never decided), until the next move; or null. */
  get skipped() {
    return this.#skipped;
  }

  /** The token `{ p, pos }` (pos 0: in the hole), or null. */
  get token() {
    return this.#token.at;
  }

  /** Places the token at once (null: none). */
  place(at) {
    this.#token.place(at);
    this.#el._redraw();
  }

  /** Glides the token to `at` along the ring (at once under reduced motion or off screen); resolves when it is there. */
  glide(at) {
    const el = this.#el;
    const moving = this.#token.glide(at, !reduced.matches && el._visible && !document.hidden);
    el._redraw();
    return moving;
  }

  /** Sizes the ring to the element's width (and its max-height, when it has one); true when it changed. */
  size() {
    const el = this.#el;
    const p = el._parts;
    const mode = el._side.mode;
    const present = el.presenting;
    // A screen taller than wide (a phone held upright) stacks the words under the ring.
    const upright = present && el.clientWidth < el.clientHeight;
    const { W, maxH, cap, wide, side } = room(el, p, mode, present && !upright);
    let size;
    if (present) {
      // The screen: the ring as large as the square it fits in, the words beside it in a
      // column of their own (or under it, upright).
      const { width, height } = presentRoom(el, p, mode, W, wide);
      size = Math.min(width, height);
    } else if (wide) {
      size = Math.min(W - side - 20, cap, maxH - 4);
    } else {
      // Stacked: what is below the ring takes its own height first; in full mode only as far
      // as the transport (the legend, the narration and play/step), the rest is for scrolling,
      // or a phone's first screen would get a ring of 160 px.
      let below = mode === 'none' ? p.narration.offsetHeight + 10 : p.side.offsetHeight + 10;
      const transport = mode === 'full' && el._side.controls?.root.querySelector('.transport');
      if (transport?.offsetHeight) below = transport.getBoundingClientRect().bottom - p.side.getBoundingClientRect().top + 10;
      // The legend's "Every mark", once opened, is read below the fold: opening it does not shrink the ring.
      const more = p.side.querySelector('.legend.compact details[open] ul');
      if (more?.offsetHeight && transport?.offsetHeight) below -= more.offsetHeight;
      size = Math.min(W, cap, maxH - below - 4);
    }
    const ring = el._view;
    // Presenter mode: no text on the canvas smaller than 2.5 % of the screen's height.
    const texts = Boolean(ring?.setTextMin(present ? Math.ceil(0.025 * window.innerHeight) : 0));
    return Boolean(ring?.layout(setSize(p, size), devicePixelRatio || 1)) || texts;
  }

  /** What a frame of `game` draws (`changed`: the state indices changed since the last one); `scale`: a copy of its own (exports). */
  frame(game, changed, copy = false) {
    const el = this.#el;
    return {
      snap: game.snap,
      changed,
      event: game.event,
      current: game.current,
      preds: el._source.preds(game.current),
      token: copy ? this.#token.at : this.#token.drawn,
      sel: el._sel,
      hover: copy ? null : el._hover,
      flags: copy ? undefined : el._flagging.now.targets,
      asked: copy ? undefined : el._asking.askedIndex,
      words: el._words,
    };
  }

  draw(game, changed) {
    this.#el._view.draw(this.frame(game, changed));
  }

  /**
   * While playing every event: once every decidable state is known, the rest of the run
   * only checks moves into states already decided, and the picture never changes (at
   * n = 7000 with every step, about 10^8 checks). Playback skips them and says so.
   */
  #skip(game, desired) {
    const el = this.#el;
    if (game.g !== 'events' || game.resolved < el._source.decidable || desired >= game.length - 1) return false;
    if (game.position !== Math.floor(desired)) return false; // the picture is still catching up
    const left = game.length - 1 - game.position;
    if (left < 1000) return false;
    el.seek(game.length);
    this.#skipped = { left, loops: game.total - game.resolved };
    return true;
  }
}
