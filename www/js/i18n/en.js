// i18n/en.js: every word the reader sees or hears, in English (the catalog every other falls back to); one section per part of the program.

export default {
  $code: 'en',
  $name: 'English',

  // ---- terms: the values' names, as every sentence refers to them ({=term.win}) -------------
  'term.win': 'Win',
  'term.win@pn': 'N-position',
  'term.lose': 'Lose',
  'term.lose@pn': 'P-position',
  'term.loop': 'Loop',
  'term.draw': 'Draw',

  // ---- element core (element/*) ---------------------------------------------------------------

  // ---- ring (ring/*, loopy-ring.js) -----------------------------------------------------------

  // ---- graph (graph/*, loopy-graph.js) --------------------------------------------------------
  'graph.value.win': { one: '{=term.win} in {count} move', other: '{=term.win} in {count} moves' },
  'graph.value.lose': { one: '{=term.lose} in {count} move', other: '{=term.lose} in {count} moves' },
  'graph.narrate.start':
    'Start: nothing is known yet. The search begins where the game is over (the goal, and every vertex without a move) and works backwards. Press Play or Step.',
  'graph.narrate.goal': 'Vertex {v} is the goal: whoever moves the token there wins, so the player to move at {v} has already lost: {value}.',
  'graph.narrate.deadEnd': 'Vertex {v} has no move: the player to move there cannot move and loses: {value}.',
  'graph.narrate.win': 'Vertex {v} can move to {succ}, where the opponent is sure to lose. So the player to move at {v} wins: {value}.',
  'graph.narrate.lose.unknown': 'Vertex {v}: every one of its moves hand the opponent a win. So the player to move at {v} loses: {value}.',
  'graph.narrate.lose.one': 'Vertex {v}: its only move hands the opponent a win. So the player to move at {v} loses: {value}.',
  'graph.narrate.lose.two': 'Vertex {v}: both of its moves hand the opponent a win. So the player to move at {v} loses: {value}.',
  'graph.narrate.lose.many': 'Vertex {v}: all {count} of its moves hand the opponent a win. So the player to move at {v} loses: {value}.',
  'graph.narrate.pop': 'Now looking at vertex {v} ({value}). Every vertex that can move here is checked next.',
  'graph.narrate.update': {
    one: 'Vertex {v} could move to {succ}, but that hands the opponent a win. {count} of its {k} moves is still open.',
    other: 'Vertex {v} could move to {succ}, but that hands the opponent a win. {count} of its {k} moves are still open.',
  },
  'graph.narrate.update.unknown': {
    one: 'Vertex {v} could move to {succ}, but that hands the opponent a win. {count} move is still open.',
    other: 'Vertex {v} could move to {succ}, but that hands the opponent a win. {count} moves are still open.',
  },
  'graph.narrate.skip': 'Vertex {v} could move to {succ}, but vertex {v} is already decided ({value}): nothing changes.',
  'graph.narrate.layer0.one': 'Depth 0 is complete: the only vertex where the game is already over is known.',
  'graph.narrate.layer0.many': 'Depth 0 is complete: all {count} vertices where the game is already over are known.',
  'graph.narrate.layer.one': {
    one: 'Depth {count} is complete: the only vertex whose game lasts exactly {count} move is now known.',
    other: 'Depth {count} is complete: the only vertex whose game lasts exactly {count} moves is now known.',
  },
  'graph.narrate.layer.two': {
    one: 'Depth {count} is complete: both vertices whose game lasts exactly {count} move are now known.',
    other: 'Depth {count} is complete: both vertices whose game lasts exactly {count} moves are now known.',
  },
  'graph.narrate.layer.many': {
    one: 'Depth {count} is complete: all {n} vertices whose game lasts exactly {count} move are now known.',
    other: 'Depth {count} is complete: all {n} vertices whose game lasts exactly {count} moves are now known.',
  },
  'graph.narrate.done.none': 'Done: every vertex is decided, so no vertex is a {=term.draw}.',
  'graph.narrate.done': {
    one: 'Done: nothing is left to check. The {count} vertex never decided is a {=term.draw}: from there neither player can force a win, so with best play the game never ends.',
    other:
      'Done: nothing is left to check. The {count} vertices never decided are Draws: from there neither player can force a win, so with best play the game never ends.',
  },
  'graph.move': '→ {to}: {value} for the opponent',
  'graph.move.sg': '→ {to}: {value} for the opponent (SG {sg})',
  'graph.move.inspect': 'Inspect vertex {to}',
  'graph.list.sep': ', ',
  'graph.list.more': { one: '… ({count} move in all)', other: '… ({count} moves in all)' },
  'graph.sg.goal': 'SG value 0: the goal, where the game is over.',
  'graph.sg.deadEnd': 'SG value 0 = mex {}: no move, and 0 is the smallest value of all.',
  'graph.sg.reach': 'Its moves reach the values {values}',
  'graph.sg.reach.none': 'Its moves reach no finite value',
  'graph.sg.reach.inf': 'Its moves reach the values {values} and ∞ ({inf})',
  'graph.sg.reach.none.inf': 'Its moves reach no finite value and ∞ ({inf})',
  'graph.sg.finite': 'SG value {v}: {reach}, and {v} is the smallest value not among them (the mex).',
  'graph.sg.finite.answered':
    'SG value {v}: {reach}, and {v} is the smallest value not among them (the mex). Each of its moves to an ∞ vertex can be answered by a move back to a vertex of value {v} ({answers}).',
  'graph.sg.infinite.win': {
    one: "SG value ∞(K) with K = {k}: {reach}, and no finite value fits (Smith's rule on graphs with cycles): to take {mex}, the smallest value not in K, every move to an ∞ vertex would need an answer back to a vertex of value {mex}, and {unanswered} has none. 0 is in K, so the player to move wins by moving to a vertex of value 0.",
    other:
      "SG value ∞(K) with K = {k}: {reach}, and no finite value fits (Smith's rule on graphs with cycles): to take {mex}, the smallest value not in K, every move to an ∞ vertex would need an answer back to a vertex of value {mex}, and {unanswered} have none. 0 is in K, so the player to move wins by moving to a vertex of value 0.",
  },
  'graph.sg.infinite.draw': {
    one: "SG value ∞(K) with K = {k}: {reach}, and no finite value fits (Smith's rule on graphs with cycles): to take {mex}, the smallest value not in K, every move to an ∞ vertex would need an answer back to a vertex of value {mex}, and {unanswered} has none. 0 is not in K: no move reaches a losing vertex, and the game can go on forever: a {=term.draw}.",
    other:
      "SG value ∞(K) with K = {k}: {reach}, and no finite value fits (Smith's rule on graphs with cycles): to take {mex}, the smallest value not in K, every move to an ∞ vertex would need an answer back to a vertex of value {mex}, and {unanswered} have none. 0 is not in K: no move reaches a losing vertex, and the game can go on forever: a {=term.draw}.",
  },
  'graph.optimal.start': 'In the optimal-play set from {start}: it is the start.',
  'graph.optimal.reached': 'In the optimal-play set from {start}: correct play can go {path}.',
  'graph.optimal.unreached': 'Not in the optimal-play set from {start}: no vertex that correct play visits has a move here.',
  'graph.optimal.refused.win': 'Not in the optimal-play set from {start}: correct play never moves here ({refused} would hand the opponent a win).',
  'graph.optimal.refused.draw': 'Not in the optimal-play set from {start}: correct play never moves here ({refused} would give up a win for a draw).',
  'graph.live.open.one': {
    one: 'Not decided yet at this step: 1 move of {count} move is still open (not yet known to hand the opponent a win).',
    other: 'Not decided yet at this step: 1 move of {count} moves is still open (not yet known to hand the opponent a win).',
  },
  'graph.live.open': {
    one: 'Not decided yet at this step: {open} moves of {count} move are still open (not yet known to hand the opponent a win).',
    other: 'Not decided yet at this step: {open} moves of {count} moves are still open (not yet known to hand the opponent a win).',
  },
  'graph.live.draw': 'Decided at this step: {=term.draw} (the search is over and never decided it).',
  'graph.live.draw.done': 'Decided: {=term.draw} (the search is over and never decided it).',
  'graph.live.step': 'Decided at this step: {value}.',
  'graph.live.step.now': 'Decided at this step: {value}. It is being looked at now.',
  'graph.live.step.queued': 'Decided at this step: {value}. It waits in the queue to be looked at.',
  'graph.live.done': 'Decided: {value}.',
  'graph.live.done.now': 'Decided: {value}. It is being looked at now.',
  'graph.live.done.queued': 'Decided: {value}. It waits in the queue to be looked at.',
  'graph.title': 'Vertex {v}',
  'graph.title.goal': 'Vertex {v} (the goal)',
  'graph.title.start': 'Vertex {v} (the start)',
  'graph.title.goal.start': 'Vertex {v} (the goal) (the start)',
  'graph.describe.goal.value': '{value}: the goal, where the game is over',
  'graph.describe.goal.why': 'Whoever moves the token onto the goal wins at once: the game stops there, so its moves are never used.',
  'graph.describe.deadEnd.value': '{value}: no move',
  'graph.describe.deadEnd.why': 'There is no move from here: the player to move cannot move, and loses.',
  'graph.describe.win': {
    one: '→ {to} leaves the opponent at a losing vertex ({lose}), so the player to move wins in {count} move.',
    other: '→ {to} leaves the opponent at a losing vertex ({lose}), so the player to move wins in {count} moves.',
  },
  'graph.describe.win.fastest': {
    one: '→ {to} leaves the opponent at a losing vertex ({lose}), so the player to move wins in {count} move. It is the fastest of {winning} winning moves.',
    other:
      '→ {to} leaves the opponent at a losing vertex ({lose}), so the player to move wins in {count} moves. It is the fastest of {winning} winning moves.',
  },
  'graph.describe.lose': {
    one: '{moves}: every move hands the opponent a win. The move that holds out longest is → {to}: the player to move loses in {count} move.',
    other: '{moves}: every move hands the opponent a win. The move that holds out longest is → {to}: the player to move loses in {count} moves.',
  },
  'graph.describe.draw.value': '{=term.draw}: neither player can force a win, so with best play the game never ends',
  'graph.describe.draw.why': {
    one: 'No move reaches a vertex the opponent loses from, so the player to move cannot force a win. But {draws} is a {=term.draw} for the opponent, so the player to move never has to lose.',
    other:
      'No move reaches a vertex the opponent loses from, so the player to move cannot force a win. But {draws} are Draws for the opponent, so the player to move never has to lose.',
  },
  'graph.describe.best': '→ {to} (the opponent there: {value})',
  'graph.describe.best.none': 'none: no move',
  'graph.hidden.asked': 'Hidden: the quiz asks you for it.',
  'graph.hidden.value': 'Hidden until the search decides it (answers are hidden).',
  'graph.hidden.best': 'Hidden.',
  'graph.hidden.asked.why': 'Is it a {=term.win}, a {=term.lose} or a {=term.draw}? Look at where its moves lead, then answer.',
  'graph.hidden.asked.why@pn': 'Is it an {=term.win}, a {=term.lose} or a {=term.draw}? Look at where its moves lead, then answer.',
  'graph.hidden.why': 'Is it a {=term.win}, a {=term.lose} or a {=term.draw}? Guess, then step on until the search decides it.',
  'graph.hidden.why@pn': 'Is it an {=term.win}, a {=term.lose} or a {=term.draw}? Guess, then step on until the search decides it.',
  'graph.hidden.live': 'Decided by this step: its value is the question.',
  'graph.numbers.depth':
    'The numbers in the marks are depths: how many moves the game lasts with best play; ∞ marks a {=term.draw}, which never ends.',
  'graph.numbers.grundy':
    'The numbers in the marks are Sprague-Grundy values; ∞ marks a vertex with no finite value, and the set under it is its K, the finite values its moves reach (0 in K: a {=term.win}, else a {=term.draw}).',
  'graph.numbers.grundy@pn':
    'The numbers in the marks are Sprague-Grundy values; ∞ marks a vertex with no finite value, and the set under it is its K, the finite values its moves reach (0 in K: an {=term.win}, else a {=term.draw}).',
  'graph.legend.note.depth': '∞ marks a {=term.draw}, which never ends; grey discs and dark arrows, where correct play from the start goes.',
  'graph.legend.note.grundy': '∞ marks an infinite SG value; grey discs and dark arrows, where correct play from the start goes.',
  'graph.legend.win.name': '{=term.win}',
  'graph.legend.win': '{=term.win} (circle): the player to move can force a win.',
  'graph.legend.lose.name': '{=term.lose}',
  'graph.legend.lose': '{=term.lose} (square): every move hands the opponent a win.',
  'graph.legend.draw.name': '{=term.draw}',
  'graph.legend.draw.short': '{=term.draw} (diamond, ∞): neither player can force a win, so the game never ends.',
  'graph.legend.draw.long': '{=term.draw} (diamond, ∞): neither player can force a win, so with best play the game never ends.',
  'graph.legend.optimal.name': 'Optimal play',
  'graph.legend.optimal.short': 'Grey discs and dark arrows: where correct play from the start can go, once the search is over.',
  'graph.legend.optimal.long':
    'Grey discs and dark arrows: the vertices and moves correct play from the start (the entering arrow) can use, shown once the search is over; the why says why a vertex is in or out.',
  'graph.legend.digits.name': 'Numbers',
  'graph.legend.queued.name': 'Waiting',
  'graph.legend.queued.short': 'Dashed outline: decided, waiting to be looked at.',
  'graph.legend.queued.long': 'Dashed outline: decided, and waiting to be looked at.',
  'graph.legend.popped.name': 'Looked at now',
  'graph.legend.popped.short': 'Orange ring: looked at now.',
  'graph.legend.popped.long': 'Orange ring: the vertex looked at now; the vertices that move to it are checked.',
  'graph.legend.pred.name': 'Move being checked',
  'graph.legend.pred.short': 'Orange arrow: the move being checked.',
  'graph.legend.pred.long': 'Orange arrow: the move being checked; the other moves into the vertex looked at are dashed.',
  'graph.legend.selected.name': 'Selected',
  'graph.legend.selected.short': 'Black ring: the selected vertex.',
  'graph.legend.selected.long': 'Black ring: the selected vertex (click one, or press Shift and the arrows).',
  'graph.legend.end.name': 'Game over',
  'graph.legend.end.short': 'Dark tag: the goal; dark bar: a vertex without a move.',
  'graph.legend.end.long': 'A dark tag under the goal and a dark bar under a vertex without a move: where the game is over.',
  'graph.stubs':
    'Under a vertex, “→+2” counts the moves into it from vertices not drawn here, and “+3→” counts its moves to vertices not drawn here.',
  'graph.help': 'Each arrow is a move. Both players have the same moves; the player who cannot move loses, and whoever moves onto the goal wins.',
  'graph.canvas.role': 'game graph',
  'graph.canvas.label': 'The game graph. Click a vertex, or press Shift and the arrow keys, to inspect it.',
  'graph.canvas.goal': 'goal',
  'graph.progress.read': 'Reading the graph…',
  'graph.progress.solve': 'Solving the graph…',
  'graph.progress.solve.n': { one: 'Solving the graph ({count} vertex)…', other: 'Solving the graph ({count} vertices)…' },
  'graph.progress.values': 'Preparing the animation and the values…',
  'graph.progress.values.n': {
    one: 'Preparing the animation and the values ({count} vertex)…',
    other: 'Preparing the animation and the values ({count} vertices)…',
  },
  'graph.progress.draw': 'Laying out the drawing…',
  'graph.progress.draw.n': { one: 'Laying out the drawing ({count} vertex)…', other: 'Laying out the drawing ({count} vertices)…' },
  'graph.known': { one: '{resolved} of {count} vertex decided', other: '{resolved} of {count} vertices decided' },
  'graph.known.done': { one: '{resolved} of {count} vertex decided; {draws}', other: '{resolved} of {count} vertices decided; {draws}' },
  'graph.known.draws': { one: '{count} {=term.draw}', other: '{count} Draws' },
  'graph.known.ball': '{known}. Showing the {vertices} within {moves} of vertex {v}',
  'graph.counts.vertices': { one: '{count} vertex', other: '{count} vertices' },
  'graph.counts.moves': { one: '{count} move', other: '{count} moves' },
  'graph.counts': 'Whole graph: {vertices}, {moves}. {=term.win} {win} · {=term.lose} {lose} · {=term.draw} {draw}.',
  'graph.counts.sg': 'Whole graph: {vertices}, {moves}. {=term.win} {win} · {=term.lose} {lose} · {=term.draw} {draw}. SG values: {list}.',
  'graph.counts.sg.more':
    'Whole graph: {vertices}, {moves}. {=term.win} {win} · {=term.lose} {lose} · {=term.draw} {draw}. SG values: {list} · … ({values} values).',
  'graph.counts.sg.item': '{value} × {n}',
  'graph.counts.sg.sep': ' · ',
  'graph.around.centre': 'Around vertex',
  'graph.around.radius': 'within',
  'graph.around.show': 'Show',
  'graph.around.centre.aria': 'Centre vertex',
  'graph.around.radius.aria': 'Moves away from it',
  'graph.around.moves': { one: '{count} move', other: '{count} moves' },
  'graph.around.showing': { one: 'Showing the {count} vertex around vertex {v}.', other: 'Showing the {count} vertices around vertex {v}.' },
  'graph.around.failed': 'the neighbourhood could not be drawn',
  'graph.keys.select': 'select the previous or next vertex',
  'graph.keys.best': 'follow the best move from the selected vertex',
  'graph.keys.values': 'show SG values or depths in the marks',
  'graph.keys.around': 'large graphs: the neighbourhood of the selected vertex',
  'graph.preset.cycle.note':
    'A cycle with one exit: 1 → 2 → 3 → 4 → 5 → 1, and 3 may leave to 6.\n7 has no move (Lose), so 6 wins by moving there, and leaving the cycle\nhands the opponent that Win. Nobody on the cycle can force a win: draws.',
  'graph.preset.subtraction.note':
    'Take 1, 3 or 4 counters from a heap; whoever cannot move loses.\nVertex v is a heap of v − 1 counters (vertex 1: the empty heap).\nIts Sprague-Grundy values repeat 0, 1, 0, 1, 2, 3, 2 with period 7.',
  'graph.preset.ring.note':
    "The ring game n = 5, player 1's steps {2, 3}, player 2's {1, 2, 3},\ndrawn as a graph of its states: vertex 1 + i is player 1 to move at\nposition i, vertex 6 + i is player 2 to move at i. Vertices 1 and 6 are\nthe hole: no move there (whoever moved onto it has won).",

  // ---- errors, by the core's code (error.CODE) ------------------------------------------------

  // ---- pages (page/*, index.html, graph.html) -------------------------------------------------

  // ---- export (export/*) ----------------------------------------------------------------------

  // ---- story (story/*, loopy-story.js) --------------------------------------------------------
};
