// graph-explain.js: pure text in plain words for games on graphs: the narration of each event, and the inspector's account of a vertex.

import { allMoves, count, decode, fmt, inMoves } from './explain.js';

// A graph context `g` is { n, goal, out, dep, best, grundy, kSets, moveCount, layout }: out,
// dep and best hold the final Outcome codes, depths and best moves by vertex (the core's
// GraphSolution), grundy its Sprague-Grundy values (or null), kSets the K of each ∞ vertex
// ({ v: [values] }, when known), moveCount(v) a vertex's number of moves (or null when not
// known here), and `layout` the core's layout(). A vertex's moves come from the core too
// (GraphSolution.moves: rows of [succ, outcome, depth, 0]).

/** An Outcome code as a word: Win, Lose, or Draw (the ring's Loop). */
export function outcomeWord(g, o) {
  const c = g.layout.outcome;
  return o === c.win ? 'Win' : o === c.lose ? 'Lose' : 'Draw';
}

/** A vertex's final value: "Win in 3 moves", "Lose in 0 moves", "Draw". */
export function valueText(g, v) {
  const o = g.out[v];
  return o === g.layout.outcome.draw ? 'Draw' : inMoves(outcomeWord(g, o), g.dep[v]);
}

/** A vertex's Sprague-Grundy value as text: "2", "∞", or null when the values are not known. */
export function gammaText(g, v) {
  if (!g.grundy) return null;
  const x = g.grundy[v];
  return x === g.layout.graph.grundyInfinite ? '∞' : fmt(x);
}

