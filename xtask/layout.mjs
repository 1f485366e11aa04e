// xtask/layout.mjs: `node xtask/layout.mjs MODULE DIR` writes DIR/layout.js from the wasm module built in MODULE (the whole one) (see write_layout in src/build.rs).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const [module, dir] = process.argv.slice(2);
const glue = await import(pathToFileURL(join(module, 'loopy.js')).href);
glue.initSync({ module: readFileSync(join(module, 'loopy_bg.wasm')) });
const text = JSON.stringify(glue.layout(), null, 2);
writeFileSync(join(dir, 'layout.js'), `// pkg/layout.js: the core's layout() (crate/src/layout.rs), written by cargo xtask build; do not edit.

const freeze = (o) => {
  for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) freeze(v);
  return Object.freeze(o);
};

/** Every code, bit layout and limit of the core that the JS reads. */
export const LAYOUT = freeze(${text});
`);
