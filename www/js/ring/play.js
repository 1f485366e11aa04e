// play.js: a game against the solver on a <loopy-ring>: the visitor moves, the computer answers with the core's best move; hints, undo, a review.

// Every move the computer makes and every hint is the core's (the element's movesFrom:
// Solution.bestMove and Solution.moves); values and depths, who moves next, who wins by the
// hole and where optimal play comes back round are the core's too (the state's facts, its
// optimal line). This module only keeps the score: whose turn it is, the moves made, and
// how each compares with the best one.

import { LAYOUT } from '../../pkg/layout.js';
import { words as wordsFor } from '../element/i18n.js';

/** English words, for callers that give none. */
const EN = wordsFor('en');

/** A game of `d` moves as a noun phrase in words `w`: "3 moves", "3 步". */
const lasting = (w, d) => w.t('ring.plies', { count: d });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The pause before the computer's move, so the visitor sees their own token land and whose
 * turn it is (ms). Under reduced motion the tokens jump, and the computer's move follows at
 * once: the history lists both moves.
 */
const THINK_MS = 300;
const reduced = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

/** A position that comes up this many times is pointed out: the game is going round. */
export const REPEAT_TIMES = 3;

/**
 * One game on `ring` (a `<loopy-ring>` with its game loaded). `onChange()` runs after
 * every change of state. The visitor plays `side` (1 or 2), or nobody (0: "watch optimal
 * play", both sides the core's best moves).
 */
export class Game {
  constructor(ring, onChange = () => {}) {
    this.ring = ring;
    this.onChange = onChange;
    this.n = ring.game.n;
    this.out = [null, ring.outcomes(1), ring.outcomes(2)];
    this.dep = [null, ring.depths(1), ring.depths(2)];
    this.gen = 0; // bumped by every start, undo and stop: a stale computer move drops out
    this.reset(1, 1, 1);
  }

  reset(pos, first, side) {
    this.gen++;
    this.side = side;
    this.p = first;
    this.pos = pos;
    this.history = []; // { p, pos, step, to, best, moves, by: 'you' | 'computer' }
    this.options = null; // the moves from the current state, from the core
    this.over = null; // { winner, reason }
    this.busy = false;
    this.line = null; // watching: optimal play from the start, the core's (where it comes back round)
  }

  /** The value of state (p, pos) for the player to move: { o: 'win' | 'lose' | 'loop', d }. */
  value(p, pos) {
    return this.named(this.out[p][pos], this.dep[p][pos]);
  }

  /** Outcome code `o` and depth `d` as { o: 'win' | 'lose' | 'loop', d } (the code named as the core names it). */
  named(o, d) {
    return { o: LAYOUT.outcomeNames[o].toLowerCase(), d };
  }

  /** The value of the current state for the player to move, with the moves each side makes under best play (the core's `plies`, once its facts are here). */
  get currentValue() {
    return { ...this.value(this.p, this.pos), plies: this.options?.plies ?? null };
  }

  /**
   * How many times the current position (player to move and token) has come up in this
   * game, this time included: counted over the moves made, so undo takes it back too.
   */
  get times() {
    const key = `${this.p}:${this.pos}`;
    return 1 + this.history.filter((h) => `${h.p}:${h.pos}` === key).length;
  }

  /** The current position when it has come up REPEAT_TIMES times or more: { p, pos, times, value }, else null. */
  get repeat() {
    const times = this.times;
    return this.over?.reason === 'hole' || times < REPEAT_TIMES ? null : { p: this.p, pos: this.pos, times, value: this.value(this.p, this.pos) };
  }

  /** Whose turn it is: 'you', 'computer', or null when the game is over. */
  get turn() {
    if (this.over) return null;
    return this.side === this.p ? 'you' : 'computer';
  }

  /** True when the visitor may move now. */
  get waiting() {
    return this.turn === 'you' && !this.busy && this.options !== null;
  }