/** "∞(K) with K = {0, 2}" for an ∞ vertex whose K is known, else "∞". */
function infinityText(g, v) {
  const k = g.kSets?.[v];
  return k ? `∞(K) with K = {${k.map(fmt).join(', ')}}` : '∞';
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
          ? `Vertex ${v} is the goal: whoever moves the token there wins, so the player to move at ${v} has already lost: Lose in 0 moves.`
          : `Vertex ${v} has no move: the player to move there cannot move and loses: Lose in 0 moves.`;
      }
      if (ev.outcome === 'Win') {
        return `Vertex ${v} can move to ${fmt(ev.succ)}, where the opponent is sure to lose. So the player to move at ${v} wins: ${inMoves('Win', ev.depth)}.`;
      }
      {
        const k = g.moveCount(ev.pos);
        const all = k === null ? 'every one of its moves' : allMoves(k);
        return `Vertex ${v}: ${all} ${k === 1 ? 'hands' : 'hand'} the opponent a win. So the player to move at ${v} loses: ${inMoves('Lose', ev.depth)}.`;
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

/** Each move of a vertex, from the core's rows: { to, out, dep, gamma, text, title }; `sg`: the text gives each one's SG value. */
export function movesOf(g, rows, sg = false) {
  const w = g.layout.moveWords;
  const out = [];
  for (let k = 0; k + w <= rows.length; k += w) {
    const [to, o, d] = [rows[k], rows[k + 1], rows[k + 2]];
    const gamma = gammaText(g, to);
    const value = o === g.layout.outcome.draw ? 'Draw' : inMoves(outcomeWord(g, o), d);
    out.push({
      to,
      out: o,
      dep: d,
      gamma,
      text: `→ ${fmt(to)}: ${value} for the opponent${sg && gamma !== null ? ` (SG ${gamma})` : ''}`,
      title: `Inspect vertex ${fmt(to)}`,
    });
  }
  return out;
}

/** "→ 1, → 4" for a list of moves, shortened past `max`. */
function moveList(moves, max = 6) {
  const shown = moves.slice(0, max).map((m) => `→ ${fmt(m.to)}`);
  if (moves.length > max) shown.push(`… (${count(moves.length, 'move')} in all)`);
  return shown.join(', ');
}

/**
 * Why vertex v has its Sprague-Grundy value, from the values its moves reach: the value
 * is the smallest one missing among them (the mex); an ∞ vertex says what K is and what
 * that makes it.
 */
export function gammaWhy(g, v, moves) {
  const x = gammaText(g, v);
  if (x === null) return null;
  if (v === g.goal) return 'SG value 0: the goal, where the game is over.';
  if (!moves.length) return 'SG value 0 = mex {}: no move, and 0 is the smallest value of all.';
  const finite = [...new Set(moves.filter((m) => m.gamma !== '∞').map((m) => Number(g.grundy[m.to])))].sort((a, b) => a - b);
  const reach = finite.length ? `Its moves reach the values {${finite.map(fmt).join(', ')}}` : 'Its moves reach no finite value';
  const inf = moves.filter((m) => m.gamma === '∞');
  const infText = inf.length ? ` and ∞ (${moveList(inf, 3)})` : '';
  if (x !== '∞') {
    const answered = inf.length ? ` Each of its moves to an ∞ vertex can be answered by a move back to a vertex of value ${x}.` : '';
    return `SG value ${x}: ${reach}${infText}, and ${x} is the smallest value not among them (the mex).${answered}`;
  }
  const k = g.kSets?.[v];
  const verdict = k
    ? k[0] === 0
      ? ' 0 is in K, so the player to move wins by moving to a vertex of value 0.'
      : ' 0 is not in K: no move reaches a losing vertex, and the game can go on forever: a Draw.'
    : '';
  return `SG value ${infinityText(g, v)}: ${reach}${infText}, and no finite value fits (Smith's rule on graphs with cycles).${verdict}`;
}

/**
 * What the inspector says about vertex v: { title, value, best, why, sg, live, moves, bestStep, hidden }.
 * `rows` are its moves from the core; `live` its snapshot word at the animation's step
 * (or undefined). With `quiz`, a vertex the search has not decided keeps its answer hidden.
 * With `sg`, it also says why the vertex has its Sprague-Grundy value (when known).
 */
export function describe(g, v, rows, live, done, quiz = false, sg = false) {
  const c = g.layout.outcome;
  const o = g.out[v];
  const d = g.dep[v];
  const moves = movesOf(g, rows, sg);
  const best = g.best[v];
  const bm = moves.find((m) => m.to === best);
  const goal = v === g.goal;
  let why;
  let value;
  if (goal) {
    value = 'Lose in 0 moves: the goal, where the game is over';
    why = 'Whoever moves the token onto the goal wins at once: the game stops there, so its moves are never used.';
  } else if (!moves.length) {
    value = 'Lose in 0 moves: no move';
    why = 'There is no move from here: the player to move cannot move, and loses.';
  } else if (o === c.win) {
    value = inMoves('Win', d);
    const wins = moves.filter((m) => m.out === c.lose).length;
    why = `→ ${fmt(best)} leaves the opponent at a losing vertex (${inMoves('Lose', bm.dep)}), so the player to move wins in ${count(d, 'move')}.`;
    if (wins > 1) why += ` It is the fastest of ${fmt(wins)} winning moves.`;
  } else if (o === c.lose) {
    value = inMoves('Lose', d);
    why = `${moveList(moves)}: every move hands the opponent a win. The move that holds out longest is → ${fmt(best)}: the player to move loses in ${count(d, 'move')}.`;
  } else {
    value = 'Draw: neither player can force a win, so with best play the game never ends';
    const draws = moves.filter((m) => m.out === c.draw);
    why = `No move reaches a vertex the opponent loses from, so the player to move cannot force a win. But ${moveList(draws, 3)} ${draws.length === 1 ? 'is a Draw' : 'are Draws'} for the opponent, so the player to move never has to lose.`;
  }
  let liveText;
  let known = true;
  if (live !== undefined) {
    const s = decode(g, live);
    known = s.value !== 'Unknown';
    if (!known) {
      const of = count(moves.length, 'move');
      liveText =
        s.num === 1
          ? `Not decided yet at this step: 1 move of ${of} is still open (not yet known to hand the opponent a win).`
          : `Not decided yet at this step: ${fmt(s.num)} moves of ${of} are still open (not yet known to hand the opponent a win).`;
    } else if (s.value === 'Loop') {
      liveText = 'Decided at this step: Draw (the search is over and never decided it).';
    } else {
      const where = s.current ? ' It is being looked at now.' : s.queued ? ' It waits in the queue to be looked at.' : '';
      liveText = `Decided at this step: ${inMoves(s.value, s.num)}.${where}`;
    }
    if (done && known) liveText = liveText.replace(' at this step', '');
  }
  const title = `Vertex ${fmt(v)}${goal ? ' (the goal)' : ''}${v === g.start ? ' (the start)' : ''}`;
  if (quiz && !known) {
    return {
      title,
      value: 'Hidden until the search decides it (answers are hidden).',
      best: 'Hidden.',
      why: 'Is it a Win, a Lose or a Draw? Guess, then step on until the search decides it.',
      sg: null,
      live: liveText,
      bestStep: undefined,
      moves: moves.map((m) => ({ ...m, text: `→ ${fmt(m.to)}`, step: m.to, target: { p: 0, pos: m.to } })),
      hidden: true,
    };
  }
  return {
    title,
    value,
    best: bm ? `→ ${fmt(best)} (the opponent there: ${valueText(g, best)})` : 'none: no move',
    why,
    sg: sg ? gammaWhy(g, v, moves) : null,
    live: liveText,
    bestStep: bm ? best : undefined,
    moves: moves.map((m) => ({ ...m, step: m.to, target: { p: 0, pos: m.to } })),
    hidden: false,
  };
}
