// inspector.js: the page's inspector panel: a state's value, best move, why, and its moves as buttons.

import { langState, t } from './page-lang.js';

const MAX_MOVES = 24;

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...kids);
  return e;
}

export class Inspector {
  /**
   * `onJump(t)` inspects another state ({ p, pos }, or a move's `target`) when a move button
   * is pressed; `onDecided(t)` seeks to where t is decided. `hint()` is what it says with nothing to show.
   */
  constructor(body, announce, onJump, onDecided, hint = () => t('page.insp.hintRing')) {
    this.hint = hint;
    this.onDecided = onDecided;
    this.body = body;
    body.tabIndex = -1;
    this.announce = announce; // a polite live region, for selections made by keyboard or click
    this.onJump = onJump;
    this.key = '';
    this.liveEl = null;
  }

  /** Shows description `d` (explain.js `describe`) of state `t` in game `id`, or the hint when null. */
  render(id, s, d, spoken, focus) {
    // Another language or terms draws it again.
    const { lang, terms, players, hole } = langState();
    const words = `${lang}|${terms}|${players}|${hole}`;
    if (!d) {
      if (this.key !== `none|${words}`) {
        this.key = `none|${words}`;
        this.body.replaceChildren(el('p', { className: 'hint', textContent: this.hint() }));
      }
      return;
    }
    const key = `${words}|${id}|${s.p}|${s.pos}|${d.hidden}|${Boolean(d.sg)}|${d.optimal ?? ''}|${d.answer ?? ''}`;
    if (key === this.key) {
      if (this.liveEl.textContent !== d.live) this.liveEl.textContent = d.live;
      return;
    }
    this.key = key;
    const row = (name, value) => [el('dt', { textContent: name }), el('dd', { textContent: value })];
    const dl = el(
      'dl',
      {},
      ...row(t('page.insp.value'), d.value),
      ...row(t('page.insp.now'), d.live),
      ...row(t('page.insp.best'), d.best),
      ...row(t('page.insp.why'), d.why),
      ...(d.sg ? row(t('page.insp.sg'), d.sg) : []),
      ...(d.optimal ? row(t('page.insp.optimal'), d.optimal) : []),
      ...(d.answer ? row(t('page.insp.answer'), d.answer) : []),
    );
    this.liveEl = dl.children[3];
    const best = d.moves.find((m) => m.step === d.bestStep);
    const order = (best ? [best, ...d.moves.filter((m) => m !== best)] : d.moves).slice(0, MAX_MOVES);
    const list = el('ul', { className: 'moves', ariaLabel: t('page.insp.moves') });
    for (const m of order) {
      if (m.hole) {
        list.append(el('li', { className: 'hole', textContent: m.text }));
      } else {
        const b = el('button', { type: 'button', textContent: m.text, title: m.title });
        b.onclick = () => this.onJump(m.target);
        list.append(el('li', {}, b));
      }
    }
    const kids = [
      el('p', {}, el('strong', { textContent: d.title })),
      dl,
      el('p', { className: 'hint', textContent: t('page.insp.movesHint') }),
      list,
    ];
    // The moves in all (`moveCount`: the core's facts of a ring state of many moves list some of them).
    const total = d.moveCount ?? d.moves.length;
    if (total > order.length) kids.push(el('p', { className: 'hint', textContent: t('page.insp.more', { count: total - order.length }) }));
    this.body.replaceChildren(...kids);
    if (focus) (list.querySelector('button') || this.body).focus({ preventScroll: true });
    if (spoken) this.announce.textContent = t('page.insp.said', { title: d.title, value: d.value, live: d.live || '' }).trim();
  }
}

/**
 * Keeps a page's inspector on element `el`: a selection calls `onSelect` and is spoken, a
 * new description or a hover redraws it, and "why" (a click, or Enter on the element) is
 * answered beside the state by the element's popup while the inspector shows the same
 * account with its moves as buttons. `inspect(spoken)` draws it. Both pages (the
 * ring's and graph mode's) follow their element this way; `.hover` is what the pointer is on.
 */
export function followElement(el, inspect, onSelect) {
  const followed = { hover: null };
  el.addEventListener('loopy-select', () => {
    onSelect();
    inspect(true);
  });
  el.addEventListener('loopy-describe', () => inspect());
  // The why opens beside the state in the element's popup (in view wherever the panel is); the panel follows.
  el.addEventListener('loopy-why', () => inspect(true));
  el.addEventListener('loopy-hover', (e) => {
    followed.hover = e.detail;
    inspect();
  });
  return followed;
}
