// element/i18n.js: the reader's language: which one (the element's own lang, its nearest ancestor's, <html lang>), its catalog (English built in, others loaded when first used) and words from keys, with parameters, plurals, terms and the reader's number format.

import en from '../i18n/en.js';

/**
 * The catalogs, by code (`en`, `zh-CN`, or what a page registers). A catalog is a plain
 * object of messages by key, plus `$code` and `$name` (its own name for the language
 * switch). A message is a string with `{param}` holes and `{=key}` references to other
 * messages (the terms: `{=term.win}`), or, where a count changes the words, an object of
 * plural forms (`{ one, other }`, chosen by `Intl.PluralRules` from the `count` parameter).
 * A key `k@pn` is what `k` says under `terms="pn"` (P-position / N-position).
 */
const catalogs = new Map([[en.$code, { ...en }]]);
/** Catalogs not loaded yet, by code: a function that imports the module (given by the entry, whose URL is its own). */
const loaders = new Map();
/** Catalogs on their way, by code. */
const loading = new Map();
/** Every connected localizer, for the one observer of `lang` attributes. */
const live = new Set();
let observer = null;

/** The languages Loopy ships, as `[code, name]` for a language switch (names in their own language). */
export const SHIPPED = [
  ['en', 'English'],
  ['zh-CN', '简体中文'],
];

/**
 * Adds catalogs (Shoelace's `registerTranslation`): `await registerTranslation({ $code: 'fr',
 * $name: 'Français', 'legend.win.name': 'Gagne', ... })`. Keys a catalog lacks fall back to
 * English. Live elements whose language it is are re-worded.
 *
 * Each catalog is checked whole before anything uses it (element/catalog-check.js, loaded
 * on the first call: a post that adds no catalog never downloads it), and taken or refused
 * on its own: a bad one changes nothing, and once the good ones of the same call are in,
 * the promise rejects with the first refusal, a `TypeError` or `RangeError` with its `code`
 * (`catalog.*`), the catalog's `catalog` ($code) and the `key` at fault, which its message
 * names. It resolves once the catalogs are in.
 */
export async function registerTranslation(...added) {
  const { catalogError } = await checker();
  let refused = null;
  for (const c of added) {
    const bad = catalogError(c, catalogs.get('en'), catalogs.get(c?.$code));
    if (bad) refused ??= bad;
    else take(c);
  }
  const trouble = reword();
  if (refused || trouble) throw refused ?? trouble;
}

/** How the catalog check is loaded: given by each entry, whose URL is its own (setCatalogCheck). */
let checker;

/** Says how to load element/catalog-check.js: `() => import('./js/element/catalog-check.js')` from an entry. */
export function setCatalogCheck(load) {
  checker = load;
}

/** Adds catalog `c` (checked, or one Loopy ships). */
function take(c) {
  catalogs.set(c.$code, { ...(catalogs.get(c.$code) ?? {}), ...c });
}

/** Re-words every live localizer; one element's trouble is its own (the others go on): returns the first, or null. */
function reword() {
  let trouble = null;
  for (const l of live) {
    try {
      l.update(true);
    } catch (e) {
      trouble ??= e;
    }
  }
  return trouble;
}

/**
 * A loader of a lazily loaded module (`() => import('./js/element/quiz.js')` from an entry)
 * that adds the English words the module brings to the English catalog before the module
 * is used: in the dist build (tests/tools/minify.mjs) an element's bundle carries only the
 * words its own code can ask for, and each module it loads lazily ends with
 * `export const $words = {...}`, the English words its code asks for that the bundle lacks.
 * A word English already has stays as it is (a blogger's `registerTranslation` of English
 * wins); unbundled (www/), English is whole and a module brings none. Another language
 * lacking one of these words falls back to it, as to any English word.
 */
export function withWords(load) {
  return () =>
    Promise.resolve()
      .then(load)
      .then((m) => {
        addEnglish(m?.$words);
        return m;
      });
}

/** Adds `added` (key → message) to English where English has no message for the key. */
function addEnglish(added) {
  if (!added || typeof added !== 'object') return;
  const base = catalogs.get('en');
  for (const [k, v] of Object.entries(added)) if (!Object.hasOwn(base, k)) base[k] = v;
}

/** Says how to load catalog `code` when first needed: `() => import('./js/i18n/zh-CN.js')` from an entry. */
export function addCatalogLoader(code, load) {
  if (!catalogs.has(code)) loaders.set(code, load);
}

/**
 * The catalog code for a BCP 47 tag: `zh`, `zh-CN`, `zh-Hans`, `zh-SG` (and `zh-Hans-*`)
 * are Simplified Chinese; a registered code matches whole or by its language; anything
 * else is English.
 */
