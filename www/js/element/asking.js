// element/asking.js: the element's quiz controller: the `quiz` attribute, which target is asked, whose value stays hidden where it would show, playback stopping at each new question, and the quiz's panel (element/quiz.js, fetched when first turned on).

import { QUIZ_KEYS } from './keys.js';
import { h } from './style.js';

/**
 * The quiz of one element (`host`, the element core). Targets are the element's (its
 * `targets` strategy compares, checks and numbers them); their accounts and facts come from
 * its game source. Until element/quiz.js has come every undecided value stays hidden and
 * nothing is asked.
 */
export class Asking {
  #host;
  #on = false;
  #quiz; // the lazy part: element/quiz.js's Quiz
  #slot = h('div', { className: 'quiz-slot' }); // where its panel goes in the side column
  #askedNow = null; // the target asked about in the frame on screen
  #pausedFor = null; // the question playback last stopped at

  constructor(host, load) {
    this.#host = host;
    this.#quiz = host._lazy(load, {
      made: ({ Quiz }) =>
        new Quiz({
          h,
          shadow: host._root,
          guesses: QUIZ_KEYS,
          draw: host._kind.draw,
          words: host._words,
          index: (t) => host._index(t),
          facts: (t) => host._source.facts(t),
          describe: (t) => host._source.describe(t),
          changed: () => this.#changed(),
        }),
      ready: (quiz) => {
        this.#slot.append(quiz.root);
        this.#changed();
      },
      // A module that cannot be fetched leaves the quiz off, not the element busy for ever.
      failed: () => host._redraw(),
    });
  }

  /** Whether the quiz is on (the `quiz` attribute). */
  get on() {
    return this.#on;
  }

  /** Where its panel goes (the side column, right under the narration). */
  get slot() {
    return this.#slot;
  }

  /** The quiz's tally: { right, answered }. */
  get score() {
    return this.#quiz.value?.tally ?? { right: 0, answered: 0 };
  }

  attribute(name, value) {
    if (name !== 'quiz') return false;
    this.#on = value !== null;
    if (this.#on) this.#quiz.get();
    this.#changed();
    return true;
  }

  loaded() {
    this.#quiz.value?.reset();
    this.#pausedFor = null;
  }

  relabel() {
    this.#quiz.value?.relabel();
  }

  /** Answers `outcome` ('Win', 'Lose', 'Loop') for the target asked; false when the quiz asks nothing now. */
  answer(outcome) {
    return (this.#on && this.#quiz.value?.answer(outcome)) || false;
  }

  /**
   * The target the quiz asks about now, or null: the one the reader picked, if not yet
   * answered, else the one the step on screen decides, if not yet answered.
   */
  question() {
    const host = this.#host;
    const quiz = this.#quiz.value;
    const game = host._session?.game;
    if (!this.#on || !quiz || !host._g || !game) return null;
    const open = (t) => t !== null && t !== undefined && host._valid(t) && !quiz.answered(host._index(t));
    const sel = host._sel;
    if (open(sel)) return sel;
    const t = host._targets.ofEvent(game);
    return open(t) ? t : null;
  }

  /**
   * How target t is to be explained: 'ask' while the quiz asks for its value (all of it
   * hidden), false once the reader has answered it (all of it said), else whether the quiz is on.
   */
  hides(t) {
    if (!this.#on) return false;
    const q = this.question();
    if (q !== null && this.#host._targets.same(q, t)) return 'ask';
    return !this.#quiz.value?.answered(this.#host._index(t));
  }

  /** The state index whose mark the picture hides in this frame, or -1. */
  get askedIndex() {
    return this.#askedNow === null ? -1 : this.#host._index(this.#askedNow);
  }

  /** A frame begins: the question of this frame (its value hidden on the picture too). */
  frame() {
    this.#askedNow = this.question();
    return this.#askedNow;
  }

  /**
   * What the narration says in a frame showing `game` whose question is `q`, given what it
   * says without the quiz (`plain()`); the quiz's panel follows, and playing stops at each
   * new question so that the reader can answer it.
   */
  narrate(game, q, plain) {
    const host = this.#host;
    const quiz = this.#quiz.value;
    const fromStep = q !== null && host._targets.same(q, host._targets.ofEvent(game));
    const d = q === null ? null : host._source.describe(q);
    // While the quiz's module or its question's facts are on the way, the narration tells nothing either.
    const waiting = this.#on && (!quiz || (fromStep && !d));
    const said = waiting ? host._t('core.quiz.preparing') : fromStep ? quiz.ask(d) : plain();
    // The question's own box says so too while its facts come (from the worker's why module).
    quiz?.render(this.#on, d ? q : null, d, host._t(waiting ? 'core.quiz.preparing' : host._kind.quizIdle));
    if (fromStep && host.playing) {
      const key = host._index(q);
      if (key !== this.#pausedFor) {
        this.#pausedFor = key;
        host.pause();
      }
    }
    return said;
  }

  #changed() {
    this.#host._selection.reexplain();
    this.#host._redraw();
  }
}
