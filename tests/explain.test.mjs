// The words of the popup and the inspector for every state of both ring samples and every
// vertex of the graph samples, against transcripts (tests/transcripts/explain-*.txt): the
// core says why (Solution.explain, GraphSolution.explain; crate/tests/explain.rs holds
// those facts to an independent oracle), and explain.js / graph-explain.js only put them
// into words. A change of words shows up here as a diff to review; to accept one, run with
// UPDATE_TRANSCRIPTS=1 and commit the new transcript. The values and best moves the words
// give are also checked against the worked examples of docs/rules.md.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { test } from 'node:test';
import { registerTranslation, setCatalogCheck, words as wordsIn } from '../www/js/element/i18n.js';
import { GRAPH_INSPECT_WORDS, GRAPH_NARRATE_WORDS } from '../www/js/graph/graph-explain.js';
import { inspector as graphInspector } from '../www/js/graph/graph-inspect.js';
import { narrator as graphNarrator } from '../www/js/graph/graph-narrate.js';
import zh from '../www/js/i18n/zh-CN.js';
import { INSPECT_WORDS } from '../www/js/ring/explain.js';
import { inspector } from '../www/js/ring/inspect.js';

const narrateGraph = graphNarrator(GRAPH_NARRATE_WORDS).narrate;

const { describe: describeVertex } = graphInspector(GRAPH_INSPECT_WORDS);
// registerTranslation checks a catalog with this module, as an entry tells it to.
setCatalogCheck(() => import('../www/js/element/catalog-check.js'));

const { describe: describeState } = inspector(INSPECT_WORDS);
const pkg = new URL('../www/pkg/graphs/', import.meta.url);
const core = await import(new URL('loopy.js', pkg));
core.initSync({ module: await readFile(new URL('loopy_bg.wasm', pkg)) });
const layout = core.layout();

/** Compares `lines` with transcript `file` (or writes it, with UPDATE_TRANSCRIPTS=1). */
async function transcript(file, lines) {
  const url = new URL(`transcripts/${file}`, import.meta.url);
  const text = `${lines.join('\n')}\n`;
  if (process.env.UPDATE_TRANSCRIPTS) await writeFile(url, text);
  const expected = (await readFile(url, 'utf8')).split('\n');
  const got = text.split('\n');
  for (let k = 0; k < Math.max(expected.length, got.length); k++) assert.equal(got[k], expected[k], `${file} line ${k + 1}`);
}

/** Every field a visitor reads, as lines. */
function words(d) {
  const lines = [`  title: ${d.title}`, `  value: ${d.value}`, `  live: ${d.live}`, `  best: ${d.best}`, `  why: ${d.why}`];
  if (d.sg) lines.push(`  sg: ${d.sg}`);
  if (d.optimal) lines.push(`  optimal: ${d.optimal}`);
  lines.push(`  moves: ${d.moves.map((m) => `${m.text}${m.title ? ` [${m.title}]` : ''}`).join(' | ')}`);
  return lines;
}

// docs/rules.md, "Worked example": value and depth of every state, player 1's row first.
const RING_SAMPLES = [
  [5, [2, 3], [1, 2, 3], ['Lose 2', 'Win 1', 'Win 1', 'Loop'], ['Loop', 'Win 1', 'Win 1', 'Win 1']],
  [
    8,
    [2, 3, 4, 6],
    [3, 6],
    ['Win 3', 'Win 1', 'Win 3', 'Win 1', 'Win 1', 'Win 1', 'Win 5'],
    ['Lose 6', 'Win 1', 'Lose 4', 'Lose 6', 'Win 1', 'Lose 4', 'Lose 2'],
  ],
];

/** The popup's words for every state of both ring samples, in words `w`; `check`: also hold the English values to docs/rules.md. */
function ringLines(w, check) {
  const lines = [];
  for (const [n, s1, s2, ...rows] of RING_SAMPLES) {
    const sol = core.solve(n, s1, s2);
    const run = new core.Propagation(n, s1, s2, 'events');
    const g = { n, layout };
    try {
      for (const [label, at] of [
        ['the end', run.length],
        ['midway', Math.floor(run.length / 2)],
      ]) {
        run.seek(at);
        const snap = run.snapshot();
        for (const quiz of label === 'midway' ? [false, true] : [false]) {
          for (const p of [1, 2]) {
            for (let i = 1; i < n; i++) {
              const d = describeState(g, sol.explain(p, i), snap, run.done, quiz, w);
              lines.push(`ring n=${n} s1=${s1} s2=${s2} at ${label}${quiz ? ' (quiz)' : ''}: state (${p}, ${i})`, ...words(d));
              if (label !== 'the end' || !check) continue;
              const [word, depth] = rows[p - 1][i - 1].split(' ');
              assert.equal(d.value.split(':')[0].split(' (')[0], word === 'Loop' ? 'Loop' : `${word} in ${depth} move${depth === '1' ? '' : 's'}`);
            }
          }
        }
      }
    } finally {
      run.free();
      sol.free();
    }
  }
  return lines;
}

