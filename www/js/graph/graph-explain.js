// graph-explain.js: pure text in plain words for games on graphs: the narration of each event, and the inspector's account of a vertex.

import { allMoves, count, factValue, fmt, inMoves, liveStatus, outcomeWord } from '../ring/explain.js';

// A graph context `g` is { n, goal, out, dep, best, grundy, moveCount, layout }: out, dep
// and best hold the final Outcome codes, depths and best moves by vertex (the core's
// GraphSolution), grundy its Sprague-Grundy values (or null), moveCount(v) a vertex's
// number of moves (or null when not known here), and `layout` the core's layout(). The
// inspector's account of a vertex puts into words what the core says about it
// (GraphSolution.explain: its value, moves, best move, the rule that decides it, why it has
// its SG value, why it is in the optimal-play set or not): nothing here applies a rule.

/** A vertex's final value: "Win in 3 moves", "Lose in 0 moves", "Draw". */
export function valueText(g, v) {
  const o = g.out[v];
  return o === g.layout.outcome.draw ? 'Draw' : inMoves(outcomeWord(g, o, 'Draw'), g.dep[v]);
}

/** One line of narration for an event of a graph's search (undefined: the start of the run). */
export function narrate(g, ev) {
  if (!ev) {
    return 'Start: nothing is known yet. The search begins where the game is over (the goal, and every vertex without a move) and works backwards. Press Play or Step.';
  }
  const v = fmt(ev.pos);
  switch (ev.kind) {
    case 'resolve':
      if (ev.depth === 0) {
        return ev.pos === g.goal
          ? `Vertex ${v} is the goal: whoever moves the token there wins, so the player to move at ${v} has already lost: ${inMoves(ev.outcome, ev.depth)}.`
          : `Vertex ${v} has no move: the player to move there cannot move and loses: ${inMoves(ev.outcome, ev.depth)}.`;
      }
      if (ev.outcome === 'Win') {
        return `Vertex ${v} can move to ${fmt(ev.succ)}, where the opponent is sure to lose. So the player to move at ${v} wins: ${inMoves(ev.outcome, ev.depth)}.`;
      }
      {
        const k = g.moveCount(ev.pos);
        const all = k === null ? 'every one of its moves' : allMoves(k);
        return `Vertex ${v}: ${all} ${k === 1 ? 'hands' : 'hand'} the opponent a win. So the player to move at ${v} loses: ${inMoves(ev.outcome, ev.depth)}.`;
      }
    case 'pop':
      return `Now looking at vertex ${v} (${inMoves(ev.outcome, ev.depth)}). Every vertex that can move here is checked next.`;
    case 'update': {
      const k = g.moveCount(ev.pos);
      const of = k === null ? '' : ` of its ${fmt(k)} moves`;
      const open = ev.left === 1 ? `1${of || ' move'} is still open` : `${fmt(ev.left)}${of || ' moves'} are still open`;
      return `Vertex ${v} could move to ${fmt(ev.succ)}, but that hands the opponent a win. ${open}.`;
    }
    case 'skip':
      return `Vertex ${v} could move to ${fmt(ev.succ)}, but vertex ${v} is already decided (${valueText(g, ev.pos)}): nothing changes.`;
    case 'layer':
      if (ev.depth === 0) {
        return `Depth 0 is complete: ${ev.count === 1 ? 'the only vertex' : `all ${fmt(ev.count)} vertices`} where the game is already over ${ev.count === 1 ? 'is' : 'are'} known.`;
      }
      if (ev.count === 1)
        return `Depth ${fmt(ev.depth)} is complete: the only vertex whose game lasts exactly ${count(ev.depth, 'move')} is now known.`;
      return `Depth ${fmt(ev.depth)} is complete: ${ev.count === 2 ? 'both vertices' : `all ${fmt(ev.count)} vertices`} whose game lasts exactly ${count(ev.depth, 'move')} are now known.`;
    case 'done':
      if (!ev.loops) return 'Done: every vertex is decided, so no vertex is a Draw.';
      return ev.loops === 1
        ? 'Done: nothing is left to check. The 1 vertex never decided is a Draw: from there neither player can force a win, so with best play the game never ends.'
        : `Done: nothing is left to check. The ${fmt(ev.loops)} vertices never decided are Draws: from there neither player can force a win, so with best play the game never ends.`;
    default:
      return '';
  }
}

