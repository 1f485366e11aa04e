// inspector.js: the page's inspector panel: a state's value, best move, why, and its moves as buttons.

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
   * is pressed; `onDecided(t)` seeks to where t is decided. `hint` is what it says with nothing to show.
   */
  constructor(body, announce, onJump, onDecided, hint = 'Hover over or click a state on the ring to see its value and why.') {
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
  render(id, t, d, spoken, focus) {
    if (!d) {
      if (this.key !== 'none') {
        this.key = 'none';
        this.body.replaceChildren(el('p', { className: 'hint', textContent: this.hint }));
      }
      return;
    }
    const key = `${id}|${t.p}|${t.pos}|${d.hidden}|${Boolean(d.sg)}|${d.optimal ?? ''}|${d.answer ?? ''}`;
    if (key === this.key) {
      if (this.liveEl.textContent !== d.live) this.liveEl.textContent = d.live;
      return;
    }
    this.key = key;
    const row = (name, value) => [el('dt', { textContent: name }), el('dd', { textContent: value })];
    const dl = el(
      'dl',
      {},
      ...row('Value', d.value),
      ...row('Now', d.live),
      ...row('Best move', d.best),
      ...row('Why', d.why),
      ...(d.sg ? row('SG value', d.sg) : []),
      ...(d.optimal ? row('Optimal play', d.optimal) : []),
      ...(d.answer ? row('Your answer', d.answer) : []),
    );
    this.liveEl = dl.children[3];
    const best = d.moves.find((m) => m.step === d.bestStep);
    const order = (best ? [best, ...d.moves.filter((m) => m !== best)] : d.moves).slice(0, MAX_MOVES);
    const list = el('ul', { className: 'moves', ariaLabel: 'Moves' });
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
      el('p', { className: 'hint', textContent: 'Moves (the best first; press one to inspect where it leads):' }),
      list,
    ];
    if (d.moves.length > MAX_MOVES) kids.push(el('p', { className: 'hint', textContent: `… and ${d.moves.length - MAX_MOVES} more moves.` }));
    this.body.replaceChildren(...kids);
    if (focus) (list.querySelector('button') || this.body).focus({ preventScroll: true });
    if (spoken) this.announce.textContent = `${d.title}: ${d.value}. ${d.live || ''}`;
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
