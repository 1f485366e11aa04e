// graph-ball.js: a large graph's neighbourhood around a vertex, with the moves that leave it, for the graph worker; loaded when a large graph first asks for one (a graph drawn whole never does).

// No imports: the graph worker loads it on its own, and hands it its `drawing` (dagre's layout in a worker of its own).

/** A neighbourhood shows at most this many vertices (the nearest ones, breadth first). */
const BALL_MAX = 60;

/**
 * Up to BALL_MAX vertices nearest to `centre` in the graph solved as `sol` (moves followed
 * both ways, up to `k` of them), with what leaves them, and which of them are the core's
 * dead ends (`dead`), laid out by `draw(ids, succ)` (graph-worker.js's: null when the graph
 * changed meanwhile, and then so are the ids).
 */
export async function ball(sol, centre, k, dead, draw) {
  const dist = new Map([[centre, 0]]);
  const queue = [centre];
  const succ = new Map();
  const pred = new Map();
  const movesOf = (v) => {
    if (!succ.has(v)) {
      // Each neighbour once (a vertex's move rows repeat repeated edges: up to every edge
      // the limits admit, half a gigabyte, for one vertex; its neighbours are at most n).
      succ.set(v, Array.from(sol.successors(v)));
      pred.set(v, Array.from(sol.predecessors(v)));
    }
  };
  for (let h = 0; h < queue.length && dist.size < BALL_MAX; h++) {
    const v = queue[h];
    const d = dist.get(v);
    if (d >= k) continue;
    movesOf(v);
    for (const w of [...succ.get(v), ...pred.get(v)]) {
      if (dist.has(w)) continue;
      dist.set(w, d + 1);
      queue.push(w);
      if (dist.size >= BALL_MAX) break;
    }
  }
  const ids = [...dist.keys()].sort((a, b) => a - b);
  for (const v of ids) movesOf(v);
  const inside = new Set(ids);
  // Moves that leave the ball, and moves into it from outside: drawn as stubs.
  const away = ids.map((v) => succ.get(v).filter((w) => !inside.has(w)).length);
  const from = ids.map((v) => pred.get(v).filter((u) => !inside.has(u)).length);
  // Where the game is over without a goal: the core's dead ends (the goal has its own tag).
  const none = ids.map((v) => dead.has(v));
  // Given up when the graph changes meanwhile (a newer load frees this one).
  const layout = await draw(ids, (v) => succ.get(v));
  if (!layout) return { ids: null };
  return { ids: Uint32Array.from(ids), away, from, none, layout, complete: queue.length === ids.length };
}
