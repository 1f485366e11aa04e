// minify.mjs: `node tests/tools/minify.mjs FROM TO [--bundle=a.js,b.js] file...`: modules minified with terser (the --bundle ones first bundled with esbuild, each with the English words it uses), stylesheets with csso (for `cargo xtask dist`).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
      if (CATALOG.test(a.path)) return { contents: `export default ${JSON.stringify(catalog(a.path))};`, loader: 'js' };
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

/** What a lazy `import('...')` loads stays a file of its own, loaded only when used. */
const lazyStaysLazy = {
  name: 'lazy-stays-lazy',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined));
  },
};

/**
 * A module with every module it imports statically, as one file (a reader's browser then
 * makes one request, and one gzip stream compresses better than many). Paths found from
 * `import.meta.url` stay relative to the entry, so the bundle goes where the entry was.
 */
async function bundle(entry) {
  const once = async (catalog) => {
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      write: false,
      target: 'es2022',
      plugins: [lazyStaysLazy, readBundled(entry, catalog)],
      logLevel: 'error',
    });
    return out.outputFiles[0].text;
  };
  // First without the English words, to see which keys the bundle's code names; then with
  // those (the catalog holds every part's words: the pages', the export's, the story's).
  let path = null;
  const code = await once((p) => {
    path = p;
    return { $code: 'en' };
  });
  if (path === null) return code;
  const { default: en } = await import(pathToFileURL(path).href);
  return once(() => pruneCatalog(en, usedKeys(code, pages)));
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