test('the popup and inspector words for every state of both ring samples', async () => {
  await transcript('explain-ring.txt', ringLines(wordsIn('en'), true));
});

test('the popup and inspector words for every state of both ring samples in Chinese, and in P/N terms in both languages', async () => {
  await registerTranslation(zh);
  for (const [lang, terms, file] of [
    ['zh-CN', 'wl', 'explain-ring.zh-CN.txt'],
    ['en', 'pn', 'explain-ring.pn.txt'],
    ['zh-CN', 'pn', 'explain-ring.zh-CN.pn.txt'],
  ]) {
    const lines = ringLines(wordsIn(lang, terms), false);
    await transcript(file, lines);
    const text = lines.join('\n');
    // The values are the terms' words, never the other terms'; no Latin word in Chinese (the transcript's own labels aside).
    if (terms === 'pn') assert.doesNotMatch(text, lang === 'en' ? /\b(Win|Lose)\b/ : /必胜态|必败态/, file);
    else assert.doesNotMatch(text.replace(/^ring n=.*$/gm, '').replace(/^ {2}\w+: /gm, ''), /[A-Za-z]{2,}/, file);
  }
});

const GOAL_SAMPLE = { n: 8, from: [1, 2, 3, 3, 4, 5, 2, 7, 8], to: [2, 3, 1, 4, 5, 6, 6, 8, 7] };

test('the popup and inspector words for every vertex of the graph samples, with SG values and the optimal-play set', async () => {
  const graphs = [
    // The goal sample's four queries (start, goal), then the dag sample from 1, then the
    // examples of docs/rules.md with cycles.
    ...[
      [1, 6],
      [3, 5],
      [7, 6],
      [4, 1],
    ].map(([start, goal]) => ({ label: `goal sample, start ${start}, goal ${goal}`, ...GOAL_SAMPLE, goal, start })),
    { label: 'dag sample', n: 5, from: [1, 1, 2, 4, 3], to: [2, 3, 4, 5, 5], start: 1 },
    { label: '1 <-> 2, 2 -> 3', n: 3, from: [1, 2, 2], to: [2, 1, 3], start: 1 },
    { label: '1 <-> 2, 3 -> 1, 3 -> 4', n: 4, from: [1, 2, 3, 3], to: [2, 1, 1, 4], start: 3 },
  ];
  const lines = [];
  for (const x of graphs) {
    const sol = core.solveGraph(x.n, x.from, x.to, x.goal ? { goal: x.goal } : undefined);
    const run = new core.GraphPropagation(x.n, x.from, x.to, x.goal ? { goal: x.goal } : undefined);
    try {
      run.seek(run.length);
      const snap = run.snapshot();
      for (let v = 1; v <= x.n; v++) {
        const d = describeVertex({ layout }, sol.explain(v, x.start, true), snap, true, false, true);
        lines.push(`graph ${x.label}: vertex ${v}`, ...words(d));
      }
    } finally {
      run.free();
      sol.free();
    }
  }
  await transcript('explain-graph.txt', lines);
  // docs/rules.md's table for the goal sample with goal 6: value, depth and best move.
  const sol = core.solveGraph(GOAL_SAMPLE.n, GOAL_SAMPLE.from, GOAL_SAMPLE.to, { goal: 6 });
  const table = ['Lose 2 2', 'Win 1 6', 'Win 3 1', 'Lose 2 5', 'Win 1 6', 'Lose 0 none', 'Draw 8', 'Draw 7'];
  for (let v = 1; v <= 8; v++) {
    const d = describeVertex({ layout }, sol.explain(v), undefined, true);
    const [word, depth, best] = table[v - 1].split(' ');
    if (word === 'Draw') {
      assert.match(d.value, /^Draw/);
      assert.equal(d.bestStep, Number(depth));
    } else {
      assert.equal(d.value.split(':')[0], `${word} in ${depth} move${depth === '1' ? '' : 's'}`);
      assert.equal(d.bestStep, best === 'none' ? undefined : Number(best));
    }
  }
  sol.free();
});

await registerTranslation(zh);

/**
 * The graph spec samples (graph-games.md: the goal sample's four queries, the dag sample)
 * as a reader in language `lang` under `terms` reads them: the narration of every event,
 * then at the end every vertex's account (with SG values and the optimal-play set), and
 * midway every vertex's live line and the quiz's hidden account.
 */
