// graph/graph-inspect.js: the inspector's account of one vertex (the popup, the selection's words, the quiz's question, the page's inspector) in the reader's words, from the core's facts.

// No imports: fetched on its own the first time a vertex is explained (graph/graph-game.js),
// it takes the values in words it shares with the narration from graph-explain.js
// (`GRAPH_INSPECT_WORDS`), which the element's first download carries.

/**
 * The inspector for the values in words `v` (graph-explain.js `GRAPH_INSPECT_WORDS`:
 * inMoves, factValue, and `en`, the English words for callers that give none): `{ describe,
 * movesOf, gammaWhy, optimalWhy }`. The graph context `g` and the core's facts `f` are as
 * graph-explain.js says: nothing here applies a rule.
 */
export function inspector(v) {
  const { inMoves, factValue, en } = v;

  /** A Sprague-Grundy value of the core's facts ({ finite } or { infinite: { k, kCount } }) as text: "2", "∞"; null when not given. */
  function sgText(w, x) {
    if (!x) return null;
    return x.infinite ? '∞' : w.num(x.finite);
  }

  /**
   * Each move of a vertex, from the core's facts: { to, outcome, depth, out, dep, gamma, text,
   * title } (`out` the Outcome code of `outcome`, `dep` = `depth`); `sg`: the text gives each
   * one's SG value.
   */
  function movesOf(g, f, sg = false, w = en) {
    return f.moves.map((m) => {
      const gamma = sgText(w, m.gamma);
      const value = factValue(w, m.outcome, m.depth);
      return {
        to: m.to,
        outcome: m.outcome,
        depth: m.depth,
        out: g.layout.outcome[m.outcome.toLowerCase()],
        dep: m.depth,
        gamma,
        text: sg && gamma !== null ? w.t('graph.move.sg', { to: m.to, value, sg: gamma }) : w.t('graph.move', { to: m.to, value }),
        title: w.t('graph.move.inspect', { to: m.to }),
      };
    });
  }

  /** "→ 1" for a vertex moved to. */
  const arrow = (w, to) => `→ ${w.num(to)}`;

  /**
   * "→ 1, → 4" for a list of vertices moved to, shortened past `max`: "…, → 9, … (100,000
   * moves in all)" when `count` (how many there are in all, from the core: the facts of a
   * vertex of many moves list some) is more than it shows.
   */
  function moveList(w, targets, count, max = 6) {
    const shown = targets.slice(0, max).map((to) => arrow(w, to));
    if (count > shown.length) shown.push(w.t('graph.list.more', { count }));
    return shown.join(w.t('graph.list.sep'));
  }

  /**
   * A set of values in the notation of the posts: {0, 1, 3}; "{0, 1, …, 63, …} (70 values in
   * all)" when `count` (the core's: the facts list the smallest 64) is more than it lists.
   */
  function set(w, values, count = values.length) {
    const listed = values.map((x) => w.num(x));
    if (count <= values.length) return `{${listed.join(', ')}}`;
    return w.t('graph.sg.set.more', { set: `{${[...listed, '…'].join(', ')}}`, count });
  }

  /**
   * Why vertex v has its Sprague-Grundy value, from the core's facts (`f.grundy`): the values
   * its moves reach and their mex; for ∞(K), K, why no finite value fits, and what K makes it.
   */
  function gammaWhy(f, w = en) {
    const x = f.grundy;
    if (!x) return null;
    if (x.kind === 'goal') return w.t('graph.sg.goal');
    if (x.kind === 'finite' && f.reason.kind === 'deadEnd') return w.t('graph.sg.deadEnd');
    const [reached, reachedCount] = x.kind === 'finite' ? [x.reached, x.reachedCount] : [x.k, x.kCount];
    const values = set(w, reached, reachedCount);
    let reach;
    if (x.infinite.length) {
      const inf = moveList(w, x.infinite, x.infiniteCount, 3);
      reach = reached.length ? w.t('graph.sg.reach.inf', { values, inf }) : w.t('graph.sg.reach.none.inf', { inf });
    } else {
      reach = reached.length ? w.t('graph.sg.reach', { values }) : w.t('graph.sg.reach.none');
    }
    if (x.kind === 'finite') {
      if (!x.infinite.length) return w.t('graph.sg.finite', { v: x.value, reach });
      const pairs = x.infinite.map((u, k) => `${w.num(u)} → ${w.num(x.answers[k])}`);
      if (x.infiniteCount > pairs.length) pairs.push(w.t('graph.list.more', { count: x.infiniteCount }));
      const answers = pairs.join(w.t('graph.list.sep'));
      return w.t('graph.sg.finite.answered', { v: x.value, reach, answers });
    }
    const p = { k: set(w, x.k, x.kCount), reach, mex: x.mex, unanswered: moveList(w, x.unanswered, x.unansweredCount, 3), count: x.unansweredCount };
    return x.verdict === 'Win' ? w.t('graph.sg.infinite.win', p) : w.t('graph.sg.infinite.draw', p);
  }

  /** Why vertex v is in the optimal-play set from the start, or not, from the core's facts (`f.optimal`); null without a start. */
  function optimalWhy(f, w = en) {
    const o = f.optimal;
    if (!o) return null;
    const start = o.start;
    if (o.kind === 'start') return w.t('graph.optimal.start', { start });
    if (o.kind === 'reached') {
      // A long play comes as its two ends (the core's `rest`), and how many moves it is.
      const nums = (list) => list.map((u) => w.num(u)).join(' → ');
      if (!o.rest?.length) return w.t('graph.optimal.reached', { start, path: nums(o.path) });
      return w.t('graph.optimal.reached.long', { start, path: `${nums(o.path)} → … → ${nums(o.rest)}`, count: o.moves });
    }
    if (!o.refused.length) return w.t('graph.optimal.unreached', { start });
    // Every one when the core lists them all; else the first few and how many there are (its `refusedCount`).
    const cut = o.refusedCount > o.refused.length;
    const pairs = (cut ? o.refused.slice(0, 6) : o.refused).map((u) => `${w.num(u)} → ${w.num(f.v)}`);
    if (cut) pairs.push(w.t('graph.list.more', { count: o.refusedCount }));
    const refused = pairs.join(w.t('graph.list.sep'));
    return f.outcome === 'Win' ? w.t('graph.optimal.refused.win', { start, refused }) : w.t('graph.optimal.refused.draw', { start, refused });
  }

  /** A snapshot word's value ('Win', 'Lose', 'Draw', 'Unknown'), queued and current flags and number, read with the core's layout. */
  function decode(g, word) {
    const b = g.layout.snapshot;
    const v = word & b.valueMask;
    const value = v === b.win ? 'Win' : v === b.lose ? 'Lose' : v === b.loop ? 'Draw' : 'Unknown';
    return { value, queued: (word & b.queued) !== 0, current: (word & b.current) !== 0, num: word >>> b.shift };
  }

  /**
   * What the snapshot word `live` (undefined: none) says of a vertex with `moves` moves at the
   * shown step: `{ known, liveText }`; `done`: the search is over.
   */
  function liveStatus(g, live, moves, done, w) {
    if (live === undefined) return { known: true, liveText: undefined };
    const s = decode(g, live);
    if (s.value === 'Unknown') {
      const p = { count: moves, open: s.num };
      return { known: false, liveText: s.num === 1 ? w.t('graph.live.open.one', p) : w.t('graph.live.open', p) };
    }
    if (s.value === 'Draw') return { known: true, liveText: w.t(done ? 'graph.live.draw.done' : 'graph.live.draw') };
    // When it was decided, not what: the value is the line above (once decided, it is the final one).
    if (done) return { known: true, liveText: w.t(s.current ? 'graph.live.done.now' : s.queued ? 'graph.live.done.queued' : 'graph.live.done') };
    return { known: true, liveText: w.t(s.current ? 'graph.live.step.now' : s.queued ? 'graph.live.step.queued' : 'graph.live.step') };
  }

  /**
   * Why a piece on a vertex of a tree (the tree format, AGC010F) has its value, in the tree's
   * terms, from the core's facts `t` (treeFacts: its stones, the moves to fewer stones, the
   * neighbours with as many or more, the rule that decides it).
   */
  function treeWhy(t, w) {
    const stone = (x) => w.t('graph.tree.stone', { to: x.to, count: x.stones });
    const list = (xs, count) => {
      const shown = xs.map(stone);
      if (count > shown.length) shown.push(w.t('graph.list.more', { count }));
      return shown.join(w.t('graph.list.sep'));
    };
    const r = t.reason;
    const answered = t.answeredCount ? list(t.answered, t.answeredCount) : '';
    const p = { v: t.v, count: t.stones, answered };
    if (r.kind === 'noStone') return w.t('graph.tree.noStone', p);
    if (r.kind === 'noSmaller') return w.t(answered ? 'graph.tree.noSmaller' : 'graph.tree.alone', p);
    const move = stone(r);
    const why =
      r.kind === 'moveToLose' ? w.t('graph.tree.win', { ...p, move }) : w.t('graph.tree.lose', { ...p, move, moves: list(t.moves, t.moveCount) });
    return answered ? w.t('graph.tree.answered', { why, answered, v: t.v }) : why;
  }

  /** The inspector's title: "Vertex 3", "Vertex 6 (the goal)", "Vertex 1 (the start)". */
  function titleOf(f, w) {
    const goal = Boolean(f.goal);
    const start = f.optimal?.kind === 'start';
    const key = goal && start ? 'graph.title.goal.start' : goal ? 'graph.title.goal' : start ? 'graph.title.start' : 'graph.title';
    return w.t(key, { v: f.v });
  }

  /**
   * What the inspector says about a vertex: { title, value, best, why, sg, optimal, live, moves, moveCount, bestStep, hidden }.
   * `moves` are the moves the core's facts list (all of them up to its bound, else the best,
   * the draws named and the smallest vertices reached, each once); `moveCount` is how many
   * there are in all, so a list that shows fewer can say so.
   * `f` is what the core says about it (GraphSolution.explain: its value, moves, best move,
   * the rule that decides it, its SG facts, its place in the optimal-play set): this only
   * puts those facts into words. `snap` is the snapshot at the animation's step (indexed by
   * vertex), or undefined. With `quiz`, a vertex the search has not decided keeps its answer
   * hidden ('ask': whatever the step, the quiz asks for it). With `sg`, it also says why the
   * vertex has its Sprague-Grundy value (when given). `w`: the reader's words.
   */
  function describe(g, f, snap, done, quiz = false, sg = false, w = en) {
    const v = f.v;
    const moves = movesOf(g, f, sg, w);
    const bm = moves.find((m) => m.to === f.best);
    const r = f.reason;
    let why;
    let value;
    if (r.kind === 'goal') {
      value = w.t('graph.describe.goal.value', { value: inMoves(w, f.outcome, f.depth) });
      why = w.t('graph.describe.goal.why');
    } else if (r.kind === 'deadEnd') {
      value = w.t('graph.describe.deadEnd.value', { value: inMoves(w, f.outcome, f.depth) });
      why = w.t('graph.describe.deadEnd.why');
    } else if (r.kind === 'moveToLose') {
      value = inMoves(w, 'Win', f.depth);
      const p = { to: r.to, lose: inMoves(w, 'Lose', r.depth), count: f.depth, winning: r.winning };
      why = r.winning > 1 ? w.t('graph.describe.win.fastest', p) : w.t('graph.describe.win', p);
    } else if (r.kind === 'everyMoveToWin') {
      value = inMoves(w, 'Lose', f.depth);
      why = w.t('graph.describe.lose', {
        moves: moveList(
          w,
          moves.map((m) => m.to),
          f.moveCount,
        ),
        to: r.to,
        count: f.depth,
      });
    } else {
      value = w.t('graph.describe.draw.value');
      why = w.t('graph.describe.draw.why', { draws: moveList(w, r.draws, r.count, 3), count: r.count });
    }
    // A tree's vertex (the tree format): its why in the tree's terms, from the core's facts.
    const tree = g.text?.tree?.facts?.[v];
    if (tree) why = treeWhy(tree, w);
    const { known, liveText } = liveStatus(g, snap?.[v], f.moveCount, done, w);
    const title = titleOf(f, w);
    const asked = quiz === 'ask';
    if ((quiz && !known) || asked) {
      return {
        title,
        value: w.t(asked ? 'graph.hidden.asked' : 'graph.hidden.value'),
        best: w.t('graph.hidden.best'),
        why: w.t(asked ? 'graph.hidden.asked.why' : 'graph.hidden.why'),
        sg: null,
        optimal: null,
        live: asked && known ? w.t('graph.hidden.live') : liveText,
        bestStep: undefined,
        moves: moves.map((m) => ({ ...m, text: arrow(w, m.to), step: m.to, target: { p: 0, pos: m.to } })),
        moveCount: f.moveCount,
        hidden: true,
      };
    }
    return {
      title,
      value,
      best: bm ? w.t('graph.describe.best', { to: f.best, value: factValue(w, bm.outcome, bm.depth) }) : w.t('graph.describe.best.none'),
      why,
      sg: sg ? gammaWhy(f, w) : null,
      optimal: optimalWhy(f, w),
      live: liveText,
      bestStep: bm ? f.best : undefined,
      moves: moves.map((m) => ({ ...m, step: m.to, target: { p: 0, pos: m.to } })),
      moveCount: f.moveCount,
      hidden: false,
    };
  }

  return { describe, movesOf, gammaWhy, optimalWhy };
}
