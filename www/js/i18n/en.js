// i18n/en.js: every word the reader sees or hears, in English (the catalog every other falls back to); one section per part of the program.

export default {
  $code: 'en',
  $name: 'English',

  // ---- terms: the values' names, as every sentence refers to them ({=term.win}) -------------
  'term.win': 'Win',
  'term.win@pn': 'N-position',
  'term.lose': 'Lose',
  'term.lose@pn': 'P-position',
  'term.loop': 'Loop',
  'term.draw': 'Draw',

  // ---- element core (element/*) ---------------------------------------------------------------

  // ---- ring (ring/*, loopy-ring.js) -----------------------------------------------------------

  // ---- graph (graph/*, loopy-graph.js) --------------------------------------------------------

  // ---- errors, by the core's code (error.CODE) ------------------------------------------------

  // ---- pages (page/*, index.html, graph.html) -------------------------------------------------

  // ---- export (export/*) ----------------------------------------------------------------------

  // ---- story (story/*, loopy-story.js) --------------------------------------------------------
};