function graphTranscript(lang, terms) {
  const w = wordsIn(lang, terms);
  const samples = [
    ...[
      [1, 6],
      [3, 5],
      [7, 6],
      [4, 1],
    ].map(([start, goal]) => ({ label: `goal sample, start ${start}, goal ${goal}`, ...GOAL_SAMPLE, goal, start })),
    { label: 'dag sample', n: 5, from: [1, 1, 2, 4, 3], to: [2, 3, 4, 5, 5], start: 1 },
  ];
  const lines = [];
  for (const x of samples) {
    const opts = x.goal ? { goal: x.goal } : undefined;
    const sol = core.solveGraph(x.n, x.from, x.to, opts);
    const run = new core.GraphPropagation(x.n, x.from, x.to, opts);
    // A vertex's number of moves, from the edge list itself.
    const moves = new Map();
    for (const u of x.from) moves.set(u, (moves.get(u) ?? 0) + 1);
    const g = { n: x.n, goal: x.goal ?? 0, out: sol.outcomes(), dep: sol.depths(), layout, moveCount: (v) => moves.get(v) ?? 0 };
    try {
      lines.push(`graph ${x.label}: narration`, `  0: ${narrateGraph(g, undefined, w)}`);
      for (let ev = run.next(), k = 1; ev; ev = run.next(), k++) lines.push(`  ${k}: ${narrateGraph(g, ev, w)}`);
      for (let v = 1; v <= x.n; v++) {
        const d = describeVertex({ layout }, sol.explain(v, x.start, true), run.snapshot(), true, false, true, w);
        lines.push(`graph ${x.label}: vertex ${v}`, ...words(d));
      }
      run.seek(Math.floor(run.length / 2));
      const snap = run.snapshot();
      for (let v = 1; v <= x.n; v++) {
        const f = sol.explain(v, x.start, true);
        const d = describeVertex({ layout }, f, snap, false, false, false, w);
        const q = describeVertex({ layout }, f, snap, false, true, false, w);
        lines.push(`graph ${x.label}: midway, vertex ${v}`, `  live: ${d.live}`);
        if (q.hidden) lines.push(`  quiz: ${q.value} | ${q.best} | ${q.why} | ${q.live}`);
      }
    } finally {
      run.free();
      sol.free();
    }
  }
  return lines;
}

test('the graph samples’ narration and words in English and Chinese, with the Win / Lose terms and with P / N positions', async () => {
  for (const [lang, terms, file] of [
    ['en', 'wl', 'explain-graph-narration.txt'],
    ['en', 'pn', 'explain-graph-narration.pn.txt'],
    ['zh-CN', 'wl', 'explain-graph-narration.zh-CN.txt'],
    ['zh-CN', 'pn', 'explain-graph-narration.zh-CN.pn.txt'],
  ]) {
    await transcript(file, graphTranscript(lang, terms));
  }
  // docs/rules.md's table for the goal sample with goal 6, as each reader reads it: the
  // value's term and its depth, and the best move.
  const sol = core.solveGraph(GOAL_SAMPLE.n, GOAL_SAMPLE.from, GOAL_SAMPLE.to, { goal: 6 });
  const table = ['Lose 2 2', 'Win 1 6', 'Win 3 1', 'Lose 2 5', 'Win 1 6', 'Lose 0 none', 'Draw 8', 'Draw 7'];
  const term = {
    'en wl': { Win: 'Win in', Lose: 'Lose in', Draw: 'Draw' },
    'en pn': { Win: 'N-position, won in', Lose: 'P-position, lost in', Draw: 'Draw' },
    'zh-CN wl': { Win: '必胜态，步数', Lose: '必败态，步数', Draw: '平局' },
    'zh-CN pn': { Win: 'N态，步数', Lose: 'P态，步数', Draw: '平局' },
  };
  for (const [reader, said] of Object.entries(term)) {
    const w = wordsIn(...reader.split(' '));
    for (let v = 1; v <= 8; v++) {
      const d = describeVertex({ layout }, sol.explain(v), undefined, true, false, false, w);
      const [word, depth, best] = table[v - 1].split(' ');
      assert.ok(d.value.startsWith(said[word]), `${reader}: vertex ${v} is ${word}: ${d.value}`);
      if (word !== 'Draw') assert.match(d.value, new RegExp(`^${said[word]} ?${depth}\\b`), `${reader}: vertex ${v} lasts ${depth}`);
      assert.equal(d.bestStep, best === 'none' ? undefined : Number(word === 'Draw' ? depth : best));
      if (reader.startsWith('zh'))
        assert.doesNotMatch(`${d.title}${d.value}${d.why}${d.best}${d.live ?? ''}`, /[A-Za-z]{3,}/, `${reader}: no English`);
    }
  }
  sol.free();
});

