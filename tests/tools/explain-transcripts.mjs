// explain-transcripts.mjs: prints what the popup and the inspector say about every state of
// both ring samples and every vertex of the graph page's samples and presets (at the start,
// midway and at the end of the run; graphs also with SG values shown), for comparing the
// words before and after a change. Run with a server up (cargo xtask serve):
//   LOOPY_URL=http://127.0.0.1:8134/ node tests/tools/explain-transcripts.mjs > out.txt

import { GRAPH_PRESETS } from '../../www/js/graph/graph-presets.js';
import { launchBrowser, openPage, TIMEOUT } from '../browser.mjs';
import { gameQuery, openLoopy, waitReady } from '../page-helpers.mjs';

const out = [];
const say = (line) => out.push(line);

/** Polls `describe` in the page until it answers (the moves may be fetched first). */
async function described(page, selector, args) {
  await page.waitForFunction(
    ({ selector, args }) => document.querySelector(selector).describe(...args) !== null,
    { selector, args },
    { timeout: TIMEOUT },
  );
  return page.evaluate(({ selector, args }) => document.querySelector(selector).describe(...args), { selector, args });
}

function words(d) {
  const lines = [`  title: ${d.title}`, `  value: ${d.value}`, `  live: ${d.live}`, `  best: ${d.best}`, `  why: ${d.why}`];
  if (d.sg) lines.push(`  sg: ${d.sg}`);
  lines.push(`  moves: ${d.moves.map((m) => m.text).join(' | ')}`);
  lines.push(`  buttons: ${d.moves.map((m) => m.title ?? '').join(' | ')}`);
  return lines;
}

const browser = await launchBrowser();
try {
  for (const [n, s1, s2] of [
    [5, [2, 3], [1, 2, 3]],
    [8, [2, 3, 4, 6], [3, 6]],
  ]) {
    const { page, context } = await openLoopy(browser, gameQuery(n, s1, s2));
    const length = await page.evaluate(() => document.querySelector('loopy-ring').length);
    for (const step of [0, Math.floor(length / 2), length]) {
      await page.evaluate((m) => document.querySelector('loopy-ring').seek(m), step);
      await waitReady(page, { step });
      for (const quiz of step === Math.floor(length / 2) ? [false, true] : [false]) {
        await page.evaluate((q) => {
          document.querySelector('loopy-ring').quiz = q;
        }, quiz);
        for (let p = 1; p <= 2; p++) {
          for (let pos = 1; pos < n; pos++) {
            say(`ring n=${n} s1=${s1} s2=${s2} step ${step}/${length}${quiz ? ' quiz' : ''} state (${p}, ${pos})`);
            out.push(...words(await described(page, 'loopy-ring', [p, pos])));
          }
        }
      }
      await page.evaluate(() => {
        document.querySelector('loopy-ring').quiz = false;
      });
    }
    // The inspector panel itself, state by state, at the end.
    for (let p = 1; p <= 2; p++) {
      for (let pos = 1; pos < n; pos++) {
        await page.evaluate(([p, pos]) => document.querySelector('loopy-ring').select(p, pos), [p, pos]);
        await page.waitForFunction((t) => document.getElementById('insp-body').textContent.includes(t), `Player ${p} to move, token at ${pos}`);
        say(`ring n=${n} inspector (${p}, ${pos}): ${await page.textContent('#insp-body')}`);
      }
    }
    await context.close();
  }

  const { page, context } = await openPage(browser, './graph.html');
  const ready = (after) =>
    page.waitForFunction(
      (after) => {
        const el = document.querySelector('loopy-graph');
        return el?.game && el.state === 'ready' && (after === undefined || el.frameCount > after);
      },
      after,
      { timeout: TIMEOUT, polling: 'raf' },
    );
  await ready();
  const frame = () => page.evaluate(() => document.querySelector('loopy-graph').frameCount);
  const dump = async (label) => {
    const length = await page.evaluate(() => document.querySelector('loopy-graph').length);
    for (const step of [0, Math.floor(length / 2), length]) {
      const f = await frame();
      await page.evaluate((m) => document.querySelector('loopy-graph').seek(m), step);
      await page.waitForFunction(
        (m) => document.querySelector('loopy-graph').step === m && document.querySelector('loopy-graph').state === 'ready',
        step,
        {
          timeout: TIMEOUT,
        },
      );
      void f;
      const n = await page.evaluate(() => document.querySelector('loopy-graph').game.n);
      for (const values of ['depth', 'grundy']) {
        await page.evaluate((v) => {
          document.querySelector('loopy-graph').values = v;
        }, values);
        if (values === 'grundy')
          await page.waitForFunction(() => document.querySelector('loopy-graph').grundy() !== null, null, { timeout: TIMEOUT });
        for (let v = 1; v <= n; v++) {
          // K of an ∞ vertex is fetched on first ask: ask twice, the second answer is complete.
          await described(page, 'loopy-graph', [v]);
          await page.waitForTimeout(values === 'grundy' ? 30 : 0);
          say(`graph ${label} step ${step}/${length} values ${values} vertex ${v}`);
          out.push(...words(await described(page, 'loopy-graph', [v])));
        }
      }
    }
    const n = await page.evaluate(() => document.querySelector('loopy-graph').game.n);
    for (let v = 1; v <= n; v++) {
      await page.evaluate((v) => document.querySelector('loopy-graph').select(v), v);
      await page.waitForFunction((t) => document.getElementById('insp-body').textContent.includes(t), `Vertex ${v}`);
      say(`graph ${label} inspector ${v}: ${await page.textContent('#insp-body')}`);
    }
  };
  await dump('goal-sample query 1');
  for (const q of [1, 2, 3]) {
    const f = await frame();
    await page.selectOption('#graph-pick', String(q));
    await ready(f);
    await dump(`goal-sample query ${q + 1}`);
  }
  for (const id of ['dag-sample', 'cycle', 'subtraction']) {
    const f = await frame();
    await page.getByRole('button', { name: GRAPH_PRESETS.find((p) => p.id === id).name, exact: true }).click();
    await ready(f);
    await dump(id);
  }
  await context.close();
} finally {
  await browser.close();
}
process.stdout.write(`${out.join('\n')}\n`);
