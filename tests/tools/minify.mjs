// minify.mjs: `node tests/tools/minify.mjs FROM TO [--bundle=a.js,b.js] [--pages=p.js,q.js] file...`: modules minified with terser (the --bundle ones first bundled with esbuild, each with the English words it uses; the --pages ones built together with code splitting, so that a page and all it loads share one instance of every module), stylesheets with csso (for `cargo xtask dist`).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minify as minifyCss } from 'csso';
import { build } from 'esbuild';
import { minify } from 'terser';
import { pruneCatalog, usedKeys } from './prune-catalog.mjs';

// A stylesheet inside a module (the elements' shadow styles) is marked `/* css */ \`...\``;
// terser keeps template text as it is, so csso minifies it first. Only plain text: a
// template with `${...}` or an escape in it is left alone.
const INLINE_CSS = /\/\* css \*\/ `([^`$\\]*)`/g;
// Structural merging off: the rules stay in the order and groups they were written in.
const css = (text) => minifyCss(text, { restructure: false }).css;

const inlineCss = (code) => code.replace(INLINE_CSS, (_, sheet) => `\`${css(sheet)}\``);

/** The English catalog, which the element core imports (the others load when first used). */
const CATALOG = /[\\/]js[\\/]i18n[\\/]en\.js$/;

/**
 * Reads each module of the bundle of `entry`, its inline stylesheets minified (esbuild drops
 * the marks). A module from another folder than the entry's must not find anything from
 * its own URL (`import.meta`, `import()`): in the bundle that URL is the entry's, so the
 * path would be wrong. The build fails instead. The wasm-bindgen glue is let through: its
 * `new URL('loopy_bg.wasm', import.meta.url)` is only a default, and worker.js passes the
 * wasm's URL. The English catalog is read as `catalog(path)` gives it.
 */
const readBundled = (entry, catalog) => ({
  name: 'read-bundled',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (a) => {
      if (CATALOG.test(a.path)) return { contents: `export default ${JSON.stringify(await catalog(a.path))};`, loader: 'js' };
      const code = await readFile(a.path, 'utf8');
      const elsewhere = dirname(a.path) !== dirname(entry) && !/[\\/]pkg[\\/]/.test(a.path);
      const uncommented = code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      // A URL made at run time (`import(new URL(...))`) is absolute: only a literal path would be wrong.
      if (elsewhere && /import\.meta|import\(\s*['"`]/.test(uncommented)) {
        throw new Error(`${a.path} finds files from its own URL, which is ${entry}'s once bundled: move that to ${entry}`);
      }
      return { contents: inlineCss(code), loader: 'js' };
    });
  },
});

/**
 * What a lazy `import('...')` loads stays a file of its own, loaded only when used; its
 * path goes into `lazy` (when given), or into `wrapped` when every `import()` of it in the
 * importing module is wrapped as `withWords(() => import('...'))` (element/i18n.js: the
 * module then brings the English words only it asks for, see [`wordsOfLazyModules`]).
 */
const lazyStaysLazy = (lazy, wrapped = lazy) => ({
  name: 'lazy-stays-lazy',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (a) => {
      if (a.kind !== 'dynamic-import') return undefined;
      const path = resolve(a.resolveDir, a.path);
      ((await wrapsWords(a.importer, a.path)) ? wrapped : lazy)?.add(path);
      return { path: a.path, external: true };
    });
  },
});

/** Whether each `import(spec)` in the module at `importer` is `withWords(() => import(spec))`. */
async function wrapsWords(importer, spec) {
  const code = (await readFile(importer, 'utf8')).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const q = `(['"\`])${literal(spec)}\\1`;
  const all = code.match(new RegExp(`\\bimport\\(\\s*${q}\\s*\\)`, 'g')) ?? [];
  const inside = code.match(new RegExp(`\\bwithWords\\(\\s*\\(\\)\\s*=>\\s*import\\(\\s*${q}\\s*\\)\\s*\\)`, 'g')) ?? [];
  return all.length > 0 && inside.length === all.length;
}

const literal = (s) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** The catalogs: a lazy import of one brings words, not code that asks for them. */
const CATALOGS = /[\\/]js[\\/]i18n[\\/]/;

/**
 * The code of `entry` and of every module it imports, lazily too (a module the core loads
 * and lends its words to), without the English words: what can ask for them. Not the code
 * of a module loaded through `withWords`, which brings its own words: those modules go into
 * `wrapped`, and the English catalog's path (if any module imports it) into `catalogs`.
 */
