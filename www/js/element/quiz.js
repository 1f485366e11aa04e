// element/quiz.js: the quiz: the reader answers Win, Lose or Loop (and, if they like, the depth) for the state asked, whose value stays hidden until then; the answer is checked against the core's facts, explained and scored.

/** The quiz panel's look, which comes with it (CSP-safe: a constructable sheet, adopted beside the element's). */
const CSS = /* css */ `
.quiz { display: flex; flex-direction: column; gap: 6px; padding: 8px 10px; border: 2px solid var(--loopy-accent); border-radius: 6px; }
.quiz p { margin: 0; }
.quiz-q { font-weight: 600; }
.quiz .guesses { gap: 6px; }
.quiz .guesses button { min-width: 5.5em; }
.quiz-depth { font-size: 0.9em; color: var(--loopy-muted); }
.quiz-depth input { width: 5em; min-height: 32px; padding: 2px 6px; border: 1px solid var(--loopy-line); border-radius: 6px; background: var(--loopy-bg); }
.quiz-score { font-size: 0.9em; color: var(--loopy-muted); }
`;

let shared = null;

/**
 * The quiz of one element, loaded only when the quiz is first turned on (so it imports
 * nothing: the host lends it `h`, style.js's element maker, and `guesses`, keys.js's
 * QUIZ_KEYS: the answers by the core's outcome words, with their keys). The element says
 * which target is asked (the state the shown step decides or the one the reader picked),
 * hides its value wherever it
 * would show, and calls `answer(guess)`. The host gives: `index(t)` (a target's state
 * index), `facts(t)` (the core's facts: `{ outcome, depth }`, null while fetched),
 * `describe(t)` (the element's account of t: `{ title, value, why }`), `draw` (what a
 * Loop is called: "Loop" or "Draw"), `words` (its words, element/i18n.js), `changed()`,
 * `shadow` (the element's shadow root, which adopts the panel's stylesheet). Nothing here decides a value: the
 * answer is compared with the core's.
 */
export class Quiz {
  #host;
  #answered = new Map(); // state index → whether the answer was right
  #right = 0;
  #last = null; // the last answer, to say again in another language: { t, verdict }
  #asked = null; // the target asked now, or null
  #depthText;

  constructor(host) {
    this.#host = host;
    const { h, shadow } = host;
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(CSS);
    }
    if (!shadow.adoptedStyleSheets.includes(shared)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, shared];
    const GUESSES = host.guesses;
    this.question = h('p', { className: 'quiz-q', id: 'quiz-q' });
    this.depth = h('input', { type: 'number', id: 'quiz-depth', min: 0, step: 1, inputMode: 'numeric', autocomplete: 'off' });
    this.buttons = GUESSES.map(({ outcome }) => {
      const b = h('button', { type: 'button', className: 'guess' });
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
    this.#depthText = h('span', {});
    this.root = h(
      'div',
      { className: 'quiz', id: 'quiz-box', part: 'quiz', role: 'group', hidden: true },
      this.question,
      h('div', { className: 'row guesses' }, ...this.buttons),
      h('label', { className: 'quiz-depth' }, this.#depthText, ' ', this.depth),
      this.feedback,
      this.score,
    );
    this.relabel();
  }

  /**
   * Says every word again in the host's words (`host.words`, element/i18n.js): the buttons,
   * the last answer's feedback and the score (the question is said by `render`).
   */
  relabel() {
    const { words: w, draw } = this.#host;
    // The answers' labels, by the core's outcome words (a Loop is a Draw on a graph).
    const LABEL = {
      Win: ['core.quiz.win', 'core.quiz.win.title'],
      Lose: ['core.quiz.lose', 'core.quiz.lose.title'],
      Loop: draw === 'Loop' ? ['core.quiz.loop', 'core.quiz.loop.title'] : ['core.quiz.draw', 'core.quiz.draw.title'],
    };
    for (const b of this.buttons) {
      const [text, title] = LABEL[b.dataset.guess];
      b.textContent = w.t(text);
      b.title = w.t(title);
    }
    this.root.setAttribute('aria-label', w.t('core.quiz'));
    this.#depthText.textContent = w.t('core.quiz.depth');
    this.feedback.textContent = this.#last ? this.#feedback() : '';
    this.#showScore();
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
    const verdict = right ? 'core.quiz.right' : valueRight ? 'core.quiz.depthWrong' : 'core.quiz.wrong';
    this.#last = { t, verdict };
    this.feedback.textContent = this.#feedback();
    this.#showScore();
    this.depth.value = '';
    host.changed();
    return true;
  }

  /** What the last answer's feedback says: the verdict with the value, then why (the element's account of it). */
  #feedback() {
    const { words: w, describe } = this.#host;
    const d = describe(this.#last.t);
    if (!d) return '';
    return w.t('core.sentences', { first: w.t(this.#last.verdict, { value: d.value }), second: d.why });
  }

  /**
   * Shows the quiz (`on`) asking about target `t` (null: nothing asked now), whose account
   * (hidden) is `d`; `idle` is what to say when nothing is asked.
   */
  render(on, t, d, idle) {
    this.root.hidden = !on;
    if (!on) return;
    this.#asked = t;
    const q = t === null ? idle : this.ask(d);
    if (this.question.textContent !== q) this.question.textContent = q;
    for (const b of this.buttons) b.disabled = t === null;
    this.#showScore();
  }

  #showScore() {
    const w = this.#host.words;
    const { right, answered } = this.tally;
    const score = answered === 0 ? w.t('core.quiz.none') : w.t('core.quiz.score', { right, answered });
    if (this.score.textContent !== score) this.score.textContent = score;
  }

  /** The question for a target whose (hidden) account is `d`. */
  ask(d) {
    const w = this.#host.words;
    return this.#host.draw === 'Loop' ? w.t('core.quiz.ask.loop', { title: d.title }) : w.t('core.quiz.ask.draw', { title: d.title });
  }
}
