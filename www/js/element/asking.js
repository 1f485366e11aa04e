// element/asking.js: the element's quiz controller: the `quiz` attribute, and, once it is first on, the quiz itself (element/quiz.js, fetched then), which asks, hides the value asked and scores.

import { QUIZ_KEYS } from './keys.js';
import { adopt, h } from './style.js';

/**
 * The quiz of one element (`host`, the element core). Until element/quiz.js has come every
 * undecided value stays hidden while the quiz is on and nothing is asked; a module that
 * cannot be fetched leaves the quiz off, not the element busy for ever.
 */
export class Asking {
  #host;
  #on = false;
  #quiz; // the lazy part: element/quiz.js's Quiz
  /** Where the quiz's panel goes in the side column (right under the narration). */
  slot = h('div', { className: 'quiz-slot' });

  constructor(host, load) {
    this.#host = host;
    this.#quiz = host._lazy(load, {
      made: ({ Quiz }) => new Quiz(host, { h, adopt, guesses: QUIZ_KEYS, on: () => this.#on }),
      ready: (quiz) => {
        this.slot.append(quiz.root);
        quiz.changed();
      },
      failed: () => host._redraw(),
    });
  }

  /** Whether the quiz is on (the `quiz` attribute). */
  get on() {
    return this.#on;
  }

  /** The quiz's tally: { right, answered }. */
  get score() {
    return this.#quiz.value?.tally ?? { right: 0, answered: 0 };
  }

  attribute(name, value) {
    if (name !== 'quiz') return false;
    this.#on = value !== null;
    if (this.#on) this.#quiz.get();
    this.#host._selection.reexplain();
    this.#host._redraw();
    return true;
  }

  loaded() {
    this.#quiz.value?.reset();
  }

  relabel() {
    this.#quiz.value?.relabel();
  }

  /** Answers `outcome` ('Win', 'Lose', 'Loop') for the target asked; false when the quiz asks nothing now. */
  answer(outcome) {
    return (this.#on && this.#quiz.value?.answer(outcome)) || false;
  }

  /** How target t is to be explained: 'ask' while the quiz asks for its value, false once answered (or with no quiz), else true (hidden). */
  hides(t) {
    return this.#on && (this.#quiz.value?.hides(t) ?? true);
  }

  /** The state index whose mark the picture hides for the quiz in this frame, or -1. */
  get askedIndex() {
    return this.#quiz.value?.askedIndex ?? -1;
  }

  /** A frame begins: the quiz's question in it, or null. */
  frame() {
    return this.#quiz.value?.frame() ?? null;
  }

  /** What the narration says in a frame of `game` asking `q`, `plain()` without the quiz (while its module comes: that it is on its way). */
  narrate(game, q, plain) {
    const quiz = this.#quiz.value;
    if (quiz) return quiz.narrate(game, q, plain);
    if (!this.#on) return plain();
    // A module that could not come says so, not "Preparing…" for ever (turning the quiz on again tries again).
    return this.#host._t(this.#quiz.failed ? 'core.quiz.unloaded' : 'core.quiz.preparing');
  }
}
