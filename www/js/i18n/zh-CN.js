// i18n/zh-CN.js: every word the reader sees or hears, in Simplified Chinese, in the terms of ../shared/spec/glossary-zh.md; loaded only when a reader's language is Chinese.

export default {
  $code: 'zh-CN',
  $name: '简体中文',

  // ---- terms: the values' names, as every sentence refers to them ({=term.win}) -------------
  'term.win': '必胜态',
  'term.win@pn': 'N态',
  'term.lose': '必败态',
  'term.lose@pn': 'P态',
  'term.loop': '循环',
  'term.draw': '平局',

  // ---- element core (element/*) ---------------------------------------------------------------

  // ---- ring (ring/*, loopy-ring.js) -----------------------------------------------------------

  // ---- graph (graph/*, loopy-graph.js) --------------------------------------------------------

  // ---- errors, by the core's code (error.CODE) ------------------------------------------------

  // ---- pages (page/*, index.html, graph.html) -------------------------------------------------

  // ---- export (export/*) ----------------------------------------------------------------------

  // ---- story (story/*, loopy-story.js) --------------------------------------------------------
};