  /** Starts a game: token at `pos`, player `first` to move, the visitor playing `side` (0: nobody). */
  async begin(pos, first, side) {
    this.reset(pos, first, side);
    const gen = this.gen;
    this.ring.token = { player: first, pos };
    // Watching: where optimal play comes back round, which ends the game (the core's line).
    if (side === 0) this.line = await this.ring.optimalLine(first, pos);
    if (gen === this.gen) await this.#turn(gen);
  }

  /** The visitor's move by `step` (one of `options.moves`); false when it is not theirs to make. */
  async play(step) {
    if (!this.waiting) return false;
    const m = this.options.moves.find((x) => x.step === step);
    if (!m) return false;
    await this.#apply(m, 'you', this.gen);
    return true;
  }

  /** The visitor's move to state (player, pos), as picked on the ring; false when no move leads there. */
  playTo(player, pos) {
    if (!this.waiting || player !== this.options.opponent) return false;
    const m = this.options.moves.find((x) => x.to === pos);
    return m ? this.play(m.step) : false;
  }

  /** The core's best move from here and why: { step, to, why }, or null. */
  hint() {
    if (this.over || !this.options) return null;
    const best = this.options.moves.find((m) => m.step === this.options.best);
    const d = this.ring.describe(this.p, this.pos);
    return { step: best.step, to: best.to, why: d ? d.why : '' };
  }

  /** Takes back the visitor's last move (and the computer's answer); false when there is none. */
  async undo() {
    const k = this.history.findLastIndex((h) => h.by === 'you');
    if (k < 0) return false;
    const h = this.history[k];
    this.gen++;
    this.history.length = k;
    this.over = null;
    this.busy = false;
    this.p = h.p;
    this.pos = h.pos;
    this.ring.token = { player: h.p, pos: h.pos };
    await this.#turn(this.gen);
    return true;
  }

  /** Ends a game that could go on forever (a Loop), for the review. */
  stop() {
    if (this.over) return;
    this.gen++;
    this.busy = false;
    this.over = { winner: 0, reason: 'stopped' };
    this.onChange();
  }

