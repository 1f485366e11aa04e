// ring/ring-client.js: each <loopy-ring>'s session in the ring worker: a ring's load, its questions of why (a state's facts, a turn of a game against the solver, the judge text) and the check of a game that cannot be shown.

import { Session } from '../element/client.js';

/** One element's ring in the worker: the generic session (element/client.js) with a ring's loads and questions. */
export class RingSession extends Session {
  /** Solves `game` ({ n, s1, s2 }) in the worker; the current game stays until it is done. */
  load(game, g, at = 0) {
    return this._load({ n: game.n, s1: game.s1, s2: game.s2, g, at });
  }

  /**
   * Every error of a ring game's fields (`null` for a field that could not be read) and the
   * nearest valid game: the core's checkGame, `{ errors: [{ field, code, params }], nearest }`.
   */
  checkGame(n, s1, s2) {
    return this.client.ask({ t: 'check', n, s1, s2 }).then((m) => m.check);
  }

  /** Optimal play from state (p, pos): the core's line (RingFacts.line: its moves, and how it ends), or null. */
  line(p, pos) {
    const game = this.game;
    if (!game) return Promise.resolve(null);
    return this.client.ask({ t: 'line', sid: this.sid, id: game.id, p, pos }).then((m) => (this.game === game ? m.line : null));
  }

  /** The whole judge text of the current game. */
  judgeText() {
    const game = this.game;
    if (!game) return Promise.resolve('');
    if (game.judge !== null) return Promise.resolve(game.judge);
    return this.client.ask({ t: 'judge', sid: this.sid, id: game.id }).then((m) => m.text);
  }

  /**
   * What the core says about state (p, pos) of the game on screen (RingFacts.explain: its
   * value, moves, best move and why), or null while it is fetched: then `notify('moves')`
   * follows once it is here.
   */
  explain(p, pos) {
    const game = this.game;
    if (!game) return null;
    if (game.facts) return game.facts[p]?.[pos] ?? null;
    return this.fetched(`${game.id}:explain:${p}:${pos}`, { t: 'explain', p, pos }, (m) => m.facts, { p, pos });
  }

  /**
   * A turn of a game against the solver from state (p, pos): `{ rows, grades, best, facts }`,
   * the state's moves (rows of [step, succ, outcome, depth]), each graded, the core's best
   * step (Solution.bestMove) and its facts (RingFacts.explain), always asked of the worker;
   * null when the game changed meanwhile. The facts are kept, so what explains the state says why at once.
   */
  turn(p, pos) {
    const game = this.game;
    if (!game) return Promise.resolve(null);
    return this.client.ask({ t: 'turn', sid: this.sid, id: game.id, p, pos }).then((m) => {
      if (!m.rows || this.game !== game) return null;
      if (!game.facts) this.cache.set(`${game.id}:explain:${p}:${pos}`, m.facts);
      return { rows: m.rows, grades: m.grades, best: m.best, facts: m.facts };
    });
  }
}