async function codeAskingForWords(entry, wrapped = new Set(), catalogs = new Set()) {
  const seen = new Set([entry]);
  const todo = [entry];
  let code = '';
  while (todo.length) {
    const lazy = new Set();
    const out = await build({
      entryPoints: [todo.pop()],
      bundle: true,
      format: 'esm',
      write: false,
      target: 'es2022',
      plugins: [
        lazyStaysLazy(lazy, wrapped),
        {
          name: 'no-words',
          setup(b) {
            b.onLoad({ filter: CATALOG }, (a) => {
              catalogs.add(a.path);
              return { contents: 'export default {};', loader: 'js' };
            });
          },
        },
      ],
      logLevel: 'error',
    });
    code += out.outputFiles[0].text;
    for (const path of lazy) {
      if (CATALOGS.test(path) || seen.has(path)) continue;
      seen.add(path);
      todo.push(path);
    }
  }
  return code;
}

/**
 * A module with every module it imports statically, as one file (a reader's browser then
 * makes one request, and one gzip stream compresses better than many). Paths found from
 * `import.meta.url` stay relative to the entry, so the bundle goes where the entry was.
 * Its English words are `kept`'s: those its code can ask for (see [`analyse`]).
 */
async function bundle(entry, kept) {
  const catalog = async (path) =>
    pruneCatalog(
      (await import(pathToFileURL(path).href)).default,
      Object.assign((k) => kept.has(k), { named: kept }),
    );
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    target: 'es2022',
    plugins: [lazyStaysLazy(), readBundled(entry, catalog)],
    logLevel: 'error',
  });
  return out.outputFiles[0].text;
}

/** The English catalog at `path`. */
const english = async (path) => (await import(pathToFileURL(path).href)).default;

/**
 * The English words of the bundle of `entry`: those its code, or the code it imports
 * lazily without `withWords`, can ask for (the catalog holds every part's words: the
 * pages', the export's, the story's), as a set of keys; and the modules it loads through
 * `withWords`, whose words travel with them.
 */
async function analyse(entry) {
  const wrapped = new Set();
  const catalogs = new Set();
  const used = usedKeys(await codeAskingForWords(entry, wrapped, catalogs), pages);
  const kept = new Set();
  for (const path of catalogs) for (const k of Object.keys(pruneCatalog(await english(path), used))) kept.add(k);
  return { kept, wrapped, catalogs };
}

/**
 * For each module that a bundle loads through `withWords` (and each module such a module
 * loads so), by path: the English words its code can ask for that not every bundle loading
 * it carries (`$` entries and a bundle's words left out), which the build appends to the
 * module as `export const $words = {...}`, and withWords adds to English when it loads.
 */
async function wordsOfLazyModules(analysed) {
  const bases = new Map(); // lazy module → the key sets of the bundles that load it
  const catalogOf = new Map();
  const todo = [];
  for (const { kept, wrapped, catalogs } of analysed) {
    for (const path of wrapped) {
      if (!bases.has(path)) todo.push(path);
      bases.set(path, [...(bases.get(path) ?? []), kept]);
      catalogOf.set(path, [...catalogs][0]);
    }
  }
  const words = new Map();
  while (todo.length) {
    const path = todo.pop();
    const wrapped = new Set();
    const catalogs = new Set();
    const used = usedKeys(await codeAskingForWords(path, wrapped, catalogs), pages);
    const catalog = catalogOf.get(path) ?? [...catalogs][0];
    if (!catalog) continue;
    const inEvery = (k) => bases.get(path).every((kept) => kept.has(k));
    const own = Object.entries(pruneCatalog(await english(catalog), used)).filter(([k]) => !k.startsWith('$') && !inEvery(k));
    words.set(path, Object.fromEntries(own));
    for (const next of wrapped) {
      if (bases.has(next)) continue;
      bases.set(next, bases.get(path));
      catalogOf.set(next, catalog);
      todo.push(next);
    }
  }
  return words;
}

/**
 * Terser's options: `Worker` is never renamed, since an entry describes its worker as
 * `(Worker) => new Worker(new URL('…', import.meta.url), { type: 'module' })` (js/workers/start.js),
 * which bundlers (Vite) recognise by that name.
 */
const TERSER = { module: true, compress: true, mangle: { reserved: ['Worker'] } };

/**
 * Fails the build where a module's URL found from `import.meta.url` is not inside `new Worker(`: an
 * entry's worker must stay `new Worker(new URL('…', import.meta.url), …)` once minified, the form
 * bundlers (Vite, webpack) follow to bundle it (js/workers/start.js).
 */
