// graph/graph-picture.js: what <loopy-graph> hands the element core to show: its view (graph-view.js, whose camera fits, zooms and pans), sized to the element as the drawing's shape asks, and a frame drawn from the snapshot (the values shown, the goal, the start's optimal play, a neighbourhood's stubs).

import { presentRoom, room as roomOf, setSize } from '../element/skeleton.js';
import { GraphView } from './graph-view.js';

/** The drawing's usual least height in CSS px (a tight compact box may give it less, down to 100). */
const MIN_DRAWING = 160;

/** The graph's picture for the element `el`. */
export class GraphPicture {
  #el;
  #tree; // a tree's stones, edges without a move and legend lines (graph/graph-tree.js), fetched when a tree first loads

  constructor(el) {
    this.#el = el;
    this.#tree = el._lazy(el._files.tree, { ready: () => el._redraw() });
    const canvas = el._parts.canvas;
    // A double click on a large graph's vertex draws the neighbourhood around it.
    canvas.addEventListener('dblclick', (e) => {
      const r = canvas.getBoundingClientRect();
      const t = el._view ? el._view.hit(e.clientX - r.left, e.clientY - r.top) : null;
      if (t && !el._g?.small) el._source.showAround(t, el._source.ball?.k ?? 2);
    });
  }

  create(canvas) {
    return new GraphView(canvas);
  }

  /**
   * Sizes the drawing to the element's width (and its max-height, when it has one): as wide
   * as the ring would be, and as tall as the drawing's shape asks within the height left.
   */
  size() {
    const el = this.#el;
    const p = el._parts;
    const mode = el._side.mode;
    const view = el._view;
    const present = el.presenting;
    // A screen taller than wide (a phone held upright) stacks the words under the drawing.
    const upright = present && el.clientWidth < el.clientHeight;
    const { W, maxH, cap, wide, side } = roomOf(el, p, mode, present && !upright);
    let size;
    let room;
    if (present) {
      // The screen: all the room the words leave (element/skeleton.js), as the ring has.
      const { width, height: free } = presentRoom(el, p, mode, W, wide);
      size = setSize(p, width);
      const height = Math.max(160, Math.floor(free));
      p.box.style.setProperty('--stage-h', `${height}px`);
      // Marks and type grow with the screen: no number smaller than 2.5 % of its height.
      const least = Math.ceil(0.025 * window.innerHeight);
      const grew = Boolean(view?.setGrow(Math.max(1, least / 12), least));
      return Boolean(view?.resize(size, height, devicePixelRatio || 1)) || grew;
    }
    const grew = Boolean(view?.setGrow(1));
    if (wide) {
      room = maxH - 4;
      size = Math.min(W - side - 20, cap, room);
    } else {
      // Stacked: in an embed what is below the drawing takes its own height first; on a
      // page (full controls) the drawing takes the screen and the panels follow below it.
      const below = () => (mode === 'none' ? p.narration.offsetHeight + 10 : mode === 'full' ? 0 : p.side.offsetHeight + 10);
      // In a short compact embed (an iframe of 420 px) the line on what the numbers are gives
      // way to the drawing: the legend's "Every mark" still says it. Measured with the line
      // shown each time, so the same room always gives the same answer.
      if (mode === 'compact') {
        const words = el._spec.words;
        words.showNumbers(true);
        words.showNumbers(maxH - below() - 4 >= MIN_DRAWING);
      }
      room = maxH - below() - 4;
      size = Math.min(W, cap, room);
    }
    size = setSize(p, size);
    const aspect = view?.aspect() ?? 1;
    // As tall as the shape asks within the room; in a tight box down to 100 px rather than past the box.
    const least = Math.max(100, Math.min(MIN_DRAWING, room));
    const shape = Math.max(size * 0.5, size * aspect);
    const height = Math.max(least, Math.floor(Math.min(room, size * 1.8, shape, view?.fullHeight() ?? shape)));
    p.box.style.setProperty('--stage-h', `${height}px`);
    return Boolean(view?.resize(size, height, devicePixelRatio || 1)) || grew;
  }

  draw(game) {
    this.#el._view.draw(this.frame(game));
  }

  /**
   * What a frame of `game` draws, the quiz asking about vertex `asked` (null: a picture of its own, for
   * exports, which export/graph-subject.js draws without the hover and flags too).
   */
  frame(game, asked = this.#el._asking.askedIndex) {
    const el = this.#el;
    const g = el._g;
    const ball = el._source.ball;
    const inf = g.layout.graph.grundyInfinite;
    const sg = el._source.values === 'grundy' && g.grundy;
    // Optimal play through the vertex the quiz asks about would give its value away: hidden until answered.
    const done = game.done && !g.optimal?.has(asked);
    return {
      word: (v) => game.snap[v],
      label: (v) => (sg ? (g.grundy[v] === inf ? '∞' : String(g.grundy[v])) : undefined),
      // Under an ∞ SG value its K, the finite values its moves reach, from the core's facts
      // (a drawn graph's come with it; none is fetched from here, once per frame).
      sub: (v) => {
        const k = sg && g.grundy[v] === inf ? game.facts?.[v]?.grundy?.k : null;
        return k ? `{${k.map((x) => el._words.num(x)).join(', ')}}` : undefined;
      },
      event: game.event,
      current: game.current,
      sel: el._sel,
      hover: el._hover,
      flags: el._flagging.now.targets,
      goal: g.goal,
      start: g.start,
      sinks: g.sinks ?? ball?.sinks ?? null,
      // Optimal play follows from the final values: shown once the search has found them.
      optimal: done ? g.optimal : null,
      optimalMoves: done ? g.optimalMoves : null,
      stubs: ball?.stubs ?? null,
      asked,
      goalTag: el._t('graph.canvas.goal'),
      // A tree's painter, which keeps the legend's tree lines in step (its module fetched with the first tree).
      tree: this.#tree.value?.treeFrame(el, g) ?? (g.text?.tree && void this.#tree.get()),
    };
  }
}
