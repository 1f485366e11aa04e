// element/errors.js: an error in the reader's words: the core's stable code and parameters looked up in the catalog (error.CODE), the English message when no catalog has that code.

/**
 * The words for `err` (a core error `{ code, params, message }`, a JS `Error` carrying
 * `code` and `params`, or a parse result `{ error, code, params }`), in `words`' language.
 */
export function errorText(words, err) {
  if (err === null || err === undefined) return '';
  const code = typeof err.code === 'string' ? err.code : null;
  if (code && words.has(`error.${code}`)) return words.t(`error.${code}`, err.params ?? {});
  return String(err.message ?? err.error ?? err);
}
