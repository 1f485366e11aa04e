// element/errors.js: an error in the reader's words (the core's stable code and parameters looked up in the catalog, error.CODE, or its own English), and the elements' error box; no imports: an element fetches it with its first error (element/loader.js), a page imports it.

/**
 * The words for `err`, in `words`' language. `err` is what the elements and pages hold
 * today: a core error `{ code, params, message, field, line }` (a JS `Error` from the wasm
 * bindings, or the same as data from a worker or `checkGame`), a parse result
 * `{ error, code, params }` (element/url.js, graph/graph-url.js), an attribute error
 * `{ field, message, code, params }`, or a plain string (shown as it is).
 *
 * In English it is the message itself when there is one (the core's English, word for
 * word what the CLI prints), else `error.CODE` (crate/tests/error_codes.rs holds the English
 * catalog to the CLI's words; the elements word it with numbers ungrouped, as the CLI does).
 * In another language it is `error.CODE` with the parameters, each phrase parameter
 * (`{ code, params }`: "game 2, line 7", "player 1's step 2 of 3") worded from its own
 * `error.CODE` first; an error without a code, or with a code no catalog knows, keeps its
 * English. An error whose message is only its code and that has no params (the ring
 * module's, when the why module that gives its params could not load) is said in a
 * sentence with its code, never as the bare code. The elements fetch this module with their
 * first error (element/loader.js), and with it the English words of the errors.
 */
export function errorText(words, err) {
  if (err === null || err === undefined) return '';
  if (typeof err !== 'object') return String(err);
  const english = err.message ?? err.error;
  const code = typeof err.code === 'string' ? err.code : null;
  // The ring module's errors carry no English (their message is their code); its worker
  // posts the whole module's English instead, and this is only when that could not load.
  // Without params (the ring module's errors carry none) no catalog sentence can be filled.
  const bare = code !== null && english === code;
  if (bare && !err.params) return words.t('core.errorCode', { code });
  if (code && (words.code !== 'en' || english === undefined || bare) && words.has(`error.${code}`)) {
    return phrase(words, code, err.params);
  }
  if (bare) return words.t('core.errorCode', { code });
  return String(english ?? err);
}

/** The message `error.CODE` with `params`, phrase parameters worded first. */
function phrase(words, code, params) {
  const filled = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    const nested = value !== null && typeof value === 'object' && typeof value.code === 'string';
    filled[name] = nested ? phrase(words, value.code, value.params) : value;
  }
  return words.t(`error.${code}`, filled);
}

/**
 * A message for a live region: at most `max` characters, cut at a word and ended with
 * `…` when longer (a screen reader reads all of it, at every change). `cut` says whether
 * it was; then the page keeps the whole text in a title.
 */
export function shortMessage(message, max = 120) {
  const s = String(message);
  if (s.length <= max) return { text: s, cut: false };
  const head = s.slice(0, max);
  const space = head.lastIndexOf(' ');
  return { text: `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.:;(]+$/, '')}…`, cut: true };
}

/** The error box's look (the element adopts it with the box's first errors: element/loader.js). */
export const CSS = /* css */ `
.overlay {
  position: absolute; inset: 12% 8% auto; z-index: 2; margin: 0; padding: 10px 12px; border-radius: 8px;
  background: var(--loopy-bg); border: 2px solid var(--loopy-error); color: var(--loopy-error); font-weight: 600;
  box-shadow: 0 2px 12px rgba(0,0,0,0.15);
}
.overlay ul { margin: 4px 0 0; padding-left: 18px; }
.overlay .offers { display: flex; flex-direction: column; align-items: stretch; gap: 6px; margin-top: 10px; }
.overlay .offers button { font-weight: normal; text-align: left; color: var(--loopy-ink); }
`;

/**
 * The error box's words in `words` for an element whose game is a `noun` ('game', 'graph'):
 * its `heading` (`kept`: the game before stays on screen) and what the narration says with
 * nothing to show.
 */
export function box(words, noun, kept) {
  return { heading: words.t(kept ? `core.error.${noun}.kept` : `core.error.${noun}`), nothing: words.t(`core.error.${noun}.nothing`) };
}

/**
 * Fills the error box with `heading` and the errors, each short (a core message can run to
 * a paragraph) with the whole message in its title, then a button for each of `offers`
 * (`{ text, run }`: a way back to a game); `h` makes elements (element/style.js's).
 */
export function showErrors(box, h, heading, errors, offers = []) {
  const buttons = offers.map(({ text, run }) => {
    const b = h('button', { type: 'button' }, text);
    b.onclick = run;
    return b;
  });
  box.replaceChildren(
    h('span', {}, heading),
    h(
      'ul',
      {},
      ...errors.map((e) => {
        const { text, cut } = shortMessage(e.message);
        return h('li', cut ? { title: e.message } : {}, text);
      }),
    ),
    ...(buttons.length ? [h('div', { className: 'offers' }, ...buttons)] : []),
  );
  box.hidden = false;
}
