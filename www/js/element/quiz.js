// element/quiz.js: the quiz: the reader answers Win, Lose or Loop (and, if they like, the depth) for the state asked, whose value stays hidden until then; the answer is checked against the core's facts, explained and scored.

/**
 * The quiz of one element, loaded only when the quiz is first turned on (so it imports
 * nothing: the host lends it `h`, style.js's element maker, and `guesses`, keys.js's
 * QUIZ_KEYS: the answers by the core's outcome words, with their keys). The element says
 * which target is asked (the state the shown step decides or the one the reader picked),
 * hides its value wherever it
 * would show, and calls `answer(guess)`. The host gives: `index(t)` (a target's state
 * index), `facts(t)` (the core's facts: `{ outcome, depth }`, null while fetched),
 * `describe(t)` (the element's account of t: `{ title, value, why }`), `draw` (what a
 * Loop is called: "Loop" or "Draw"), `changed()`. Nothing here decides a value: the
 * answer is compared with the core's.
 */
export class Quiz {
  #host;
  #answered = new Map(); // state index → whether the answer was right
  #right = 0;
  #last = null; // the feedback on the last answer: { index, text }
  #asked = null; // the target asked now, or null

  constructor(host) {
    this.#host = host;
    const { draw, h } = host;
    const GUESSES = host.guesses;
    this.question = h('p', { className: 'quiz-q', id: 'quiz-q' });
    this.depth = h('input', { type: 'number', id: 'quiz-depth', min: 0, step: 1, inputMode: 'numeric', autocomplete: 'off' });
    this.buttons = GUESSES.map(({ outcome }) => {
      const word = outcome === 'Loop' ? draw : outcome;
      const key = outcome === 'Loop' ? (draw === 'Loop' ? 'O' : 'D') : outcome[0];
      const b = h('button', { type: 'button', className: 'guess', title: `Answer ${word} (${key})` }, `${word} (${key})`);
      b.dataset.guess = outcome;
      b.onclick = () => this.answer(outcome);
      return b;
    });
    this.feedback = h('p', { className: 'quiz-feedback', id: 'quiz-feedback', ariaLive: 'polite' });
    this.score = h('p', { className: 'quiz-score', id: 'quiz-score' });
    // In the depth box the answer keys still answer (a number box takes no letters).
    this.depth.addEventListener('keydown', (e) => {
      const g = GUESSES.find((x) => x.keys.includes(e.key));
      if (!g || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      this.answer(g.outcome);
    });
    this.root = h(
      'div',
      { className: 'quiz', id: 'quiz-box', part: 'quiz', role: 'group', ariaLabel: 'Quiz', hidden: true },
      this.question,
      h('div', { className: 'row guesses' }, ...this.buttons),
      h('label', { className: 'quiz-depth' }, 'Depth, if you like (moves until the game ends): ', this.depth),
      this.feedback,
      this.score,
    );
  }

  /** A new game: nothing answered, no score. */
  reset() {
    this.#answered.clear();
    this.#right = 0;
    this.#last = null;
    this.feedback.textContent = '';
    this.#showScore();
  }

  /** Whether the target with state index `i` has been answered in this game. */
  answered(i) {
    return this.#answered.has(i);
  }

  /** How the reader is doing: { right, answered }. */
  get tally() {
    return { right: this.#right, answered: this.#answered.size };
  }

  /** The reader's answer `guess` ('Win', 'Lose' or 'Loop') for the target asked; false when none is asked (or its facts are on the way). */
  answer(guess) {
    const host = this.#host;
    const t = this.#asked;
    if (t === null) return false;
    const f = host.facts(t);
    if (!f) return false;
    const i = host.index(t);
    const depthText = this.depth.value.trim();
    const depth = depthText === '' ? null : Number(depthText);
    const valueRight = guess === f.outcome;
    const depthRight = depth === null || f.outcome === 'Loop' || depth === f.depth;
    const right = valueRight && depthRight;
    this.#answered.set(i, right);
    if (right) this.#right++;
    // Now answered, its account is no longer hidden.
    const d = host.describe(t);
    let verdict;
    if (right) verdict = `Right: ${d.value}.`;
    else if (valueRight) verdict = `The value is right, but not the depth: ${d.value}.`;
    else verdict = `Not this time: ${d.value}.`;
    this.#last = { index: i, text: `${verdict} ${d.why}` };
    this.feedback.textContent = this.#last.text;
    this.#showScore();
    this.depth.value = '';
    host.changed();
    return true;
  }

  /**
   * Shows the quiz (`on`) asking about target `t` (null: nothing asked now), whose account
   * (hidden) is `d`; `words` is what to say when nothing is asked.
   */
  render(on, t, d, words) {
    this.root.hidden = !on;
    if (!on) return;
    this.#asked = t;
    const q = t === null ? words : this.ask(d);
    if (this.question.textContent !== q) this.question.textContent = q;
    for (const b of this.buttons) b.disabled = t === null;
    this.#showScore();
  }

  #showScore() {
    const { right, answered } = this.tally;
    const score = answered === 0 ? 'No answers yet.' : `Score: ${right} of ${answered} right.`;
    if (this.score.textContent !== score) this.score.textContent = score;
  }

  /** The question for a target whose (hidden) account is `d`. */
  ask(d) {
    const draw = this.#host.draw;
    return draw === 'Loop'
      ? `${d.title}: is it a Win, a Lose or a Loop? Press W, L or O (and type the depth first, if you like).`
      : `${d.title}: is it a Win, a Lose or a Draw? Press W, L or D (and type the depth first, if you like).`;
  }
}
