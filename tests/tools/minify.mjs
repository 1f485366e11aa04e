// minify.mjs: `node tests/tools/minify.mjs FROM TO [--bundle=a.js,b.js] file...`: modules minified with terser (the --bundle ones first bundled with esbuild, each with the English words it uses), stylesheets with csso (for `cargo xtask dist`).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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
      if (elsewhere && /import\.meta|import\(/.test(uncommented)) {
        throw new Error(`${a.path} finds files from its own URL, which is ${entry}'s once bundled: move that to ${entry}`);
      }
      return { contents: inlineCss(code), loader: 'js' };
    });
  },
});

/**
 * What a lazy `import('...')` loads stays a file of its own, loaded only when used; its
 * path goes into `lazy` (when given).
 */
const lazyStaysLazy = (lazy) => ({
  name: 'lazy-stays-lazy',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (a) => {
      if (a.kind !== 'dynamic-import') return undefined;
      lazy?.add(resolve(a.resolveDir, a.path));
      return { path: a.path, external: true };
    });
  },
});

/** The catalogs: a lazy import of one brings words, not code that asks for them. */
const CATALOGS = /[\\/]js[\\/]i18n[\\/]/;

/**
 * The code of `entry` and of every module it imports, lazily too (the quiz, which words
 * itself through the element's catalog), without the English words: what can ask for them.
 */
async function codeAskingForWords(entry) {
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
        lazyStaysLazy(lazy),
        {
          name: 'no-words',
          setup(b) {
            b.onLoad({ filter: CATALOG }, () => ({ contents: 'export default {};', loader: 'js' }));
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
 * Its English words are those that its code, or the code it imports lazily, can ask for
 * (the catalog holds every part's words: the pages', the export's, the story's).
 */
async function bundle(entry) {
  const catalog = await catalogFor(entry);
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

/** For the bundle of `entry`: the English catalog at a path, cut to what its code can ask for. */
async function catalogFor(entry) {
  const used = usedKeys(await codeAskingForWords(entry), pages);
  return async (path) => pruneCatalog((await import(pathToFileURL(path).href)).default, used);
}
const [from, to, ...rest] = process.argv.slice(2);
const bundled = new Set(
  rest
    .find((a) => a.startsWith('--bundle='))
    ?.slice('--bundle='.length)
    .split(',') ?? [],
);
const files = rest.filter((a) => !a.startsWith('--'));
/** The site's pages, for the keys their `data-i18n` marks name. */
const pages = await Promise.all(
  (await readdir(from, { recursive: true })).filter((f) => f.endsWith('.html')).map((f) => readFile(join(from, f), 'utf8')),
);
for (const file of files) {
  const text = bundled.has(file) ? await bundle(join(from, file)) : await readFile(join(from, file), 'utf8');
  let out;
  if (file.endsWith('.css')) {
    out = css(text);
  } else {
    out = (await minify(inlineCss(text), { module: true, compress: true, mangle: true })).code;
  }
  await mkdir(dirname(join(to, file)), { recursive: true });
  await writeFile(join(to, file), out);
}
