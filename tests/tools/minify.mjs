// minify.mjs: `node tests/tools/minify.mjs FROM TO file...`: each JS module minified with terser (for `cargo xtask dist`).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { minify } from 'terser';

const [from, to, ...files] = process.argv.slice(2);
for (const file of files) {
  const code = await readFile(join(from, file), 'utf8');
  const out = await minify(code, { module: true, compress: true, mangle: true });
  await mkdir(dirname(join(to, file)), { recursive: true });
  await writeFile(join(to, file), out.code);
}
