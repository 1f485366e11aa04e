// play-panel.js: the page's "Play against the solver" panel beside the ring: set-up, moves as buttons, hint, undo, the move list and the review.

import { h } from '../element/style.js';
import { Game, valueForVisitor } from '../ring/play.js';
import { onWords, pageWords, put, t } from './page-lang.js';

/** A text node (or element) whose words are `text()`, said again on a change of language. */
const said = (tag, props, text) => {
  const e = h(tag, props);
  put(e, text);
  return e;
};
const radios = (name, label, values, checked) =>
  h(
    'fieldset',
    { className: 'play-choice' },
    said('legend', {}, () => t(label)),
    ...values.map(([v, key]) =>
      h(
        'label',
        {},
        h('input', { type: 'radio', name, value: String(v), checked: v === checked }),
        ' ',
        said('span', {}, () => t(key)),
      ),
    ),
  );
/** The ordinal's message by the language's ordinal plural category ("3rd", "第 3"). */
const ORDINAL = {
  zero: 'page.play.ordinal.other',
  one: 'page.play.ordinal.one',
  two: 'page.play.ordinal.two',
  few: 'page.play.ordinal.few',
  many: 'page.play.ordinal.other',
  other: 'page.play.ordinal.other',
};
/** "3rd": the ordinals the repeat note needs (it shows from the third time on), by the language's ordinal rules. */
const ordinal = (k) => t(ORDINAL[new Intl.PluralRules(pageWords().code, { type: 'ordinal' }).select(k)], { k });
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
    start: said('button', { type: 'button', id: 'play-start', className: 'primary' }, () => t('page.play.start')),
    watch: said('button', { type: 'button', id: 'play-watch' }, () => t('page.play.watch')),
    close: said('button', { type: 'button', id: 'play-close' }, () => t('page.close')),
    game: h('p', { className: 'hint', id: 'play-game' }),
    // Not a live region: the ring's narration says the same, and it is one.
    status: h('p', { id: 'play-status', className: 'play-status' }),
    value: h('p', { id: 'play-value' }),
    repeat: h('p', { id: 'play-repeat', className: 'play-repeat', hidden: true }),
    moves: h('div', { id: 'play-moves', className: 'play-moves', role: 'group' }),
    hint: said('button', { type: 'button', id: 'play-hint' }, () => t('page.play.hint')),
    undo: said('button', { type: 'button', id: 'play-undo' }, () => t('page.play.undo')),
    stop: said('button', { type: 'button', id: 'play-stop' }, () => t('page.play.stop')),
    again: said('button', { type: 'button', id: 'play-again' }, () => t('page.play.again')),
    hintText: h('p', { id: 'play-hint-text', className: 'play-hint', ariaLive: 'polite' }),
    list: h('ol', { id: 'play-list', className: 'play-list' }),
    review: h('div', { id: 'play-review', className: 'play-review', ariaLive: 'polite' }),
  };
  put(ui.moves, () => t('page.play.yourMoves'), 'aria-label');
  put(ui.list, () => t('page.play.movesSoFar'), 'aria-label');
  const setup = h(
    'div',
    { className: 'play-setup' },
    ui.game,
    h(
      'div',
      { className: 'row' },
      said('label', { for: 'play-pos' }, () => t('page.play.startAt')),
      ui.pos,
    ),
    radios(
      'play-first',
      'page.play.first',
      [
        [1, 'page.play.player1'],
        [2, 'page.play.player2'],
      ],
      1,
    ),
    radios(
      'play-side',
      'page.play.side',
      [
        [1, 'page.play.player1Outer'],
        [2, 'page.play.player2Inner'],
      ],
      1,
    ),
    h(
      'label',
      {},
      ui.show,
      ' ',
      said('span', {}, () => t('page.play.showValues')),
    ),
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
    said('h2', { id: 'play-h' }, () => t('page.play.open')),
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
    put(ui.game, () => t('page.play.game', { n: g.n, s1: g.s1.join(t('page.listSep')), s2: g.s2.join(t('page.listSep')) }));
  };
  describeGame();

  /** The ring shows every value (the end of the search) or none (its start), as the box says. */
  const showValues = () => ring.seek(ui.show.checked ? Infinity : 0);

  const begin = async (side) => {
    const g = ring.game;
    if (!g) return;
    const pos = Math.floor(Number(ui.pos.value));
    if (!(pos >= 1 && pos < g.n)) {
      ui.pos.setCustomValidity(t('page.play.posRange', { last: g.n - 1 }));
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
    const hint = game?.hint();
    if (!hint) return;
    const best = hint;
    put(ui.hintText, () => [t('page.play.hintText', { move: move(best.step, best.to) }), best.why].filter(Boolean).join(t('page.sentenceGap')));
    // The state the best move leads to (its player the core's opponent), unless it is the hole.
    if (best.step !== game.options.hole?.step) ring.select(game.options.opponent, best.to);
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
    if (player !== game.options.opponent || !game.options.moves.some((m) => m.to === pos)) return;
    e.preventDefault();
    game.playTo(player, pos);
  });
  // Another game on the ring (any new load: the element drops the token then) ends this one.
  ring.addEventListener('loopy-ready', () => {
    if (game) end();
    describeGame();
  });

  const move = (step, to) => (to === 0 ? t('page.play.moveHole', { step }) : t('page.play.moveTo', { step, to }));
  /** Who made a move: a whole noun phrase ("You (player 1)"). */
  const who = (watching, by, p) =>
    watching ? t('page.play.whoPlayer', { p }) : by === 'you' ? t('page.play.whoYou', { p }) : t('page.play.whoComputer', { p });

  function render() {
    if (!game) return;
    const s = game.state();
    const watching = game.side === 0;
    const last = game.history.at(-1);
    const lastText = last ? t('page.play.played', { who: who(watching, last.by, last.p), move: move(last.step, last.to), pos: last.pos }) : '';
    let status;
    if (s.over) {
      const k = game.history.length;
      if (s.over.reason === 'hole')
        status = watching
          ? t('page.play.playerWins', { p: s.over.winner })
          : s.over.winner === game.side
            ? t('page.play.youWin')
            : t('page.play.computerWins');
      else if (s.over.reason === 'repeat') status = t('page.play.repeatOver', { p: s.p, pos: s.pos });
      else status = t('page.play.stopped', { count: k });
    } else if (s.turn === 'you') status = s.waiting ? t('page.play.yourMove', { p: s.p, pos: s.pos }) : '…';
    else status = watching ? t('page.play.playerToMove', { p: s.p, pos: s.pos }) : t('page.play.computerMoves', { p: s.p, pos: s.pos });
    ui.status.textContent = lastText ? `${lastText}${t('page.sentenceGap')}${status}` : status;
    ring.caption = ui.status.textContent;
    // What the position is worth, unless hidden for a quiz.
    ui.value.hidden = !ui.show.checked || Boolean(s.over);
    if (!s.over) {
      const v = game.currentValue;
      const VALUE = { win: 'page.play.valueWin', lose: 'page.play.valueLose', loop: 'page.play.valueLoop' };
      ui.value.textContent = watching ? t(VALUE[v.o] ?? 'page.play.valueLoop', { p: s.p, d: v.d }) : valueForVisitor(v, s.p, game.side, pageWords());
    }
    // A position that keeps coming back: the game is going round, as it can forever in a Loop.
    ui.repeat.hidden = !s.repeat || watching;
    if (s.repeat) ui.repeat.textContent = repeatText(s.repeat, game.side);
    // The visitor's moves, as buttons (the best is not marked: that is what Hint is for).
    const key = `${pageWords().code}|${pageWords().terms}|${s.waiting}|${game.history.length}|${s.p}:${s.pos}`;
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
        ...game.history.map((x) => h('li', {}, t('page.play.listItem', { who: who(watching, x.by, x.p), move: move(x.step, x.to), pos: x.pos }))),
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
    const params = { pos, p, ordinal: ordinal(times) };
    if (value.o === 'loop') return t('page.play.repeatLoop', params);
    if (youWin) return t('page.play.repeatYouWin', params);
    return t('page.play.repeatComputerWins', params);
  }

  function reviewOf(g) {
    const r = g.review();
    if (!r.length) return [h('p', {}, t('page.play.reviewNone'))];
    const lost = r.find((x) => x.threw === 'win');
    const drawn = r.find((x) => x.threw === 'draw');
    const slip = r.find((x) => x.slipped);
    /** A reviewed move's facts as a message's params. */
    const at = (x) => ({ k: x.move, move: move(x.step, x.to), from: x.from, best: move(x.best, x.bestTo) });
    // Each sentence a whole message; the language joins them.
    const heads = [];
    if (slip && (!lost || slip.move < lost.move)) heads.push(t('page.play.reviewSlip', at(slip)));
    else if (lost) heads.push(t('page.play.reviewThrewWin', at(lost)));
    else if (drawn) heads.push(t('page.play.reviewThrewDraw', at(drawn)));
    else heads.push(r[0].before.o === 'win' ? t('page.play.reviewNeverThrew') : t('page.play.reviewNoWin'));
    if (lost && drawn && drawn.move > lost.move) heads.push(t('page.play.reviewThenDraw', { k: drawn.move }));
    if (slip && lost && lost.move > slip.move) heads.push(t('page.play.reviewThenWin', { k: lost.move }));
    const head = heads.join(t('page.sentenceGap'));
    return [
      h('h3', {}, t('page.play.review')),
      h('p', { id: 'play-verdict' }, head),
      h(
        'ol',
        { className: 'play-list' },
        ...r.map((x) =>
          h(
            'li',
            { value: x.move, className: x.threw === 'win' ? 'threw' : x.threw === 'draw' ? 'threw-draw' : x.slipped ? 'slipped' : '' },
            x.step === x.best || x.kind === 'best'
              ? t('page.play.reviewItemBest', { move: move(x.step, x.to), from: x.from, verdict: x.verdict })
              : t('page.play.reviewItem', { move: move(x.step, x.to), from: x.from, verdict: x.verdict, best: move(x.best, x.bestTo) }),
          ),
        ),
      ),
    ];
  }

  // Another language or terms: the game in progress is said again (the panel's fixed words follow by themselves).
  onWords(() => {
    describeGame();
    render();
  });

  ui.pos.focus();
  return panel;
}