  async #turn(gen) {
    this.options = null;
    this.busy = true;
    this.onChange();
    const options = await this.ring.movesFrom(this.p, this.pos);
    if (gen !== this.gen) return;
    if (!options) return this.stop();
    this.options = options;
    // Watching optimal play from a Loop: once the core's line has come back round, the same moves repeat forever.
    const line = this.line;
    if (this.side === 0 && line?.end.kind === 'repeat' && this.history.length === line.moves.length) {
      this.busy = false;
      this.over = { winner: 0, reason: 'repeat' };
      return this.onChange();
    }
    if (this.turn === 'computer') {
      this.onChange();
      if (!reduced?.matches) await sleep(THINK_MS);
      if (gen !== this.gen) return;
      return this.#apply(
        options.moves.find((m) => m.step === options.best),
        'computer',
        gen,
      );
    }
    this.busy = false;
    this.onChange();
  }

  async #apply(m, by, gen) {
    this.busy = true;
    this.history.push({ p: this.p, pos: this.pos, step: m.step, to: m.to, best: this.options.best, moves: this.options.moves, by });
    this.onChange();
    // The move onto the hole ends the game (the core says which it is and who wins by it).
    const { hole, opponent } = this.options;
    const won = m.step === hole?.step;
    await this.ring.moveToken({ player: won ? hole.winner : opponent, pos: m.to });
    if (gen !== this.gen) return;
    if (won) {
      this.busy = false;
      this.options = null;
      this.over = { winner: hole.winner, reason: 'hole' };
      return this.onChange();
    }
    this.p = opponent;
    this.pos = m.to;
    await this.#turn(gen);
  }

  /**
   * Each of the visitor's moves against the core's best one: { move (1-based ply), from,
   * step, to, best, bestTo, before, after, verdict, kind, threw, slipped }, the verdict in
   * words `w` (the ring's own by default) and what kind of verdict it is (`kind`: 'best',
   * 'threw', 'slower', 'sooner'). `threw` is 'win' when
   * the move left a Win for something less, 'draw' when it left a Loop for a loss.
   * `slipped` marks the move that let a win slip into going round: the first move from a
   * Win that was not the fastest, from a position the game later came back to (a win only
   * comes back round when the winner does not take the fastest way: along the core's best
   * moves the depth only goes down).
   */
  review(w = this.ring._words ?? EN) {
    const out = [];
    const keys = this.history.map((h) => `${h.p}:${h.pos}`);
    if (this.over?.reason !== 'hole') keys.push(`${this.p}:${this.pos}`);
    const cameBack = (k) => keys.indexOf(keys[k], k + 1) > k;
    let slipped = false;
    this.history.forEach((h, k) => {
      if (h.by !== 'you') return;
      const before = this.value(h.p, h.pos);
      const m = h.moves.find((x) => x.step === h.step);
      const b = h.moves.find((x) => x.step === h.best);
      // The mover's value after the move and the move's grade: the core's (Solution.grades).
      const after = this.named(m.after.outcome, m.after.depth);
      const g = LAYOUT.grade;
      const was = { lasting: lasting(w, after.d), before: lasting(w, before.d) };
      const kind = { [g.best]: 'best', [g.slower]: 'slower', [g.sooner]: 'sooner', [g.threwWin]: 'threw', [g.threwDraw]: 'threw' }[m.grade];
      const threw = m.grade === g.threwWin ? 'win' : m.grade === g.threwDraw ? 'draw' : null;
      let verdict;
      if (m.grade === g.threwWin) {
        verdict = after.o === 'loop' ? w.t('ring.play.threw.loop') : w.t('ring.play.threw.win', { lasting: lasting(w, m.depth) });
      } else if (m.grade === g.threwDraw) {
        verdict = w.t('ring.play.threw.draw', { lasting: lasting(w, m.depth) });
      } else if (m.grade === g.best) {
        verdict = w.t(before.o === 'win' ? 'ring.play.best.win' : before.o === 'lose' ? 'ring.play.best.lose' : 'ring.play.best.loop');
      } else {
        verdict = w.t(m.grade === g.slower ? 'ring.play.slower' : 'ring.play.sooner', was);
      }
      const slip = !slipped && m.grade === g.slower && cameBack(k);
      if (slip) {
        slipped = true;
        verdict = w.t('ring.play.slipped', was);
      }
      out.push({
        move: k + 1,
        from: h.pos,
        player: h.p,
        step: h.step,
        to: h.to,
        best: h.best,
        bestTo: b.to,
        before,
        after,
        verdict,
        kind,
        threw,
        slipped: slip,
      });
    });
    return out;
  }

  /** The game as plain data (for tests and the panel). */
  state() {
    return {
      p: this.p,
      pos: this.pos,
      side: this.side,
      turn: this.turn,
      waiting: this.waiting,
      busy: this.busy,
      over: this.over,
      moves: this.history.map((h) => ({ p: h.p, pos: h.pos, step: h.step, to: h.to, by: h.by })),
      options: this.options?.moves.map((m) => m.step) ?? [],
      repeat: this.repeat,
    };
  }
}

/**
 * "You are Win in 3 moves (2 by you, 1 by the computer): ...": a value for the visitor, who
 * is player `you`, with `p` to move, in words `w`; `v.plies` are the moves each side makes
 * (the core's `{ mover, opponent }`; without them, the game's moves alone).
 */
export function valueForVisitor(v, p, you, w = EN) {
  if (v.o === 'loop') return w.t('ring.play.loop');
  const d = v.d;
  const plies = v.plies;
  // The moves of the game, and who makes them.
  const moves =
    d <= 1 || !plies
      ? lasting(w, d)
      : plies.mover === plies.opponent
        ? w.t('ring.play.plies.each', { count: d, each: plies.mover })
        : w.t(p === you ? 'ring.play.plies.you' : 'ring.play.plies.computer', { count: d, more: plies.mover, fewer: plies.opponent });
  const youWin = (v.o === 'win') === (p === you);
  return youWin ? w.t('ring.play.you.win', { moves }) : w.t('ring.play.you.lose', { moves, lasting: lasting(w, d) });
}
