// durations.mjs: a node:test reporter (`node --test --test-reporter=./tests/tools/durations.mjs`) that prints, once the
// run is over, how long each test file's tests took and its slowest test, the longest first: where `cargo xtask test`'s
// browser phase spends its time (the order of NODE_FIRST in xtask/src/test.rs comes from it). A figure, never a verdict.

/** Seconds, to one decimal. */
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(6);

export default async function* durations(source) {
  const files = new Map(); // file -> { ms, tests, slowest: { name, ms } }
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const { file, name, details } = event.data;
    const ms = details?.duration_ms ?? 0;
    const f = files.get(file) ?? { ms: 0, tests: 0, slowest: { name: '', ms: 0 } };
    f.ms += ms;
    f.tests += 1;
    if (ms > f.slowest.ms) f.slowest = { name, ms };
    files.set(file, f);
  }
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, f]) => sum + f.ms, 0);
  yield `\nnode tests: seconds per file (its tests one after another; the slowest test), ${seconds(total).trim()} s in all\n\n`;
  for (const [file, f] of rows) {
    const name = (file ?? '?').replace(/^.*[\\/]tests[\\/]/, 'tests/');
    yield `${seconds(f.ms)}  ${name.padEnd(32)} ${String(f.tests).padStart(3)} tests; slowest ${seconds(f.slowest.ms).trim()} s: ${f.slowest.name.slice(0, 90)}\n`;
  }
  yield '\n';
}
