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

/**
 * The quiz of one element, loaded only when the quiz is first turned on (so it imports
 * nothing: element/asking.js, the element core's quiz controller, lends it `h` and `adopt`,
 * style.js's element maker and look adopter, `guesses`, keys.js's QUIZ_KEYS: the answers by the core's outcome words, with
 * their keys, and `on()`, whether the quiz is on). The element `el` (the element core) says
 * which targets there are (its `targets` strategy compares, checks and numbers them), its
 * source gives each one's account (`describe`) and the core's facts (`facts`: `{ outcome,
 * depth }`, null while fetched), its words what a Loop is called (`kind.draw`). The quiz
 * asks about the state the shown step decides or the one the reader picked, hides its
 * value wherever it would show, stops playback at each new question and checks the
 * reader's answer against the core's facts: nothing here decides a value.
 */
export class Quiz {
  #el;
  #on;
  #answered = new Map(); // state index → whether the answer was right
  #right = 0;
  #last = null; // the last answer, to say again in another language: { t, verdict }
  #asked = null; // the target asked now, or null
  #askedNow = null; // the target asked about in the frame on screen
  #pausedFor = null; // the question playback last stopped at
  #depthText;

  constructor(el, { h, adopt, guesses: GUESSES, on }) {
    this.#el = el;
    this.#on = on;
    adopt(el._root, CSS);
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
   * Says every word again in the element's words (element/i18n.js): the buttons,
   * the last answer's feedback and the score (the question is said by `render`).
   */
  relabel() {
    const w = this.#el._words;
    const draw = this.#el._kind.draw;
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
    this.#pausedFor = null;
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
    const el = this.#el;
    const t = this.#asked;
    if (t === null) return false;
    const f = el._source.facts(t);
    if (!f) return false;
    const i = el._index(t);
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
    this.changed();
    return true;
  }

  /** What the last answer's feedback says: the verdict with the value, then why (the element's account of it). */
  #feedback() {
    const w = this.#el._words;
    const d = this.#el._source.describe(this.#last.t);
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
    const w = this.#el._words;
    const { right, answered } = this.tally;
    const score = answered === 0 ? w.t('core.quiz.none') : w.t('core.quiz.score', { right, answered });
    if (this.score.textContent !== score) this.score.textContent = score;
  }

  /** The question for a target whose (hidden) account is `d`. */
  ask(d) {
    const w = this.#el._words;
    return this.#el._kind.draw === 'Loop' ? w.t('core.quiz.ask.loop', { title: d.title }) : w.t('core.quiz.ask.draw', { title: d.title });
  }

  /** The quiz changed (an answer, its module come): everything that explains says it again, and the picture follows. */
  changed() {
    this.#el._selection.reexplain();
    this.#el._redraw();
  }

  /**
   * The target the quiz asks about now, or null: the one the reader picked, if not yet
   * answered, else the one the step on screen decides, if not yet answered.
   */
  #question() {
    const el = this.#el;
    const game = el._session?.game;
    if (!this.#on() || !el._g || !game) return null;
    const open = (t) => t !== null && t !== undefined && el._valid(t) && !this.answered(el._index(t));
    if (open(el._sel)) return el._sel;
    const t = el._targets.ofEvent(game);
    return open(t) ? t : null;
  }

  /** How target t is to be explained: 'ask' while its value is asked (all of it hidden), false once answered, else true (hidden). */
  hides(t) {
    if (!this.#on()) return false;
    const q = this.#question();
    if (q !== null && this.#el._targets.same(q, t)) return 'ask';
    return !this.answered(this.#el._index(t));
  }

  /** The state index whose mark the picture hides in this frame, or -1. */
  get askedIndex() {
    return this.#askedNow === null ? -1 : this.#el._index(this.#askedNow);
  }

  /** A frame begins: the question of this frame (its value hidden on the picture too). */
  frame() {
    this.#askedNow = this.#question();
    return this.#askedNow;
  }

  /**
   * What the narration says in a frame showing `game` whose question is `q`, given what it
   * says without the quiz (`plain()`); the quiz's panel follows, and playing stops at each
   * new question so that the reader can answer it.
   */
  narrate(game, q, plain) {
    const el = this.#el;
    const on = this.#on();
    const fromStep = q !== null && el._targets.same(q, el._targets.ofEvent(game));
    const d = q === null ? null : el._source.describe(q);
    // While its question's facts are on the way, the narration tells nothing either.
    const waiting = on && fromStep && !d;
    const said = waiting ? el._t('core.quiz.preparing') : fromStep ? this.ask(d) : plain();
    // The question's own box says so too while its facts come (from the worker's why module).
    this.render(on, d ? q : null, d, el._t(waiting ? 'core.quiz.preparing' : `core.quiz.idle.${el._kind.target}`));
    if (fromStep && el.playing) {
      const key = el._index(q);
      if (key !== this.#pausedFor) {
        this.#pausedFor = key;
        el.pause();
      }
    }
    return said;
  }
}