test('a vertex of 100,000 moves: its facts list 64 and its words say how many there are in all, in English and Chinese', () => {
  // A transitive tournament on 2 ..= 71 (vertex i of SG value 71 - i; 71 has no move),
  // 50 2-cycles on 72 ..= 171 (draws of value ∞(∅)); vertex 1 moves to all of 2 ..= 171
  // and vertex 172 to all but 71 (so it reaches no loss), 100,000 moves each.
  const from = [];
  const to = [];
  const edge = (u, v) => {
    from.push(u);
    to.push(v);
  };
  for (let i = 2; i <= 71; i++) for (let j = i + 1; j <= 71; j++) edge(i, j);
  for (let a = 72; a <= 171; a += 2) {
    edge(a, a + 1);
    edge(a + 1, a);
  }
  const targets = Array.from({ length: 170 }, (_, k) => k + 2);
  const draws = targets.filter((w) => w !== 71);
  for (let k = 0; k < 100_000; k++) {
    edge(1, targets[k % targets.length]);
    edge(172, draws[k % draws.length]);
  }
  const sol = core.solveGraph(172, Uint32Array.from(from), Uint32Array.from(to));
  try {
    const f = sol.explain(1, undefined, true);
    assert.equal(f.moveCount, 100_000);
    assert.equal(f.moves.length, 64);
    assert.ok(JSON.stringify(f).length < 50_000, `${JSON.stringify(f).length} characters`);
    assert.deepEqual(
      [f.grundy.kind, f.grundy.kCount, f.grundy.k.length, f.grundy.infiniteCount, f.grundy.unansweredCount],
      ['infinite', 70, 64, 100, 100],
    );
    const en = describeVertex({ layout }, f, undefined, true, false, true);
    assert.equal(en.moveCount, 100_000);
    assert.match(en.sg, /K = \{0, 1, 2, .*, 63, …\} \(70 values in all\)/);
    assert.match(en.sg, /→ 72, → 73, → 74, … \(100 moves in all\)/);
    const zhWords = describeVertex({ layout }, f, undefined, true, false, true, wordsIn('zh-CN'));
    assert.match(zhWords.sg, /（共 70 个值）/);
    const g = sol.explain(172, undefined, true);
    assert.equal(g.outcome, 'Loop');
    const count =
      draws.filter((w) => w >= 72).length * Math.floor(100_000 / draws.length) + draws.slice(0, 100_000 % draws.length).filter((w) => w >= 72).length;
    assert.deepEqual([g.reason.count, g.reason.draws.length], [count, 32]);
    const d = describeVertex({ layout }, g, undefined, true);
    assert.match(d.why, new RegExp(`But → 72, → 73, → 74, … \\(${count.toLocaleString('en')} moves in all\\) are Draws`));
  } finally {
    sol.free();
  }
});

test('a vertex out of the optimal-play set, refused by 100 vertices: the words name a few and say how many', () => {
  // 1 moves to each of 2 ..= 101, which win by moving to the dead end 103, never to 102.
  const from = [102];
  const to = [103];
  for (let k = 2; k <= 101; k++) {
    from.push(1, k, k);
    to.push(k, 102, 103);
  }
  const sol = core.solveGraph(103, from, to);
  try {
    const f = sol.explain(102, 1);
    assert.deepEqual([f.optimal.kind, f.optimal.refused.length, f.optimal.refusedCount], ['out', 64, 100]);
    const d = describeVertex({ layout }, f, undefined, true);
    assert.equal(
      d.optimal,
      'Not in the optimal-play set from 1: correct play never moves here (2 → 102, 3 → 102, 4 → 102, 5 → 102, 6 → 102, 7 → 102, … (100 moves in all) would hand the opponent a win).',
    );
  } finally {
    sol.free();
  }
});

test('a vertex at the end of a long correct play: the words give the two ends of the play and its length, in English and Chinese', () => {
  // A chain 1 -> 2 -> ... -> 200 (200 a dead end): every vertex is reached from 1, in v - 1 moves.
  const from = Array.from({ length: 199 }, (_, k) => k + 1);
  const to = from.map((v) => v + 1);
  const sol = core.solveGraph(200, from, to);
  try {
    const f = sol.explain(200, 1);
    assert.deepEqual([f.optimal.kind, f.optimal.path.length, f.optimal.rest.length, f.optimal.moves], ['reached', 32, 32, 199]);
    const d = describeVertex({ layout }, f, undefined, true);
    assert.match(d.optimal, /^In the optimal-play set from 1: correct play can go 1 → 2 → .* → 32 → … → 169 → .* → 200 \(199 moves\)\.$/);
    const zh = describeVertex({ layout }, f, undefined, true, false, false, wordsIn('zh-CN'));
    assert.match(zh.optimal, /32 → … → 169 .*（共 199 步）/);
    const short = describeVertex({ layout }, sol.explain(5, 1), undefined, true);
    assert.equal(short.optimal, 'In the optimal-play set from 1: correct play can go 1 → 2 → 3 → 4 → 5.');
  } finally {
    sol.free();
  }
});
