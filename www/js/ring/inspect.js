// ring/inspect.js: the inspector's account of one state (the popup, the selection's words, the quiz's question) in the reader's words, from the core's facts.

// No imports: fetched on its own the first time a state is explained (ring/ring-element.js),
// it takes the values in words it shares with the narration from explain.js
// (`INSPECT_WORDS`), which the element's first download carries.

/**
 * The inspector for the values in words `v` (explain.js `INSPECT_WORDS`: valueWords,
 * valueByPlayers, lasting, decode, and `en`, the English words for callers that give none):
 * `{ describe, movesOf }`.
 */
export function inspector(v) {
  const { valueWords, valueByPlayers, lasting, decode, en } = v;

  /** Moves joined as the reader's language lists them ("+1 → 2, +2 → 3"; "+1 → 2、+2 → 3"). */
  const lists = new Map();
  function joined(w, items) {
    if (!lists.has(w.code)) lists.set(w.code, new Intl.ListFormat(w.code, { type: 'conjunction', style: 'narrow' }));
    return lists.get(w.code).format(items);
  }

  /**
   * "+1 → 2, +2 → 3" for a list of moves, shortened past `max`: "…, +6 → 7, … (500,000 moves
   * in all)" when `count` (how many there are in all, from the core: the facts may list fewer)
   * is more than it shows.
   */
  function moveList(w, moves, count, max = 6) {
    const shown = moves.slice(0, max).map((m) => w.t('ring.move.arrow', { step: m.step, to: m.to }));
    if (count > shown.length) shown.push(w.t('ring.move.more', { count }));
    return joined(w, shown);
  }

  /**
   * Each move the core's facts list (Solution.explain; a state of many moves lists some: its
   * `moveCount` says how many there are), as { step, to, hole, text,
   * title, target, outcome, depth, out, dep } (`out` the Outcome code of `outcome`, `dep` =
   * `depth`). `f.opponent` is who moves where it leads.
   */
  function movesOf(g, f, w = en) {
    const q = f.opponent;
    return f.moves.map((m) => ({
      step: m.step,
      to: m.to,
      hole: m.hole,
      outcome: m.outcome,
      depth: m.depth,
      out: g.layout.outcome[m.outcome.toLowerCase()],
      dep: m.depth,
      text: m.hole
        ? w.t('ring.move.hole', { step: m.step })
        : w.t('ring.move.to', { step: m.step, to: m.to, q, value: valueWords(w, m.outcome, m.depth) }),
      // The hole is no state to inspect: its move is listed, not a button.
      title: m.hole ? undefined : w.t('ring.move.inspect', { q, to: m.to }),
      target: m.hole ? undefined : { p: q, pos: m.to },
    }));
  }

  /**
   * Why the state has its value, in words, from the rule the core names (`f.reason`). The
   * facts of a state of many moves list some of them (the best, the Loops the reason names,
   * the smallest steps): every count said is the core's (`f.moveCount`, `r.count`).
   */
  function whyText(w, f, moves) {
    const { player: p, opponent: q, depth: d, reason: r } = f;
    const fastest = r.winning > 1;
    switch (r.kind) {
      case 'hole':
        return w.t(fastest ? 'ring.why.hole.fastest' : 'ring.why.hole', { step: r.step, winning: r.winning });
      case 'moveToLose': {
        const params = { step: r.step, to: r.to, p, q, value: valueWords(w, 'Lose', r.depth), lasting: lasting(w, d), winning: r.winning };
        return w.t(fastest ? 'ring.why.moveToLose.fastest' : 'ring.why.moveToLose', params);
      }
      case 'everyMoveToWin':
        return w.t('ring.why.everyMoveToWin', { list: moveList(w, moves, f.moveCount), p, q, step: r.step, to: r.to, lasting: lasting(w, d) });
      default: {
        const loops = moves.filter((m) => r.loops.includes(m.step));
        return w.t('ring.why.loop', { p, q, list: moveList(w, loops, r.count, 3), count: r.count });
      }
    }
  }

  /**
   * What the snapshot word `live` (undefined: none) says of state `f` (the core's facts) at
   * the shown step, in words: `{ known, liveText }`. `moves`: how many moves it has; `done`:
   * the search is over.
   */
  function liveWords(g, w, live, f, moves, done) {
    if (live === undefined) return { known: true, liveText: undefined };
    const s = decode(g, live);
    const q = f.opponent;
    if (s.value === 'Unknown') {
      return { known: false, liveText: w.t('ring.live.open', { count: s.num, q, of: w.t('ring.options', { count: moves }) }) };
    }
    if (s.value === 'Loop') return { known: true, liveText: w.t(done ? 'ring.live.loop.done' : 'ring.live.loop') };
    // When it was decided, not what: the value is the line above (once decided, it is the final one).
    if (done) return { known: true, liveText: w.t('ring.live.decided.done') };
    const key = s.current ? 'ring.live.decided.current' : s.queued ? 'ring.live.decided.queued' : 'ring.live.decided';
    return { known: true, liveText: w.t(key) };
  }

  /**
   * What the inspector says about a state: { title, value, best, why, live, moves, moveCount, bestStep, hidden },
   * in the reader's words `w`. `moves` are the moves the core's facts list (all of them up to
   * its bound, else the best, the Loops named and the smallest steps); `moveCount` is how many
   * there are in all, so a list that shows fewer can say so.
   * `f` is what the core says about it (Solution.explain: its value, moves, best move and the
   * rule that decides it): this only puts those facts into words. `snap` is the snapshot at
   * the animation's current step (indexed by the core's `f.state`), or undefined. With `quiz`,
   * a state the search has not decided yet keeps its answer hidden (`hidden: true`): only
   * what is known at this step is said; `quiz` 'ask' hides it whatever the step (the quiz
   * asks for it).
   */
  function describe(g, f, snap, done, quiz = false, w = en) {
    const { player: p, opponent: q, pos: i } = f;
    const moves = movesOf(g, f, w);
    const bm = moves.find((m) => m.step === f.best);
    const { known, liveText } = liveWords(g, w, snap?.[f.state], f, f.moveCount, done);
    const title = w.t('ring.state.title', { p, pos: i });
    const asked = quiz === 'ask';
    if ((quiz && !known) || asked) {
      return {
        title,
        value: w.t(asked ? 'ring.hidden.asked' : 'ring.hidden.value'),
        best: w.t('ring.hidden.best'),
        why: w.t(asked ? 'ring.hidden.why.asked' : 'ring.hidden.why'),
        live: asked && known ? w.t('ring.hidden.live') : liveText,
        bestStep: undefined,
        moves: moves.map((m) => ({ ...m, text: m.hole ? m.text : w.t('ring.move.arrow', { step: m.step, to: m.to }) })),
        moveCount: f.moveCount,
        hidden: true,
      };
    }
    const value = f.outcome === 'Loop' ? w.t('ring.state.loop') : valueByPlayers(w, f.outcome, f.depth, f.plies, p, q);
    return {
      title,
      value,
      best: bm.hole
        ? w.t('ring.best.hole', { step: f.best })
        : w.t('ring.best.to', { step: f.best, to: bm.to, q, value: valueWords(w, bm.outcome, bm.depth) }),
      why: whyText(w, f, moves),
      live: liveText,
      bestStep: f.best,
      moves,
      moveCount: f.moveCount,
      hidden: false,
    };
  }

  return { describe, movesOf };
}
