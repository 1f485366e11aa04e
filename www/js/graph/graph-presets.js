// graph-presets.js: the graph mode's presets, as the texts a visitor could have typed (the core reads them like any other); its random graphs are the core's (randomGraph).

/**
 * The presets: `name` (English; the page names them in the reader's words by their `id`),
 * `noteKey` (the catalog's key of what the text's comment lines say: `presetText`) and the
 * `text` in English.
 */
export const GRAPH_PRESETS = [
  {
    id: 'goal-sample',
    name: 'Luogu P6560 sample: queries with a goal',
    text: '8 9 4\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n2 6\n7 8\n8 7\n1 6\n3 5\n7 6\n4 1\n',
  },
  {
    id: 'dag-sample',
    name: 'Tyvj 1371 sample: the escape game (dag)',
    text: '5 5 1\n1 2\n1 3\n2 4\n4 5\n3 5\n',
  },
  {
    id: 'tree-sample',
    name: 'AGC010F sample 2: stones on a tree (tree)',
    text: '5\n5 4 1 2 3\n1 2\n1 3\n2 4\n2 5\n',
  },
  {
    id: 'cycle',
    name: 'A cycle with one exit',
    noteKey: 'graph.preset.cycle.note',
    text: `# A cycle with one exit: 1 → 2 → 3 → 4 → 5 → 1, and 3 may leave to 6.
# 7 has no move (Lose), so 6 wins by moving there, and leaving the cycle
# hands the opponent that Win. Nobody on the cycle can force a win: draws.
1 2
2 3
3 4
4 5
5 1
3 6
6 7
start 1
`,
  },
  {
    id: 'subtraction',
    name: 'Subtraction game {1, 3, 4} (SG values)',
    noteKey: 'graph.preset.subtraction.note',
    values: 'grundy',
    text: `# Take 1, 3 or 4 counters from a heap; whoever cannot move loses.
# Vertex v is a heap of v − 1 counters (vertex 1: the empty heap).
# Its Sprague-Grundy values repeat 0, 1, 0, 1, 2, 3, 2 with period 7.
2 1
3 2
4 3
4 1
5 4
5 2
5 1
6 5
6 3
6 2
7 6
7 4
7 3
8 7
8 5
8 4
9 8
9 6
9 5
10 9
10 7
10 6
11 10
11 8
11 7
12 11
12 9
12 8
13 12
13 10
13 9
start 13
`,
  },
  {
    id: 'ring',
    name: 'Ring sample 1 as its state graph',
    noteKey: 'graph.preset.ring.note',
    text: `# The ring game n = 5, player 1's steps {2, 3}, player 2's {1, 2, 3},
# drawn as a graph of its states: vertex 1 + i is player 1 to move at
# position i, vertex 6 + i is player 2 to move at i. Vertices 1 and 6 are
# the hole: no move there (whoever moved onto it has won).
2 9
2 10
3 10
3 6
4 6
4 7
5 7
5 8
7 3
7 4
7 5
8 4
8 5
8 1
9 5
9 1
9 2
10 1
10 2
10 3
`,
  },
];

/**
 * A preset's text with its comment lines in the reader's words `w`: the note, one `# ` line
 * per line of it, in place of the English comment (the graph itself is the same text).
 */
export function presetText(w, p) {
  if (!p.noteKey || !w.has(p.noteKey)) return p.text;
  const note = w
    .t(p.noteKey)
    .split('\n')
    .map((line) => `# ${line}`);
  return [...note, ...p.text.split('\n').filter((line) => !line.startsWith('#'))].join('\n');
}
