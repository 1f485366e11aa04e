// explain.js: pure text: the narration of each event and the inspector's account of a state.

// A game context `g` is { n, steps: [, s1, s2] (ascending), out, dep, best, layout }, where
// out, dep and best hold the final Outcome codes, the depths and the core's best moves
// (Solution.bestMoves) at (player - 1) * n + pos, and `layout` is the core's layout()
// (Outcome codes, snapshot bits). A state's moves come from the core too (Solution.moves:
// rows of [step, succ, outcome, depth]): nothing here knows where a move leads, what a
// code means or where a bit sits.

const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;
const other = (p) => 3 - p;
const at = (g, p, i) => (p - 1) * g.n + i;

/** An Outcome code as a word. */
export function outcomeWord(g, o) {
  const c = g.layout.outcome;
  return o === c.win ? 'Win' : o === c.lose ? 'Lose' : 'Loop';
}

/** A final value as words: "Win in 3", "Lose in 2", "Loop". */
export function valueText(g, p, i) {
  const o = g.out[at(g, p, i)];
  return o === g.layout.outcome.loop ? 'Loop' : `${outcomeWord(g, o)} in ${g.dep[at(g, p, i)]}`;
}

/** A snapshot word's fields, read with the core's layout: value as a word, queued, current, number. */
export function decode(g, w) {
  const b = g.layout.snapshot;
  const v = w & b.valueMask;
  const value = v === b.win ? 'Win' : v === b.lose ? 'Lose' : v === b.loop ? 'Loop' : 'Unknown';
  return { value, queued: (w & b.queued) !== 0, current: (w & b.current) !== 0, num: w >>> b.shift };
}

/** One line of narration for an event (undefined: the start of the run). */
export function narrate(g, ev) {
  if (!ev) return 'Start: nothing is known yet. The search begins at the hole and works backwards. Press Play or Step.';
  const { player: p, pos } = ev;
  const q = p ? other(p) : 0;
  switch (ev.kind) {
    case 'resolve':
      if (ev.outcome === 'Win') {
        return ev.succ === 0
          ? `Player ${p} at ${pos}: +${ev.step} lands on the hole → Win in 1.`
          : `Player ${p} at ${pos}: +${ev.step} reaches ${ev.succ}, where player ${q} loses → Win in ${ev.depth}.`;
      }
      {
        const k = g.steps[p].length;
        const all = k === 1 ? 'its only move gives' : `all ${k} moves give`;
        return `Player ${p} at ${pos}: ${all} player ${q} a Win → Lose in ${ev.depth}.`;
      }
    case 'pop':
      return `Next from the queue: player ${p} at ${pos} (${ev.outcome} in ${ev.depth}). Now each player ${q} state that can move here is checked.`;
    case 'update':
      return `Player ${p} at ${pos}: +${ev.step} reaches ${ev.succ}, a Win for player ${q}; ${plural(ev.left, 'move')} still open.`;
    case 'skip':
      return `Player ${p} at ${pos} can move +${ev.step} to ${ev.succ}, but it is already known (${valueText(g, p, pos)}): nothing changes.`;
    case 'layer':
      return `Depth ${ev.depth} complete: all ${plural(ev.count, 'state')} that end in exactly ${plural(ev.depth, 'move')} are known.`;
    case 'done':
      return ev.loops
        ? `Done: the queue is empty. The ${plural(ev.loops, 'state')} never decided ${ev.loops === 1 ? 'is' : 'are'} Loop: nobody can force a win from there, so with best play the game goes on forever.`
        : 'Done: the queue is empty and every state is decided: there is no Loop.';
    default:
      return '';
  }
}

/** "+1 → 2, +2 → 3" for a list of moves, shortened past `max`. */
function moveList(moves, max = 6) {
  const shown = moves.slice(0, max).map((m) => `+${m.step} → ${m.to}`);
  if (moves.length > max) shown.push(`… (${moves.length} moves)`);
  return shown.join(', ');
}

/** Each move of a player-`p` state, from the core's rows: { step, to, hole, text, out, dep }. */
export function movesOf(g, p, rows) {
  const q = other(p);
  const c = g.layout.outcome;
  const w = g.layout.moveWords;
  const out = [];
  for (let k = 0; k + w <= rows.length; k += w) {
    const [step, j, o, d] = [rows[k], rows[k + 1], rows[k + 2], rows[k + 3]];
    if (j === 0) out.push({ step, to: 0, hole: true, out: c.win, dep: 0, text: `+${step} lands on the hole: Win in 1` });
    else
      out.push({
        step,
        to: j,
        hole: false,
        out: o,
        dep: d,
        text: `+${step} → ${j}: player ${q} ${outcomeWord(g, o)}${o === c.loop ? '' : ` in ${d}`}`,
      });
  }
  return out;
}

/**
 * What the inspector says about state (p, i): { title, value, best, why, live, moves }.
 * `rows` are its moves from the core (Solution.moves); `live` is the snapshot word at
 * the animation's current step, or undefined.
 */
export function describe(g, p, i, rows, live, done) {
  const q = other(p);
  const o = g.out[at(g, p, i)];
  const d = g.dep[at(g, p, i)];
  const c = g.layout.outcome;
  const moves = movesOf(g, p, rows);
  const best = g.best[at(g, p, i)];
  const bm = moves.find((m) => m.step === best);
  let why;
  if (o === c.win) {
    const wins = moves.filter((m) => m.hole || m.out === c.lose).length;
    why = bm.hole
      ? `+${best} lands on the hole: Win in 1.`
      : `+${best} → ${bm.to} leaves player ${q} in a Lose (in ${bm.dep}), so player ${p} wins in ${d}.`;
    if (wins > 1) why += ` It is the fastest of ${wins} winning moves.`;
  } else if (o === c.lose) {
    why = `${moveList(moves)}: all Win for player ${q}. The longest resistance is +${best} → ${bm.to}: Lose in ${d}.`;
  } else {
    const loops = moves.filter((m) => m.out === c.loop);
    why = `No move reaches the hole or a Lose for player ${q}, so player ${p} cannot force a win. But ${moveList(loops, 3)} ${loops.length === 1 ? 'is a Loop' : 'are Loops'} for player ${q}, so player ${p} never has to lose.`;
  }
  let liveText;
  if (live !== undefined) {
    const s = decode(g, live);
    if (s.value === 'Unknown') {
      liveText = `Not known yet at this step: ${s.num} of ${plural(moves.length, 'move')} not yet known to give player ${q} a Win.`;
    } else if (s.value === 'Loop') {
      liveText = 'Known at this step: Loop (the search is over and never decided it).';
    } else {
      const where = s.current ? ' It is being processed now.' : s.queued ? ' It waits in the queue.' : '';
      liveText = `Known at this step: ${s.value} in ${s.num}.${where}`;
    }
    if (done && s.value !== 'Unknown') liveText = liveText.replace(' at this step', '');
  }
  return {
    title: `Player ${p} to move, token at ${i}`,
    value: valueText(g, p, i),
    best: bm.hole ? `+${best}: onto the hole` : `+${best} → ${bm.to} (player ${q}: ${valueText(g, q, bm.to)})`,
    why,
    live: liveText,
    bestStep: best,
    moves,
  };
}
