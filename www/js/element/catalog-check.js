// element/catalog-check.js: a catalog checked before registerTranslation takes it (strings or plural forms, known holes and references, no reference cycle, a language tag, no message too long), loaded on the first registerTranslation: a post that adds no catalog never downloads it.

/** The longest message a catalog may hold, in UTF-16 units (English's longest is under 800). */
export const MAX_MESSAGE = 4000;

/** A catalog key: letters, digits, `.`, `_` and `-`, from a letter; `@pn` at the end for the P/N terms. */
const KEY = /^[A-Za-z][\w.-]*(@pn)?$/;
/** A message's holes: `{param}` and `{=key}` (another message). */
const HOLE = /\{(=?)([\w.@-]+)\}/g;
const own = (c, k) => (c && Object.hasOwn(c, k) ? c[k] : undefined);
/** The texts of message `m`: itself, or its plural forms. */
const forms = (m) => m !== null && typeof m === 'object' && !Array.isArray(m);
const textsOf = (m) => (forms(m) ? Object.values(m) : [m]);

/**
 * Why catalog `c` cannot be taken (added to `before`, the catalog of its language so far,
 * over English `base`), or null: an error (`TypeError` for a wrong type, else
 * `RangeError`) with `code` (`catalog.*`), `catalog` ($code) and `key`, which its message
 * names. It must be an object whose `$code` is a language tag (`$name`, if any, a string);
 * each other key a catalog key (`KEY`) whose message is a string of at most `MAX_MESSAGE`
 * units or an object of plural forms, `other` among them, that are; its `{param}` holes
 * among those of English's message for the key (when English has it: the parameters the
 * code gives); its `{=key}` references naming messages that exist (in it, in the catalog
 * it adds to, or in English), none of which comes back to it.
 */
export function catalogError(c, base, before) {
  const code = c?.$code;
  const no = (why, key, Type = RangeError) =>
    Object.assign(new Type(`registerTranslation: catalog ${JSON.stringify(String(code))} refused, key ${JSON.stringify(key)}: ${why}`), {
      code: `catalog.${why.split(':')[0]}`,
      catalog: code,
      key,
    });
  if (c === null || typeof c !== 'object') return no('notAnObject: a catalog is an object of messages', null, TypeError);
  try {
    new Intl.PluralRules(Intl.getCanonicalLocales(code)[0] ?? '-');
  } catch {
    return no('badCode: not a language tag (BCP 47: fr, zh-CN)', '$code', typeof code === 'string' ? RangeError : TypeError);
  }
  if (![undefined, String(c.$name)].includes(c.$name)) return no('notText: the language name is a string', '$name', TypeError);
  const find = (k) => own(c, k) ?? own(before, k) ?? own(base, k);
  for (const key of Object.keys(c)) {
    if (key[0] === '$') continue;
    if (!KEY.test(key)) return no('badKey: letters, digits, ".", "_", "-", and "@pn" at the end', key);
    const m = c[key];
    const plural = forms(m);
    if (plural && (!Object.hasOwn(m, 'other') || Object.keys(m).some((f) => !['zero', 'one', 'two', 'few', 'many', 'other'].includes(f)))) {
      return no('badPlural: plural forms are zero, one, two, few, many and other, with other', key, TypeError);
    }
    const english = own(base, key) ?? own(base, key.replace(/@pn$/, ''));
    // A player's name opening a sentence ({p.Name}) or not ({p.name}) is one parameter: each language chooses.
    const param = (name) => name.replace(/\.Name$/, '.name');
    const params = english && textsOf(english).flatMap((t) => [...String(t).matchAll(HOLE)].filter((h) => !h[1]).map((h) => param(h[2])));
    for (const text of textsOf(m)) {
      if (typeof text !== 'string') return no('notText: a message is a string, or an object of plural forms', key, TypeError);
      if (text.length > MAX_MESSAGE) return no(`tooLong: ${text.length} units, at most ${MAX_MESSAGE}`, key);
      for (const [hole, ref, name] of text.matchAll(HOLE)) {
        if (
          ref
            ? find(name) === undefined && find(`${name}@pn`) === undefined
            : params && !params.includes(param(name)) && !(plural && name === 'count')
        ) {
          return no(`${ref ? 'unknownMessage' : 'unknownHole'}: ${hole} names nothing it may`, key);
        }
      }
    }
  }
  // A reference {=k} is said as k or, under terms="pn", k@pn: a depth-first walk over both,
  // without recursion (a long chain must not overflow the stack).
  const next = (k) =>
    textsOf(find(k)).flatMap((t) =>
      [...String(t).matchAll(HOLE)]
        .filter((h) => h[1])
        .flatMap((h) => [h[2], `${h[2]}@pn`])
        .filter((n) => find(n) !== undefined),
    );
  const done = new Set();
  for (const start of Object.keys(c)) {
    const path = [start];
    const todo = [next(start)];
    while (path.length && !done.has(start)) {
      const k = todo.at(-1).pop();
      if (k === undefined) {
        done.add(path.pop());
        todo.pop();
      } else if (path.includes(k)) {
        return no(`cycle: its references come back to it (${[...path.slice(path.indexOf(k)), k].join(' → ')})`, k);
      } else if (!done.has(k)) {
        path.push(k);
        todo.push(next(k));
      }
    }
  }
  return null;
}
