// element/options.js: the controls' options (the speed, what one step is, the quiz, the keys) and their look, built the first time they show: the compact bar's menu on its first opening, the full controls when first built.

// No imports: fetched on its own (element/base.js), it takes the element's `h` and words.

/** What one step of the animation is, in plain words first (keys of the catalog); the technical term in the tooltip. */
const GRAN_LABEL = { events: 'core.gran.events', resolutions: 'core.gran.resolutions', layers: 'core.gran.layers' };
const GRAN_TERM = { events: 'core.gran.events.term', resolutions: 'core.gran.resolutions.term', layers: 'core.gran.layers.term' };

/** The options' look, which comes with them (CSP-safe: a constructable sheet, adopted beside the element's; the menu's own box is the element's, so that one whose options could not be fetched opens as it should). */
const CSS = /* css */ `
fieldset { border: 1px solid var(--loopy-line); border-radius: 6px; padding: 4px 10px 6px; margin: 0; }
legend { padding: 0 4px; }
fieldset label { margin-right: 10px; white-space: nowrap; }
`;

/**
 * The options in words `w` with the element's `h`, wired to `act` ({ setSpeed(v), setGran(g),
 * setQuiz(on), keys() }), the choices `speeds` and `granularities` (element/url.js), their look
 * adopted in `shadow` by `adopt` (element/style.js's). Returns { nodes (a row, the granularity's fieldset, a row), render(v) }:
 * `render` shows `v`'s { speed, g, quiz }.
 */
export function options({ h, adopt, w, act, speeds, granularities, shadow }) {
  adopt(shadow, CSS);
  const t = (key, params) => w.t(key, params);
  const speed = h('select', { id: 'speed' });
  for (const s of speeds) speed.add(new Option(t('core.controls.speed.option', { count: s }), String(s)));
  const grans = granularities.map((g) => h('input', { type: 'radio', name: 'gran', value: g, checked: g === 'events' }));
  const quiz = h('input', { type: 'checkbox', id: 'quiz' });
  const keys = h('button', { type: 'button', id: 'keys', title: t('core.controls.keys.title') }, t('core.controls.keys'));
  keys.onclick = () => act.keys();
  // A choice made, the focus stays on the control: its own keys (the arrows in a list or a
  // radio group) go on changing it, and every other key still drives the animation.
  speed.addEventListener('change', () => act.setSpeed(Number(speed.value)));
  for (const r of grans) {
    r.addEventListener('change', () => {
      if (r.checked) act.setGran(r.value);
    });
  }
  quiz.addEventListener('change', () => act.setQuiz(quiz.checked));
  return {
    nodes: [
      h('div', { className: 'row' }, h('label', { for: 'speed' }, t('core.controls.speed')), speed),
      h(
        'fieldset',
        { className: 'gran' },
        h('legend', {}, t('core.controls.gran')),
        ...grans.map((r) => h('label', { title: t(GRAN_TERM[r.value]) }, r, ` ${t(GRAN_LABEL[r.value])}`)),
      ),
      h('div', { className: 'row' }, h('label', { title: t('core.controls.quiz.title') }, quiz, ` ${t('core.controls.quiz')}`), keys),
    ],
    render(v) {
      speed.value = String(v.speed);
      for (const r of grans) r.checked = r.value === v.g;
      quiz.checked = v.quiz;
    },
  };
}