function assertWorkersFollowable(file, code) {
  for (const m of code.matchAll(/new URL\((["'`])[^"'`]+\.js(?:\?[^"'`]*)?\1,\s*import\.meta\.url\)/g)) {
    if (!/new Worker\(\s*$/.test(code.slice(Math.max(0, m.index - 12), m.index))) {
      throw new Error(`${file}: ${m[0]} is not inside new Worker(...): a bundler would copy the module instead of bundling it`);
    }
  }
}

/** Where the page build's shared chunks go: as deep as every module under js/, so that their `../../` paths hold. */
const CHUNKS = 'js/chunks/[name]-[hash]';

/** `new URL('…', import.meta.url)`, a file found from the module's own URL. */
const META_URL = /new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * The pages' scripts (`pages`, paths under `from`) built together, with code splitting: each page's script, every
 * module it loads when first used and every module they share, once (js/page/page-lang.js, element/i18n.js, ...: one
 * instance a page, whatever loads it). Shared code goes to js/chunks/. A module whose code lands in another folder
 * than its own has its `new URL('…', import.meta.url)` paths rewritten to hold from there (a first build says where
 * each module lands; a second writes them), and any other use of `import.meta` fails the build. The English catalog
 * is whole: the pages use nearly all of it. Returns `[[path under to, code]]`, not yet minified.
 */
async function buildPages(pages) {
  const options = (plugins) => ({
    entryPoints: pages.map((p) => resolve(from, p)),
    outdir: resolve(to),
    outbase: resolve(from),
    entryNames: '[dir]/[name]',
    chunkNames: CHUNKS,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'error',
    plugins,
  });
  const homes = (meta) => {
    const home = new Map(); // input path (absolute) -> the folder of the output holding its code, under to
    for (const [out, o] of Object.entries(meta.outputs)) {
      for (const input of Object.keys(o.inputs)) home.set(resolve(input), dirname(relative(resolve(to), resolve(out))));
    }
    return home;
  };
  const first = await build(options([loadPages(new Map())]));
  const home = homes(first.metafile);
  const second = await build(options([loadPages(home)]));
  const again = homes(second.metafile);
  for (const [input, dir] of home)
    if (again.get(input) !== dir) throw new Error(`${input} moved from ${dir} to ${again.get(input)} between the page builds`);
  return second.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [relative(resolve(to), f.path), f.text]);
}

/** Reads the page build's modules: inline stylesheets minified, and (`home`: where each module's code lands) its own-URL paths made to hold from there. */
const loadPages = (home) => ({
  name: 'load-pages',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (a) => {
      let code = inlineCss(await readFile(a.path, 'utf8'));
      const own = relative(resolve(from), dirname(a.path));
      const lands = home.get(resolve(a.path));
      if (lands !== undefined && lands !== own) {
        code = code.replace(META_URL, (_, q, path) => {
          const [file, query = ''] = path.split(/(?=[?#])/);
          let moved = relative(lands, join(own, file)).split(sep).join('/');
          if (!moved.startsWith('.')) moved = `./${moved}`;
          return `new URL(${q}${moved}${query}${q}, import.meta.url)`;
        });
        const uncommented = code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(META_URL, '');
        if (/import\.meta/.test(uncommented))
          throw new Error(`${a.path} uses import.meta otherwise than in new URL('…', import.meta.url), and its code lands in ${lands}`);
      }
      return { contents: code, loader: 'js' };
    });
  },
});

const [from, to, ...rest] = process.argv.slice(2);
const listed = (flag) =>
  new Set(
    rest
      .find((a) => a.startsWith(`--${flag}=`))
      ?.slice(`--${flag}=`.length)
      .split(',')
      .filter(Boolean) ?? [],
  );
const bundled = listed('bundle');
const pageScripts = listed('pages');
const files = rest.filter((a) => !a.startsWith('--'));
/** The site's pages, for the keys their `data-i18n` marks name. */
const pages = await Promise.all(
  (await readdir(from, { recursive: true })).filter((f) => f.endsWith('.html')).map((f) => readFile(join(from, f), 'utf8')),
);
const bundles = new Map();
for (const file of files.filter((f) => bundled.has(f))) bundles.set(file, await analyse(resolve(from, file)));
const lazyWords = await wordsOfLazyModules([...bundles.values()]);
const pageFiles = files.filter((f) => pageScripts.has(f));
if (pageFiles.length) {
  for (const [file, code] of await buildPages(pageFiles)) {
    await mkdir(dirname(join(to, file)), { recursive: true });
    const out = (await minify(code, TERSER)).code;
    assertWorkersFollowable(file, out);
    await writeFile(join(to, file), out);
  }
}
for (const file of files.filter((f) => !pageScripts.has(f))) {
  let text = bundles.has(file) ? await bundle(join(from, file), bundles.get(file).kept) : await readFile(join(from, file), 'utf8');
  const own = lazyWords.get(resolve(from, file));
  if (own && Object.keys(own).length) text += `\nexport const $words = ${JSON.stringify(own)};\n`;
  let out;
  if (file.endsWith('.css')) {
    out = css(text);
  } else {
    out = (await minify(inlineCss(text), TERSER)).code;
    assertWorkersFollowable(file, out);
  }
  await mkdir(dirname(join(to, file)), { recursive: true });
  await writeFile(join(to, file), out);
}