/** A Sprague-Grundy value of the core's facts ({ finite } or { infinite: K }) as text: "2", "∞"; null when not given. */
function sgText(x) {
  if (!x) return null;
  return x.infinite ? '∞' : fmt(x.finite);
}

/**
 * Each move of a vertex, from the core's facts: { to, outcome, depth, out, dep, gamma, text,
 * title } (`out` the Outcome code of `outcome`, `dep` = `depth`); `sg`: the text gives each
 * one's SG value.
 */
export function movesOf(g, f, sg = false) {
  return f.moves.map((m) => {
    const gamma = sgText(m.gamma);
    return {
      to: m.to,
      outcome: m.outcome,
      depth: m.depth,
      out: g.layout.outcome[m.outcome.toLowerCase()],
      dep: m.depth,
      gamma,
      text: `→ ${fmt(m.to)}: ${factValue(m.outcome, m.depth, 'Draw')} for the opponent${sg && gamma !== null ? ` (SG ${gamma})` : ''}`,
      title: `Inspect vertex ${fmt(m.to)}`,
    };
  });
}

/** "→ 1, → 4" for a list of vertices moved to, shortened past `max`. */
function moveList(targets, max = 6) {
  const shown = targets.slice(0, max).map((to) => `→ ${fmt(to)}`);
  if (targets.length > max) shown.push(`… (${count(targets.length, 'move')} in all)`);
  return shown.join(', ');
}

const set = (values) => `{${values.map(fmt).join(', ')}}`;

/**
 * Why vertex v has its Sprague-Grundy value, from the core's facts (`f.grundy`): the values
 * its moves reach and their mex; for ∞(K), K, why no finite value fits, and what K makes it.
 */
export function gammaWhy(f) {
  const x = f.grundy;
  if (!x) return null;
  if (x.kind === 'goal') return 'SG value 0: the goal, where the game is over.';
  if (x.kind === 'finite' && f.reason.kind === 'deadEnd') return 'SG value 0 = mex {}: no move, and 0 is the smallest value of all.';
  const reached = x.kind === 'finite' ? x.reached : x.k;
  const reach = reached.length ? `Its moves reach the values ${set(reached)}` : 'Its moves reach no finite value';
  const infText = x.infinite.length ? ` and ∞ (${moveList(x.infinite, 3)})` : '';
  if (x.kind === 'finite') {
    const v = fmt(x.value);
    const answered = x.infinite.length
      ? ` Each of its moves to an ∞ vertex can be answered by a move back to a vertex of value ${v} (${x.infinite.map((w, k) => `${fmt(w)} → ${fmt(x.answers[k])}`).join(', ')}).`
      : '';
    return `SG value ${v}: ${reach}${infText}, and ${v} is the smallest value not among them (the mex).${answered}`;
  }
  const none = x.unanswered.length === 1 ? 'has none' : 'have none';
  const verdict =
    x.verdict === 'Win'
      ? ' 0 is in K, so the player to move wins by moving to a vertex of value 0.'
      : ' 0 is not in K: no move reaches a losing vertex, and the game can go on forever: a Draw.';
  return `SG value ∞(K) with K = ${set(x.k)}: ${reach}${infText}, and no finite value fits (Smith's rule on graphs with cycles): to take ${fmt(x.mex)}, the smallest value not in K, every move to an ∞ vertex would need an answer back to a vertex of value ${fmt(x.mex)}, and ${moveList(x.unanswered, 3)} ${none}.${verdict}`;
}

/** Why vertex v is in the optimal-play set from the start, or not, from the core's facts (`f.optimal`); null without a start. */
export function optimalWhy(f) {
  const o = f.optimal;
  if (!o) return null;
  const from = `the optimal-play set from ${fmt(o.start)}`;
  if (o.kind === 'start') return `In ${from}: it is the start.`;
  if (o.kind === 'reached') return `In ${from}: correct play can go ${o.path.map(fmt).join(' → ')}.`;
  if (!o.refused.length) return `Not in ${from}: no vertex that correct play visits has a move here.`;
  const loses = f.outcome === 'Win' ? 'would hand the opponent a win' : 'would give up a win for a draw';
  return `Not in ${from}: correct play never moves here (${o.refused.map((u) => `${fmt(u)} → ${fmt(f.v)}`).join(', ')} ${loses}).`;
}

