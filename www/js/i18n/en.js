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
  // Values: "Win in 3 moves"; with who makes the moves; `@pn`: "N-position, won in 3 moves".
  'ring.plies': { one: '{count} move', other: '{count} moves' },
  'ring.options': { one: '{count} move', other: '{count} moves' },
  'ring.value.win': { one: '{=term.win} in {count} move', other: '{=term.win} in {count} moves' },
  'ring.value.win@pn': { one: '{=term.win}, won in {count} move', other: '{=term.win}, won in {count} moves' },
  'ring.value.lose': { one: '{=term.lose} in {count} move', other: '{=term.lose} in {count} moves' },
  'ring.value.lose@pn': { one: '{=term.lose}, lost in {count} move', other: '{=term.lose}, lost in {count} moves' },
  'ring.value.loop': '{=term.loop}',
  'ring.value.win.each': '{=term.win} in {count} moves ({each} each)',
  'ring.value.win.each@pn': '{=term.win}, won in {count} moves ({each} each)',
  'ring.value.lose.each': '{=term.lose} in {count} moves ({each} each)',
  'ring.value.lose.each@pn': '{=term.lose}, lost in {count} moves ({each} each)',
  'ring.value.win.split': '{=term.win} in {count} moves ({more} by player {p}, {fewer} by player {q})',
  'ring.value.win.split@pn': '{=term.win}, won in {count} moves ({more} by player {p}, {fewer} by player {q})',
  'ring.value.lose.split': '{=term.lose} in {count} moves ({more} by player {p}, {fewer} by player {q})',
  'ring.value.lose.split@pn': '{=term.lose}, lost in {count} moves ({more} by player {p}, {fewer} by player {q})',
  // The narration, one line an event.
  'ring.say.start': 'Start: nothing is known yet. The search begins at the hole and works backwards from it. Press Play or Step.',
  'ring.say.win.hole': 'Player {p} at {pos} can step +{step} onto the hole and win at once: {value}.',
  'ring.say.win': 'Player {p} at {pos} can step +{step} to {succ}, where player {q} is sure to lose. So player {p} at {pos} wins: {value}.',
  'ring.say.lose.one': 'Player {p} at {pos}: its only move hands player {q} a win. So player {p} at {pos} loses: {value}.',
  'ring.say.lose.two': 'Player {p} at {pos}: both of its moves hand player {q} a win. So player {p} at {pos} loses: {value}.',
  'ring.say.lose.all': 'Player {p} at {pos}: all {count} of its moves hand player {q} a win. So player {p} at {pos} loses: {value}.',
  'ring.say.pop': 'Now looking at player {p} at {pos} ({value}). Every player {q} state that can move here is checked next.',
  'ring.say.update': {
    one: 'Player {p} at {pos} could step +{step} to {succ}, but that hands player {q} a win. {count} of its {moves} moves is still open.',
    other: 'Player {p} at {pos} could step +{step} to {succ}, but that hands player {q} a win. {count} of its {moves} moves are still open.',
  },
  'ring.say.skip': 'Player {p} at {pos} could step +{step} to {succ}, but player {p} at {pos} is already decided ({value}): nothing changes.',
  'ring.say.layer.one': 'Depth {depth} is complete: the only state whose game lasts exactly {lasting} is now known.',
  'ring.say.layer.two': 'Depth {depth} is complete: both states whose game lasts exactly {lasting} are now known.',
  'ring.say.layer.all': 'Depth {depth} is complete: all {count} states whose game lasts exactly {lasting} are now known.',
  'ring.say.done.none': 'Done: every state is decided, so no state is a {=term.loop}.',
  'ring.say.done': {
    one: 'Done: nothing is left to check. The {count} state never decided is a {=term.loop}: from there neither player can force a win, so with best play the game never ends.',
    other:
      'Done: nothing is left to check. The {count} states never decided are Loops: from there neither player can force a win, so with best play the game never ends.',
  },
  'ring.say.skipped': {
    one: 'Every state that can be decided is decided. The remaining {count} check only looks at moves into decided states and changes nothing, so playback skipped it: {done}',
    other:
      'Every state that can be decided is decided. The remaining {count} checks only look at moves into decided states and change nothing, so playback skipped them: {done}',
  },
  // The inspector and the popup: a state, its moves, its best move, why.
  'ring.state.title': 'Player {p} to move, token at {pos}',
  'ring.state.loop': '{=term.loop}: neither player can force a win, so with best play the game never ends',
  'ring.move.arrow': '+{step} → {to}',
  'ring.move.more': { one: '… ({count} move in all)', other: '… ({count} moves in all)' },
  'ring.move.hole': '+{step} onto the hole: an immediate win',
  'ring.move.to': '+{step} → {to}: player {q} {value}',
  'ring.move.to@pn': '+{step} → {to}: {value} (player {q} to move)',
  'ring.move.inspect': 'Inspect player {q} at {to}',
  'ring.best.hole': '+{step}: onto the hole',
  'ring.best.to': '+{step} → {to} (player {q} there: {value})',
  'ring.why.hole': '+{step} lands on the hole: an immediate win.',
  'ring.why.hole.fastest': '+{step} lands on the hole: an immediate win. It is the fastest of {winning} winning moves.',
  'ring.why.moveToLose': '+{step} → {to} leaves player {q} in a losing state ({value}), so player {p} wins in {lasting}.',
  'ring.why.moveToLose.fastest':
    '+{step} → {to} leaves player {q} in a losing state ({value}), so player {p} wins in {lasting}. It is the fastest of {winning} winning moves.',
  'ring.why.everyMoveToWin':
    '{list}: every move hands player {q} a win. The move that holds out longest is +{step} → {to}: player {p} loses in {lasting}.',
  'ring.why.loop': {
    one: 'No move reaches the hole or a state that player {q} loses from, so player {p} cannot force a win. But {list} is a {=term.loop} for player {q}, so player {p} never has to lose.',
    other:
      'No move reaches the hole or a state that player {q} loses from, so player {p} cannot force a win. But {list} are Loops for player {q}, so player {p} never has to lose.',
  },
  'ring.live.open': {
    one: 'Not decided yet at this step: {count} move of {of} is still open (not yet known to hand player {q} a win).',
    other: 'Not decided yet at this step: {count} moves of {of} are still open (not yet known to hand player {q} a win).',
  },
  'ring.live.loop': 'Decided at this step: {=term.loop} (the search is over and never decided it).',
  'ring.live.loop.done': 'Decided: {=term.loop} (the search is over and never decided it).',
  'ring.live.decided': 'Decided at this step: {value}.',
  'ring.live.decided.current': 'Decided at this step: {value}. It is being looked at now.',
  'ring.live.decided.queued': 'Decided at this step: {value}. It waits in the queue to be looked at.',
  'ring.live.decided.done': 'Decided: {value}.',
  'ring.hidden.asked': 'Hidden: the quiz asks you for it.',
  'ring.hidden.value': 'Hidden until the search decides it (answers are hidden).',
  'ring.hidden.best': 'Hidden.',
  'ring.hidden.why.asked': 'Is it a {=term.win}, a {=term.lose} or a {=term.loop}? Look at where its moves lead, then answer.',
  'ring.hidden.why.asked@pn': 'Is it an {=term.win}, a {=term.lose} or a {=term.loop}? Look at where its moves lead, then answer.',
  'ring.hidden.why': 'Is it a {=term.win}, a {=term.lose} or a {=term.loop}? Guess, then step on until the search decides it.',
  'ring.hidden.why@pn': 'Is it an {=term.win}, a {=term.lose} or a {=term.loop}? Guess, then step on until the search decides it.',
  'ring.hidden.live': 'Decided by this step: its value is the question.',
  // The element: its canvas, counter, progress, help, keys, presenter mode, the error box's offers.
  'ring.canvas.role': 'game ring',
  'ring.canvas.label': 'The ring. Click a state or use the arrow keys to inspect it.',
  'ring.canvas.hole': '0 hole',
  'ring.canvas.outer': 'Outer ring:\nplayer 1 to move',
  'ring.canvas.inner': 'Inner ring:\nplayer 2 to move',
  'ring.help': 'Outer ring: player 1 to move. Inner ring: player 2 to move. The hole (position 0) is at the top; positions go clockwise.',
  'ring.loops': { one: '{count} Loop', other: '{count} Loops' },
  'ring.known': { one: '{resolved} of {count} state decided', other: '{resolved} of {count} states decided' },
  'ring.known.done': { one: '{resolved} of {count} state decided; {loops}', other: '{resolved} of {count} states decided; {loops}' },
  'ring.progress.solving': 'Solving n = {n}…',
  'ring.progress.preparing': 'Preparing the animation of n = {n}…',
  'ring.progress.states': {
    one: 'Solving n = {n}: {resolved} of {count} state decided',
    other: 'Solving n = {n}: {resolved} of {count} states decided',
  },
  'ring.offer.nearest': "Show the nearest valid game: n = {n}, player 1's steps {s1}, player 2's steps {s2}",
  'ring.offer.default': 'Show the default game: the first sample, n = {n}',
  'ring.keys.position': 'select the previous or next position (PgUp PgDn: 10 at a time)',
  'ring.keys.track': 'select on the outer ring (player 1) or the inner ring (player 2)',
  'ring.keys.present': 'presenter mode: the whole screen, large type (F or Esc leaves)',
  'ring.keys.escape': 'close a box, leave presenter mode, or clear the selection',
  'ring.present.leave': 'Leave presenter mode',
  'ring.present.leave.title': 'Leave presenter mode (Esc)',
  // A game against the solver (play.js): the review's verdicts, the value for the visitor.
  'ring.play.threw.loop': 'threw the win away: now nobody can force a win',
  'ring.play.threw.win': 'threw the win away: now the opponent wins in {lasting}',
  'ring.play.threw.draw': 'threw the draw away: now the opponent wins in {lasting}',
  'ring.play.best.win': 'best: the fastest win',
  'ring.play.best.lose': 'best: it holds out longest',
  'ring.play.best.loop': 'best: it stays in the {=term.loop}',
  'ring.play.slower': 'still wins, but in {lasting} instead of {before}',
  'ring.play.sooner': 'loses sooner: in {lasting} instead of {before}',
  'ring.play.slipped': 'still wins, but in {lasting} instead of {before}, and the game later came back to this position',
  'ring.play.loop': '{=term.loop}: neither side can force a win, so with best play the game never ends.',
  'ring.play.plies.each': '{count} moves ({each} each)',
  'ring.play.plies.you': '{count} moves ({more} by you, {fewer} by the computer)',
  'ring.play.plies.computer': '{count} moves ({more} by the computer, {fewer} by you)',
  'ring.play.you.win': 'You are {=term.win} in {moves}: you can win whatever the computer does.',
  'ring.play.you.win@pn': 'You win in {moves}: you can win whatever the computer does.',
  'ring.play.you.lose': 'You are {=term.lose} in {moves}: the computer wins in at most {lasting} whatever you do.',
  'ring.play.you.lose@pn': 'You lose in {moves}: the computer wins in at most {lasting} whatever you do.',

  // ---- graph (graph/*, loopy-graph.js) --------------------------------------------------------

  // ---- errors, by the core's code (error.CODE) ------------------------------------------------

  // ---- pages (page/*, index.html, graph.html) -------------------------------------------------

  // ---- export (export/*) ----------------------------------------------------------------------

  // ---- story (story/*, loopy-story.js) --------------------------------------------------------
};
