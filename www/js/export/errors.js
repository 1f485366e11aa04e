// export/errors.js: an export's errors in the reader's words: its own (a catalog key with parameters) and the solver's (by the core's code, element/errors.js).

import { errorText } from '../element/errors.js';

/**
 * An export's own error: its English `message` (for the console and the tests), and the
 * catalog key `key` with `params` that says it in the reader's language (exportErrorText).
 */
export function exportError(key, message, params = {}) {
  return Object.assign(new Error(message), { key, params });
}

/** The words for `err` in `words`' language: an export's own error by its key, else the core's by its code, else its message. */
export function exportErrorText(words, err) {
  if (typeof err?.key === 'string' && words.has(err.key)) return words.t(err.key, err.params ?? {});
  return errorText(words, err);
}