export function resolveLang(tag) {
  const t = String(tag ?? '')
    .trim()
    .replace(/_/g, '-')
    .toLowerCase();
  if (!t) return 'en';
  if (t === 'zh' || t === 'zh-cn' || t === 'zh-sg' || t === 'zh-hans' || t.startsWith('zh-hans-') || t === 'zh-my') return 'zh-CN';
  const known = [...new Set([...catalogs.keys(), ...loaders.keys()])];
  const whole = known.find((c) => c.toLowerCase() === t);
  if (whole) return whole;
  const base = t.split('-')[0];
  if (base === 'zh') return 'en'; // Traditional Chinese: no catalog; English rather than the wrong script
  return known.find((c) => c.toLowerCase() === base) ?? known.find((c) => c.toLowerCase().split('-')[0] === base) ?? 'en';
}

/** The `lang` in force at `node`: its own, else its nearest ancestor's (crossing shadow roots), else `<html lang>`. */
export function langOf(node) {
  for (let n = node; n; ) {
    if (n.nodeType === 1 && n.hasAttribute('lang')) return n.getAttribute('lang');
    n = n.parentNode ?? n.host ?? null;
  }
  return document.documentElement.getAttribute('lang') ?? '';
}

/** Loads catalog `code` if it has a loader; resolves when it is in (or cannot be). */
export function loadCatalog(code) {
  if (catalogs.has(code) || !loaders.has(code)) return Promise.resolve();
  if (!loading.has(code)) {
    const p = Promise.resolve()
      .then(loaders.get(code))
      .then((m) => {
        // A catalog Loopy ships (tests/i18n.test.mjs checks each as registerTranslation would).
        take(m.default ?? m);
        reword();
      })
      .catch(() => {
        loaders.delete(code); // English it stays; a failed fetch is not retried on every update
      })
      .finally(() => loading.delete(code));
    loading.set(code, p);
  }
  return loading.get(code);
}

function observe() {
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver(() => {
    for (const l of live) l.update();
  });
  observer.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ['lang'] });
}

const plural = new Map();
const numbers = new Map();
function pluralRules(code) {
  if (!plural.has(code)) plural.set(code, new Intl.PluralRules(code));
  return plural.get(code);
}
function numberFormat(code) {
  if (!numbers.has(code)) numbers.set(code, new Intl.NumberFormat(code, { maximumFractionDigits: 2 }));
  return numbers.get(code);
}
const lists = new Map();
function listFormat(code, type) {
  const key = `${code} ${type}`;
  if (!lists.has(key)) lists.set(key, new Intl.ListFormat(code, { type }));
  return lists.get(key);
}

/**
 * Words in one language. `words(code, terms)` is what a module without an element (a page,
 * a worker's report) uses; an element has a {@link Localizer}, which is one of these that
 * follows the element's `lang`.
 */
export class Words {
  constructor(code = 'en', terms = 'wl', names = NO_NAMES) {
    this.code = code;
    this.terms = terms;
    /** The statement's own names ({@link readNames}): `players` [first, second] or null, `hole` or null. */
    this.names = names;
  }

  /** The message `key` with `params` (numbers in the reader's format); English if the catalog lacks it; '' if no catalog has it. */
  t(key, params = {}) {
    return this.#say(key, params, 0);
  }

  /** `t`, `depth` references deep: a catalog is checked for cycles when registered, and this bound holds anyway. */
  #say(key, params, depth) {
    const raw = this.#find(key);
    if (raw === undefined || depth > 16) return '';
    let text = raw;
    if (raw !== null && typeof raw === 'object') {
      const n = Number(params.count ?? 0);
      text = raw[pluralRules(this.code).select(n)] ?? raw.other;
    }
    if (typeof text !== 'string') return '';
    return text.replace(/\{(=?)([\w.@-]+)\}/g, (hole, ref, name, at, whole) => {
      // `{p.name}`, `{p.Name}`: the name of player `params.p` (1 or 2), mid-sentence or opening it.
      const named = /^(\w+)\.(name|Name)$/.exec(name);
      const p = named && !ref ? String(params[named[1]]) : '';
      if (ref && name.startsWith('name.')) return spaced(this.#say(name, params, depth + 1), whole[at - 1], whole[at + hole.length]);
      if (ref) return this.#say(name, params, depth + 1);
      if (p === '1' || p === '2') {
        return spaced(this.#say(`name.${named[2] === 'Name' ? 'Player' : 'player'}${p}`, {}, depth + 1), whole[at - 1], whole[at + hole.length]);
      }
      const v = params[name];
      if (v === undefined || v === null) return '';
      return typeof v === 'number' ? this.num(v) : String(v);
    });
  }

  /** Whether a message exists for `key` (in this language or in English). */
  has(key) {
    return this.#find(key) !== undefined;
  }

  /** A number in the reader's format (1,000,000; 1 000 000; ...). */
  num(x) {
    return Number.isFinite(x) ? numberFormat(this.code).format(x) : String(x);
  }

  /** Items joined as the language joins a list ("a, b and c"; "a、b和c"). */
  list(items, type = 'conjunction') {
    return listFormat(this.code, type).format(items.map(String));
  }

  #find(key) {
    const custom = NAMED[key];
    if (custom) {
      const name = custom[0] === 'hole' ? this.names.hole : this.names.players?.[custom[1]];
      // A name opening a sentence (`name.Hole`) starts with a capital: "the black hole" → "The black hole".
      if (name) return /^name\.[A-Z]/.test(key) ? name[0].toLocaleUpperCase(this.code) + name.slice(1) : name;
    }
    const own = catalogs.get(this.code);
    const base = catalogs.get('en');
    const pn = this.terms === 'pn';
    // Own messages only: `constructor` or `__proto__` names no message.
    const at = (c, k) => (c && Object.hasOwn(c, k) ? c[k] : undefined);
    return (pn ? at(own, `${key}@pn`) : undefined) ?? at(own, key) ?? (pn ? at(base, `${key}@pn`) : undefined) ?? at(base, key);
  }
}

