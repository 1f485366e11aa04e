// prune-catalog.mjs: the English catalog cut to the keys one bundle's code can ask for (minify.mjs puts that into each bundle, so an element does not carry the pages' words).

/** The characters of a catalog key (as tests/i18n.test.mjs reads them). */
const KEY = /^[\w.@-]+$/;

/**
 * What `code` (a bundle without its catalog) can ask for: every quoted string that could be
 * a key, and, for the keys made at run time, patterns: a template literal whose text is key
 * characters (`legend.${v}.name` gives /^legend\.[\w.@-]*\.name$/) and a string ending in a
 * dot or a dash ('legend.' + v gives every key that starts so). Code that words the
 * elements a page marks with `data-i18n="key"` (`pages`: the HTML texts) keeps those keys. A template with no text
 * before its first hole (`${key}@pn`) names no key of its own. Conservative: a word the
 * code might ask for stays in.
 */
export function usedKeys(code, pages = []) {
  const names = new Set();
  // Code that words a page's marked elements asks for the keys the pages name.
  if (/data-i18n/.test(code)) for (const html of pages) for (const m of html.matchAll(DATA_I18N)) names.add(m[1]);
  const patterns = [];
  for (const m of code.matchAll(/(['"])((?:(?!\1)[\w.@-])+)\1/g)) {
    names.add(m[2]);
    if (/[.-]$/.test(m[2])) patterns.push(new RegExp(`^${literal(m[2])}`));
  }
  for (const m of code.matchAll(/`([^`]*)`/g)) {
    const parts = m[1].split(/\$\{[^}]*\}/);
    if (parts.length > 1 && parts.every((p) => p === '' || KEY.test(p)) && parts[0].length > 1) {
      patterns.push(new RegExp(`^${parts.map(literal).join('[\\w.@-]*')}$`));
    } else if (parts.length === 1 && KEY.test(m[1])) {
      names.add(m[1]);
    }
  }
  const used = (key) => names.has(key) || patterns.some((p) => p.test(key));
  used.named = names;
  return used;
}

/** A page's element marked with a key (as tests/i18n.test.mjs reads them). */
const DATA_I18N = /data-i18n(?:-[\w-]+)?="([\w.@-]+)"/g;

const literal = (s) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * The keys the English catalog has for other languages' sake only: an error is said in
 * English as its own message (the core's, the CLI's words; a parser's or a worker's),
 * word for word, and in another language from `error.CODE` (www/js/element/errors.js),
 * whose catalog has every key (tests/i18n.test.mjs). So no bundle carries them in English,
 * unless its code names one whole (a worker's failure to start has no English of its own:
 * js/workers/start-failed.js names its words, and carries them).
 */
export const TRANSLATED_ONLY = /^error\./;

/**
 * `catalog` (the English one) with the keys `used` accepts (the `$` entries always), each
 * kept key's `@pn` form, and every message a kept one refers to (`{=key}`), transitively;
 * never the [`TRANSLATED_ONLY`] ones that `used` asks for.
 */
export function pruneCatalog(catalog, used) {
  const asked = (k) => (!TRANSLATED_ONLY.test(k) && (used(k) || used(k.replace(/@pn$/, '')))) || Boolean(used.named?.has(k));
  const keep = new Set(Object.keys(catalog).filter((k) => k.startsWith('$') || asked(k)));
  const todo = [...keep];
  while (todo.length) {
    const m = catalog[todo.pop()];
    for (const text of typeof m === 'object' && m ? Object.values(m) : [m]) {
      for (const [, ref] of String(text).matchAll(/\{=([\w.@-]+)\}/g)) {
        for (const k of [ref, `${ref}@pn`]) {
          if (k in catalog && !keep.has(k)) {
            keep.add(k);
            todo.push(k);
          }
        }
      }
    }
  }
  return Object.fromEntries(Object.entries(catalog).filter(([k]) => keep.has(k)));
}
