// graph/graph-large.js: what only a graph too large to draw whole has, fetched when one first loads: the form that draws a neighbourhood around a vertex, the whole graph's counts per value, and the words on the neighbourhood drawn.

// No imports: fetched on its own (graph/graph-words.js), it takes `h` (element/style.js's) and
// `parseVertex` (graph/graph-url.js's) from the element's words.

/**
 * A large graph's parts for the element `el` (its source's `showAround(v, k)` draws a
 * neighbourhood): the around form (`around`, its `centre` box and `radius` list), the
 * counts (`counts`), the line on a neighbourhood's stubs (`stubsHelp`), and their words:
 * `label()`, `showCounts(g, sg)`, `showing(ball)` (what the live region says of the
 * neighbourhood drawn), `known(known, ball)` (the line of what is known, with it).
 */
export function largeParts(el, { h, parseVertex }) {
  const parts = {
    ...aroundForm(h, parseVertex, (v, k) => el._source.showAround(v, k)),
    counts: h('p', { className: 'counts', id: 'counts', hidden: true }),
    // A neighbourhood's stubs, in words: the moves that come from or go to vertices not drawn.
    stubsHelp: h('p', { className: 'numbers', id: 'stubs-help', hidden: true }),
  };
  const w = () => el._words;
  return {
    ...parts,
    label() {
      parts.stubsHelp.textContent = w().t('graph.stubs');
      labelAround(parts, w());
    },
    showCounts: (g, sg) => showCounts(h, parts.counts, g, sg, w()),
    showing: (ball) => w().t('graph.around.showing', { count: ball.ids.length, v: ball.centre }),
    known: (known, ball) =>
      w().t('graph.known.ball', {
        known,
        vertices: w().t('graph.counts.vertices', { count: ball.ids.length }),
        moves: w().t('graph.around.moves', { count: ball.k }),
        v: ball.centre,
      }),
  };
}

/**
 * The "Around vertex … within … moves" form of a large graph: `show(v, k)` when sent.
 * Returns its parts: `around` (the form), `centre` (the vertex box), `radius` (the list);
 * `labelAround` words them; `h` makes elements, `parseVertex` reads the vertex box (graph-url.js's).
 */
function aroundForm(h, parseVertex, show) {
  const centre = h('input', { type: 'text', id: 'centre', inputMode: 'numeric', autocomplete: 'off', spellcheck: false });
  const radius = h('select', { id: 'radius' });
  for (const k of [1, 2, 3, 4]) radius.add(new Option('', String(k)));
  const around = h(
    'form',
    { className: 'around', id: 'around', part: 'around', hidden: true },
    h('label', { for: 'centre', className: 'centre-label' }),
    centre,
    h('label', { for: 'radius', className: 'radius-label' }),
    radius,
    h('button', { type: 'submit' }),
  );
  around.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = parseVertex(centre.value, 'The centre');
    if (!v.error && v.value) show(v.value, Number(radius.value));
  });
  return { around, centre, radius };
}

/** Says the around form's words in the reader's words `w` (again on a change of language: its values kept). */
function labelAround({ around, centre, radius }, w) {
  around.querySelector('.centre-label').textContent = w.t('graph.around.centre');
  around.querySelector('.radius-label').textContent = w.t('graph.around.radius');
  around.querySelector('button').textContent = w.t('graph.around.show');
  centre.ariaLabel = w.t('graph.around.centre.aria');
  radius.ariaLabel = w.t('graph.around.radius.aria');
  for (const o of radius.options) o.text = w.t('graph.around.moves', { count: Number(o.value) });
}

/**
 * The message `key` as nodes: each param given as a node (or an array of nodes) goes in at
 * its hole, the rest is text (a sentence stays one message, with its numbers in bold).
 */
function rich(w, key, params) {
  const nodes = [];
  const plain = {};
  for (const [name, value] of Object.entries(params)) {
    if (value instanceof Node || Array.isArray(value)) {
      plain[name] = `\u{E000}${nodes.length}\u{E001}`;
      nodes.push(value);
    } else plain[name] = value;
  }
  return w
    .t(key, plain)
    .split(/\u{E000}(\d+)\u{E001}/u)
    .flatMap((part, k) => (k % 2 ? nodes[Number(part)] : part ? [part] : []));
}

/**
 * The whole graph's counts per value into `p` (and per SG value, with `sg` and once they are
 * known), in the reader's words `w`: the core's (`g.counts`: GraphSolution.counts;
 * `g.grundyCounts`: GraphSolution.grundyCounts, value and vertices by turns, ascending).
 */
function showCounts(h, p, g, sg, w) {
  const b = (x) => h('b', {}, w.num(x));
  const params = {
    vertices: w.t('graph.counts.vertices', { count: g.n }),
    moves: w.t('graph.counts.moves', { count: g.m }),
    win: b(g.counts.win),
    lose: b(g.counts.lose),
    draw: b(g.counts.draw),
  };
  const by = g.grundyCounts;
  if (!(by && sg)) return p.replaceChildren(...rich(w, 'graph.counts', params));
  const inf = g.layout.graph.grundyInfinite;
  const values = by.length / 2;
  const shown = Math.min(values, 8);
  const list = Array.from({ length: shown }, (_, k) => [
    ...(k ? [w.t('graph.counts.sg.sep')] : []),
    ...rich(w, 'graph.counts.sg.item', { value: by[2 * k] === inf ? '∞' : w.num(by[2 * k]), n: b(by[2 * k + 1]) }),
  ]).flat();
  const key = values > shown ? 'graph.counts.sg.more' : 'graph.counts.sg';
  p.replaceChildren(...rich(w, key, { ...params, list, values }));
}
