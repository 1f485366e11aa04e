// play-panel.js: the page's "Play against the solver" panel beside the ring: set-up, moves as buttons, hint, undo, the move list and the review.

import { h } from '../element/style.js';
import { fmt } from '../ring/explain.js';
import { Game, valueForVisitor } from '../ring/play.js';
import { otherPlayer as other } from '../ring/states.js';

const radios = (name, label, values, checked) =>
  h(
    'fieldset',
    { className: 'play-choice' },
    h('legend', {}, label),
    ...values.map(([v, text]) => h('label', {}, h('input', { type: 'radio', name, value: String(v), checked: v === checked }), ` ${text}`)),
  );
/** "3rd": the ordinals the repeat note needs (it shows from the third time on). */
const ordinal = (k) => `${fmt(k)}${k % 100 >= 11 && k % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th')}`;
const picked = (root, name) => Number(root.querySelector(`input[name="${name}"]:checked`).value);

/**
 * Opens the panel in the side column of `ring` (the page's element), before `before`;
 * `onClose()` runs when the visitor closes it. Returns the panel (its `game` property is
 * the game in progress, for tests).
 */
export function openPlay(ring, before, onClose) {
  const existing = document.getElementById('play');
  if (existing) {
    existing.hidden = false;
    existing.querySelector('#play-pos').focus();
    return existing;
  }
  const ui = {
    pos: h('input', { type: 'number', id: 'play-pos', min: 1, value: 1, required: true }),
    show: h('input', { type: 'checkbox', id: 'play-show', checked: true }),
    start: h('button', { type: 'button', id: 'play-start', className: 'primary' }, 'Start the game'),
    watch: h('button', { type: 'button', id: 'play-watch' }, 'Watch optimal play'),
    close: h('button', { type: 'button', id: 'play-close' }, 'Close'),
    game: h('p', { className: 'hint', id: 'play-game' }),
    // Not a live region: the ring's narration says the same, and it is one.
    status: h('p', { id: 'play-status', className: 'play-status' }),
    value: h('p', { id: 'play-value' }),
    repeat: h('p', { id: 'play-repeat', className: 'play-repeat', hidden: true }),
    moves: h('div', { id: 'play-moves', className: 'play-moves', role: 'group', ariaLabel: 'Your moves' }),
    hint: h('button', { type: 'button', id: 'play-hint' }, 'Hint'),
    undo: h('button', { type: 'button', id: 'play-undo' }, 'Undo'),
    stop: h('button', { type: 'button', id: 'play-stop' }, 'Stop'),
    again: h('button', { type: 'button', id: 'play-again' }, 'New game'),
    hintText: h('p', { id: 'play-hint-text', className: 'play-hint', ariaLive: 'polite' }),
    list: h('ol', { id: 'play-list', className: 'play-list', ariaLabel: 'Moves so far' }),
    review: h('div', { id: 'play-review', className: 'play-review', ariaLive: 'polite' }),
  };
  const setup = h(
    'div',
    { className: 'play-setup' },
    ui.game,
    h('div', { className: 'row' }, h('label', { for: 'play-pos' }, 'Start at position'), ui.pos),
    radios(
      'play-first',
      'Who moves first',
      [
        [1, 'player 1'],
        [2, 'player 2'],
      ],
      1,
    ),
    radios(
      'play-side',
      'You play',
      [
        [1, 'player 1 (outer ring)'],
        [2, 'player 2 (inner ring)'],
      ],
      1,
    ),
    h('label', {}, ui.show, ' Show what each position is worth (untick for a quiz)'),
    h('div', { className: 'row' }, ui.start, ui.watch, ui.close),
  );
  const live = h(
    'div',
    { className: 'play-live', hidden: true },
    ui.status,
    ui.value,
    ui.repeat,
    ui.moves,
    h('div', { className: 'row' }, ui.hint, ui.undo, ui.stop, ui.again),
    ui.hintText,
    ui.list,
    ui.review,
  );
  const panel = h(
    'section',
    { id: 'play', className: 'play', slot: 'side', ariaLabelledby: 'play-h' },
    h('h2', { id: 'play-h' }, 'Play against the solver'),
    setup,
    live,
  );
  before.before(panel);

  let game = null;
  let shownFor = '';
  const describeGame = () => {
    const g = ring.game;
    if (!g) return;
    ui.pos.max = String(g.n - 1);
    ui.game.textContent = `The game on the ring: n = ${fmt(g.n)}, player 1 steps by ${g.s1.join(', ')}, player 2 by ${g.s2.join(', ')}. Pick another game below the ring.`;
  };
  describeGame();

  /** The ring shows every value (the end of the search) or none (its start), as the box says. */
  const showValues = () => ring.seek(ui.show.checked ? Infinity : 0);

  const begin = async (side) => {
    const g = ring.game;
    if (!g) return;
    const pos = Math.floor(Number(ui.pos.value));
    if (!(pos >= 1 && pos < g.n)) {
      ui.pos.setCustomValidity(`a position from 1 to ${g.n - 1}`);
      ui.pos.reportValidity();
      return;
    }
    ui.pos.setCustomValidity('');
    game = new Game(ring, render);
    panel.game = game;
    shownFor = '';
    ring.classList.add('in-game');
    setup.hidden = true;
    live.hidden = false;
    ui.hintText.textContent = '';
    showValues();
    ring.select(null);
    await game.begin(pos, picked(setup, 'play-first'), side);
  };

  const end = () => {
    if (game) game.stop();
    game = null;
    panel.game = null;
    ring.classList.remove('in-game');
    ring.token = null;
    ring.caption = null;
    setup.hidden = false;
    live.hidden = true;
  };

  ui.start.onclick = () => begin(picked(setup, 'play-side'));
  ui.watch.onclick = () => begin(0);
  ui.again.onclick = () => {
    end();
    ui.start.focus();
  };
  ui.close.onclick = () => {
    end();
    panel.hidden = true;
    onClose();
  };
  ui.show.onchange = () => {
    if (!game) return;
    showValues();
    render();
  };
  ui.stop.onclick = () => game?.stop();
  ui.undo.onclick = async () => {
    ui.hintText.textContent = '';
    await game?.undo();
  };
  ui.hint.onclick = () => {
    const t = game?.hint();
    if (!t) return;
    ui.hintText.textContent = `Hint: ${move(t.step, t.to)} is the best move. ${t.why}`;
    if (t.to) ring.select(other(game.p), t.to);
  };

  // Space on one of the panel's buttons presses it (the element would take Space for
  // playback, as it does on its own buttons: here the button is the move).
  panel.addEventListener('keydown', (e) => {
    if (e.key === ' ' && e.target instanceof HTMLButtonElement) e.stopPropagation();
  });

  // A click on the ring (or Enter on a selected state) that a move reaches makes that move.
  ring.addEventListener('loopy-pick', (e) => {
    if (!game?.waiting) return;
    const { player, pos } = e.detail;
    if (player !== other(game.p) || !game.options.moves.some((m) => m.to === pos)) return;
    e.preventDefault();
    game.playTo(player, pos);
  });
  // Another game on the ring (any new load: the element drops the token then) ends this one.
  ring.addEventListener('loopy-ready', () => {
    if (game) end();
    describeGame();
  });

  const move = (step, to) => (to === 0 ? `+${fmt(step)} onto the hole` : `+${fmt(step)} → ${fmt(to)}`);
  const who = (by, p) => (by === 'you' ? `You (player ${p})` : `The computer (player ${p})`);

  function render() {
    if (!game) return;
    const s = game.state();
    const watching = game.side === 0;
    const last = game.history.at(-1);
    const lastText = last ? `${watching ? `Player ${last.p}` : who(last.by, last.p)} played ${move(last.step, last.to)} from ${fmt(last.pos)}. ` : '';
    let status;
    if (s.over) {
      const k = game.history.length;
      if (s.over.reason === 'hole')
        status = watching ? `Player ${s.over.winner} wins.` : s.over.winner === game.side ? 'You win!' : 'The computer wins.';
      else if (s.over.reason === 'repeat') status = `Player ${s.p} at ${fmt(s.pos)} again: with best play the same moves repeat forever (a Loop).`;
      else status = `Stopped after ${k} move${k === 1 ? '' : 's'}.`;
    } else if (s.turn === 'you') status = s.waiting ? `Your move: player ${s.p}, token at ${fmt(s.pos)}.` : '…';
    else status = watching ? `Player ${s.p} to move, token at ${fmt(s.pos)}…` : `The computer (player ${s.p}) moves from ${fmt(s.pos)}…`;
    ui.status.textContent = `${lastText}${status}`;
    ring.caption = ui.status.textContent;
    // What the position is worth, unless hidden for a quiz.
    ui.value.hidden = !ui.show.checked || Boolean(s.over);
    if (!s.over) {
      const v = game.value(s.p, s.pos);
      ui.value.textContent = watching
        ? `Player ${s.p} to move: ${v.o === 'loop' ? 'Loop' : `${v.o === 'win' ? 'Win' : 'Lose'} in ${v.d}`}.`
        : valueForVisitor(v, s.p, game.side);
    }
    // A position that keeps coming back: the game is going round, as it can forever in a Loop.
    ui.repeat.hidden = !s.repeat || watching;
    if (s.repeat) ui.repeat.textContent = repeatText(s.repeat, game.side);
    // The visitor's moves, as buttons (the best is not marked: that is what Hint is for).
    const key = `${s.waiting}|${game.history.length}|${s.p}:${s.pos}`;
    if (key !== shownFor) {
      shownFor = key;
      const hadFocus = panel.contains(document.activeElement);
      ui.moves.replaceChildren(
        ...(s.waiting
          ? game.options.moves.map((m) => {
              const b = h('button', { type: 'button', 'data-step': String(m.step) }, move(m.step, m.to));
              b.onclick = () => {
                ui.hintText.textContent = '';
                game.play(m.step);
              };
              return b;
            })
          : []),
      );
      if (s.waiting && hadFocus) ui.moves.querySelector('button')?.focus();
      ui.list.replaceChildren(
        ...game.history.map((x) => h('li', {}, `${watching ? `Player ${x.p}` : who(x.by, x.p)}: ${move(x.step, x.to)} from ${fmt(x.pos)}`)),
      );
    }
    ui.hint.disabled = !s.waiting;
    ui.undo.disabled = game.busy || !game.history.some((x) => x.by === 'you');
    ui.stop.disabled = Boolean(s.over);
    ui.review.replaceChildren(...(s.over && !watching ? reviewOf(game) : []));
  }

  /** What a position that came up `rep.times` times means, for the visitor playing `side`. */
  function repeatText(rep, side) {
    const { p, pos, times, value } = rep;
    const youWin = value.o !== 'loop' && (value.o === 'win') === (p === side);
    if (value.o === 'loop')
      return `The token is at ${fmt(pos)} with player ${p} to move for the ${ordinal(times)} time: the game is going round, as it can forever from a Loop, where nobody can force a win.`;
    if (youWin)
      return `The token is at ${fmt(pos)} with player ${p} to move for the ${ordinal(times)} time: going round like this the game never ends, as in a Loop, where nobody can force a win. You can still force a win from here: Hint shows the fastest way.`;
    return `The token is at ${fmt(pos)} with player ${p} to move for the ${ordinal(times)} time: the game is going round, but the computer can still force a win from here.`;
  }

  function reviewOf(g) {
    const r = g.review();
    if (!r.length) return [h('p', {}, 'Review: you made no move.')];
    const lost = r.find((x) => x.threw === 'win');
    const drawn = r.find((x) => x.threw === 'draw');
    const slip = r.find((x) => x.slipped);
    let head;
    if (slip && (!lost || slip.move < lost.move))
      head = `The move that let the win slip into going round: move ${slip.move}, ${move(slip.step, slip.to)} from ${fmt(slip.from)}; ${move(slip.best, slip.bestTo)} wins fastest. Going round forever, nobody wins, as in a Loop.`;
    else if (lost)
      head = `The move that threw the win away: move ${lost.move}, ${move(lost.step, lost.to)} from ${fmt(lost.from)}; ${move(lost.best, lost.bestTo)} kept it.`;
    else if (drawn)
      head = `The move that threw the draw away: move ${drawn.move}, ${move(drawn.step, drawn.to)} from ${fmt(drawn.from)}; ${move(drawn.best, drawn.bestTo)} stayed in the Loop.`;
    else head = r[0].before.o === 'win' ? 'You never threw a win away.' : 'You had no win to throw away.';
    if (lost && drawn && drawn.move > lost.move) head += ` Then move ${drawn.move} threw the draw away too.`;
    if (slip && lost && lost.move > slip.move) head += ` Then move ${lost.move} threw the win away.`;
    return [
      h('h3', {}, 'Review'),
      h('p', { id: 'play-verdict' }, head),
      h(
        'ol',
        { className: 'play-list' },
        ...r.map((x) =>
          h(
            'li',
            { value: x.move, className: x.threw === 'win' ? 'threw' : x.threw === 'draw' ? 'threw-draw' : x.slipped ? 'slipped' : '' },
            `${move(x.step, x.to)} from ${fmt(x.from)}: ${x.verdict}${x.step === x.best || x.verdict.startsWith('best') ? '' : ` (best: ${move(x.best, x.bestTo)})`}.`,
          ),
        ),
      ),
    ];
  }

  ui.pos.focus();
  return panel;
}
