// element/glossary.js: the elements' "What does this mean?" link: the rules page with its glossary, in the reader's language, at the entry for what the last event did.

/** The rules pages in other languages, by the English page's URL and the language's code (`addRulesPage`). */
const RULES_PAGES = new Map();

/** The rules page's glossary entry for what each event does (the core's event kinds). */
const TERM = { resolve: 'decided', pop: 'queue', update: 'open-moves', skip: 'check', layer: 'depth', done: 'loop' };

/** Says that the rules page `english` (a URL) reads in language `code` at `url`: the elements' links go there. */
export function addRulesPage(english, code, url) {
  RULES_PAGES.set(`${code} ${String(english)}`, String(url));
}

/**
 * The rules page `english` (a URL) in language `code` (the one an entry gave for it, else the
 * English one), at the glossary entry `term` when given, else at the one for the event `kind`.
 */
export function rulesHref(english, code, term, kind) {
  const page = RULES_PAGES.get(`${code} ${english}`) ?? english;
  return term === null ? page : `${page}#${term ?? (TERM[kind] || 'retrograde')}`;
}