/**
 * What the inspector says about a vertex: { title, value, best, why, sg, optimal, live, moves, bestStep, hidden }.
 * `f` is what the core says about it (GraphSolution.explain: its value, moves, best move,
 * the rule that decides it, its SG facts, its place in the optimal-play set): this only
 * puts those facts into words. `snap` is the snapshot at the animation's step (indexed by
 * vertex), or undefined. With `quiz`, a vertex the search has not decided keeps its answer
 * hidden ('ask': whatever the step, the quiz asks for it). With `sg`, it also says why the vertex has its Sprague-Grundy value (when given).
 */
export function describe(g, f, snap, done, quiz = false, sg = false) {
  const v = f.v;
  const moves = movesOf(g, f, sg);
  const bm = moves.find((m) => m.to === f.best);
  const r = f.reason;
  let why;
  let value;
  if (r.kind === 'goal') {
    value = `${inMoves(f.outcome, f.depth)}: the goal, where the game is over`;
    why = 'Whoever moves the token onto the goal wins at once: the game stops there, so its moves are never used.';
  } else if (r.kind === 'deadEnd') {
    value = `${inMoves(f.outcome, f.depth)}: no move`;
    why = 'There is no move from here: the player to move cannot move, and loses.';
  } else if (r.kind === 'moveToLose') {
    value = inMoves('Win', f.depth);
    why = `→ ${fmt(r.to)} leaves the opponent at a losing vertex (${inMoves('Lose', r.depth)}), so the player to move wins in ${count(f.depth, 'move')}.`;
    if (r.winning > 1) why += ` It is the fastest of ${fmt(r.winning)} winning moves.`;
  } else if (r.kind === 'everyMoveToWin') {
    value = inMoves('Lose', f.depth);
    why = `${moveList(moves.map((m) => m.to))}: every move hands the opponent a win. The move that holds out longest is → ${fmt(r.to)}: the player to move loses in ${count(f.depth, 'move')}.`;
  } else {
    value = 'Draw: neither player can force a win, so with best play the game never ends';
    why = `No move reaches a vertex the opponent loses from, so the player to move cannot force a win. But ${moveList(r.draws, 3)} ${r.draws.length === 1 ? 'is a Draw' : 'are Draws'} for the opponent, so the player to move never has to lose.`;
  }
  const { known, liveText } = liveStatus(g, snap?.[v], { moves: moves.length, opponent: 'the opponent', draw: 'Draw', done });
  const title = `Vertex ${fmt(v)}${f.goal ? ' (the goal)' : ''}${f.optimal?.kind === 'start' ? ' (the start)' : ''}`;
  const asked = quiz === 'ask';
  if ((quiz && !known) || asked) {
    return {
      title,
      value: asked ? 'Hidden: the quiz asks you for it.' : 'Hidden until the search decides it (answers are hidden).',
      best: 'Hidden.',
      why: asked
        ? 'Is it a Win, a Lose or a Draw? Look at where its moves lead, then answer.'
        : 'Is it a Win, a Lose or a Draw? Guess, then step on until the search decides it.',
      sg: null,
      optimal: null,
      live: asked && known ? 'Decided by this step: its value is the question.' : liveText,
      bestStep: undefined,
      moves: moves.map((m) => ({ ...m, text: `→ ${fmt(m.to)}`, step: m.to, target: { p: 0, pos: m.to } })),
      hidden: true,
    };
  }
  return {
    title,
    value,
    best: bm ? `→ ${fmt(f.best)} (the opponent there: ${factValue(bm.outcome, bm.depth, 'Draw')})` : 'none: no move',
    why,
    sg: sg ? gammaWhy(f) : null,
    optimal: optimalWhy(f),
    live: liveText,
    bestStep: bm ? f.best : undefined,
    moves: moves.map((m) => ({ ...m, step: m.to, target: { p: 0, pos: m.to } })),
    hidden: false,
  };
}
