// explain.js: pure text: the narration of each event and the inspector's account of a state.

// A game context `g` is { n, steps: [, s1, s2] (ascending), out, dep, best }, where out,
// dep and best hold the final Outcome codes (Loop 0, Win 1, Lose 2), the depths and the
// core's best moves (Solution.bestMoves) at (player - 1) * n + pos.

const WORD = ['Loop', 'Win', 'Lose'];
/** Snapshot value codes (0 unresolved, 1 Win, 2 Lose, 3 Loop) as words. */
export const SNAP_WORD = ['Unknown', 'Win', 'Lose', 'Loop'];

const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;
const other = (p) => 3 - p;
const at = (g, p, i) => (p - 1) * g.n + i;

/** A final value as words: "Win in 3", "Lose in 2", "Loop". */
export function valueText(g, p, i) {
  const o = g.out[at(g, p, i)];
  return o ? `${WORD[o]} in ${g.dep[at(g, p, i)]}` : 'Loop';
}

/** The snapshot word's fields. */
export function decode(w) {
  return { value: w & 3, queued: (w & 4) !== 0, current: (w & 8) !== 0, num: w >>> 4 };
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

/** Each move of (p, i): { step, to, hole, text, out, dep }. */
export function movesOf(g, p, i) {
  const q = other(p);
  return Array.from(g.steps[p], (x) => {
    const j = (i + x) % g.n;
    if (j === 0) return { step: x, to: 0, hole: true, out: 1, dep: 0, text: `+${x} lands on the hole: Win in 1` };
    const o = g.out[at(g, q, j)];
    const d = g.dep[at(g, q, j)];
    return { step: x, to: j, hole: false, out: o, dep: d, text: `+${x} → ${j}: player ${q} ${WORD[o]}${o ? ` in ${d}` : ''}` };
  });
}

/**
 * What the inspector says about state (p, i): { title, value, best, why, live, moves }.
 * `live` is the snapshot word at the animation's current step, or undefined.
 */
export function describe(g, p, i, live, done) {
  const q = other(p);
  const o = g.out[at(g, p, i)];
  const d = g.dep[at(g, p, i)];
  const moves = movesOf(g, p, i);
  const best = g.best[at(g, p, i)];
  const bm = moves.find((m) => m.step === best);
  let why;
  if (o === 1) {
    const wins = moves.filter((m) => m.hole || m.out === 2).length;
    why = bm.hole
      ? `+${best} lands on the hole: Win in 1.`
      : `+${best} → ${bm.to} leaves player ${q} in a Lose (in ${bm.dep}), so player ${p} wins in ${d}.`;
    if (wins > 1) why += ` It is the fastest of ${wins} winning moves.`;
  } else if (o === 2) {
    why = `${moveList(moves)}: all Win for player ${q}. The longest resistance is +${best} → ${bm.to}: Lose in ${d}.`;
  } else {
    const loops = moves.filter((m) => m.out === 0);
    why = `No move reaches the hole or a Lose for player ${q}, so player ${p} cannot force a win. But ${moveList(loops, 3)} ${loops.length === 1 ? 'is a Loop' : 'are Loops'} for player ${q}, so player ${p} never has to lose.`;
  }
  let liveText;
  if (live !== undefined) {
    const s = decode(live);
    if (s.value === 0) {
      const k = g.steps[p].length;
      liveText = `Not known yet at this step: ${s.num} of ${plural(k, 'move')} not yet known to give player ${q} a Win.`;
    } else if (s.value === 3) {
      liveText = 'Known at this step: Loop (the search is over and never decided it).';
    } else {
      const where = s.current ? ' It is being processed now.' : s.queued ? ' It waits in the queue.' : '';
      liveText = `Known at this step: ${SNAP_WORD[s.value]} in ${s.num}.${where}`;
    }
    if (done && s.value !== 0) liveText = liveText.replace(' at this step', '');
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