const IDEOGRAPH = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z0-9]/;

/**
 * A name as it sits between `before` and `after` (the message's characters around it): a space
 * between a Chinese character and a Latin letter or digit (行动方 1 在, Rick 在; 先手在), so
 * that a Chinese message holds its names without spaces of its own.
 */
function spaced(name, before, after) {
  if (!name) return name;
  const head = before && IDEOGRAPH.test(before) && LATIN.test(name[0]) ? ' ' : '';
  const tail = after && IDEOGRAPH.test(after) && LATIN.test(name.at(-1)) ? ' ' : '';
  return `${head}${name}${tail}`;
}

/** No names of the statement's own: the catalog's (行动方 1, 行动方 2, 终止位置; player 1, player 2, the hole). */
const NO_NAMES = Object.freeze({ players: null, hole: null });

/**
 * The messages a statement's own names replace, whatever the language: a ring's players by
 * number (`{p.name}` says `name.player1` or `name.player2`), a graph's player to move and
 * their opponent (the first and second names, as 先手 and 后手 name them in a post), the hole.
 */
const NAMED = {
  'name.player1': ['players', 0],
  'name.Player1': ['players', 0],
  'name.player2': ['players', 1],
  'name.Player2': ['players', 1],
  'name.mover': ['players', 0],
  'name.Mover': ['players', 0],
  'name.opponent': ['players', 1],
  'name.Opponent': ['players', 1],
  'name.hole': ['hole'],
  'name.Hole': ['hole'],
  'name.hole.label': ['hole'], // the canvas's label by position 0
};

/** The longest name taken, in characters (a name, not a paragraph). */
const MAX_NAME = 40;

/** A name as written (trimmed, control characters dropped), or null when empty or too long. */
function aName(s) {
  const t = String(s ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what a name drops
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return t && [...t].length <= MAX_NAME ? t : null;
}

/**
 * The statement's own names from `players` ("先手,后手", "Rick,Morty": two names, split at a
 * comma, ASCII or Chinese) and `hole` ("黑洞"): what a post writes as attributes and a page as
 * URL parameters. Anything else (one name, three, an empty one) keeps the catalog's words.
 */
export function readNames(players, hole) {
  const two = String(players ?? '')
    .split(/[,，]/)
    .map(aName);
  const ok = two.length === 2 && two[0] && two[1] && two[0] !== two[1];
  const h = aName(hole);
  return ok || h ? Object.freeze({ players: ok ? two : null, hole: h }) : NO_NAMES;
}

/** Whether two sets of names say the same. */
function sameNames(a, b) {
  return a.hole === b.hole && String(a.players) === String(b.players);
}

/** Words in `code` (a tag or a catalog code) under `terms`, with the statement's own `names` ({@link readNames}). */
export function words(tag = 'en', terms = 'wl', names = NO_NAMES) {
  return new Words(resolveLang(tag), terms === 'pn' ? 'pn' : 'wl', names);
}

/**
 * The localization controller of one element (Lit's reactive controller, as Shoelace's
 * localize): it follows the element's `lang` and `terms` and every ancestor's `lang`, loads
 * the catalog the first time it is needed, and calls `changed()` when the words change, so
 * that the element re-words itself with its game and step kept.
 */
export class Localizer extends Words {
  #host;
  #changed;

  constructor(host, changed) {
    super('en', 'wl', NO_NAMES);
    this.#host = host;
    this.#changed = changed;
  }

  connect() {
    live.add(this);
    observe();
    this.update();
  }

  disconnect() {
    live.delete(this);
  }

  /** Resolves once the catalog of the element's language is loaded (at once for English). */
  ready() {
    return loadCatalog(resolveLang(langOf(this.#host)));
  }

  /** Reads the language and terms again; calls `changed()` if the words change (`force`: a catalog was added). */
  update(force = false) {
    const tag = langOf(this.#host);
    const code = resolveLang(tag);
    const terms = this.#host.getAttribute?.('terms') === 'pn' ? 'pn' : 'wl';
    const names = readNames(this.#host.getAttribute?.('players'), this.#host.getAttribute?.('hole'));
    if (!catalogs.has(code) && loaders.has(code)) {
      loadCatalog(code).then(() => this.update(true));
    }
    const usable = catalogs.has(code) ? code : 'en';
    const moved = usable !== this.code || terms !== this.terms || !sameNames(names, this.names);
    this.code = usable;
    this.terms = terms;
    this.names = names;
    if (moved || force) this.#changed();
  }
}
