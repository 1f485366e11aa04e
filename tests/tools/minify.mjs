// minify.mjs: `node tests/tools/minify.mjs FROM TO file...`: each JS module minified with terser, each stylesheet with csso (for `cargo xtask dist`).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { minify as minifyCss } from 'csso';
import { minify } from 'terser';

// A stylesheet inside a module (the elements' shadow styles) is marked `/* css */ \`...\``;
// terser keeps template text as it is, so csso minifies it first. Only plain text: a
// template with `${...}` or an escape in it is left alone.
const INLINE_CSS = /\/\* css \*\/ `([^`$\\]*)`/g;
// Structural merging off: the rules stay in the order and groups they were written in.
const css = (text) => minifyCss(text, { restructure: false }).css;

const [from, to, ...files] = process.argv.slice(2);
for (const file of files) {
  const text = await readFile(join(from, file), 'utf8');
  let out;
  if (file.endsWith('.css')) {
    out = css(text);
  } else {
    const code = text.replace(INLINE_CSS, (_, sheet) => `\`${css(sheet)}\``);
    out = (await minify(code, { module: true, compress: true, mangle: true })).code;
  }
  await mkdir(dirname(join(to, file)), { recursive: true });
  await writeFile(join(to, file), out);
}
