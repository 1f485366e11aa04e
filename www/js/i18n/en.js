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
  'export.heading': 'Export a picture or a clip',
  'export.png.heading': 'Picture (PNG)',
  'export.png.hint': 'The frame on screen at twice its resolution.',
  'export.opt.title': 'title',
  'export.opt.legend': 'legend',
  'export.opt.narration': 'narration',
  'export.opt.narration.clip': 'narration under the ring',
  'export.png.make': 'Make the PNG',
  'export.clip.heading': 'Clip (WebM or GIF)',
  'export.clip.hint': 'A range of steps at the size of step on screen, drawn off screen frame by frame: the page stays yours meanwhile.',
  'export.from': 'From step',
  'export.to': 'to step',
  'export.speed': { one: '{count} step a second', other: '{count} steps a second' },
  'export.fps': { one: '{count} frame a second', other: '{count} frames a second' },
  'export.codecs.yes': 'WebM plays in browsers and most video players; GIF goes where no video is allowed (it is larger).',
  'export.codecs.no':
    'This browser has no {api} video encoder (it needs a recent browser and a secure https page), so WebM cannot be made here: GIF works everywhere.',
  'export.clip.make': 'Make the clip',
  'export.cancel': 'Cancel',
  'export.progress': 'Clip progress',
  'export.close': 'Close',
  'export.download': 'Download {name} ({size} KB)',
  'export.range.backwards': '“To” comes before “from”.',
  'export.frames': { one: '{count} frame: {seconds} seconds.', other: '{count} frames: {seconds} seconds.' },
  'export.png.nogame': 'There is no game on screen yet: the picture can be made once one is shown.',
  'export.clip.nogame': 'There is no game on screen yet: the clip can be made once one is shown.',
  'export.drawing': 'Drawing…',
  'export.png.title': 'Ring of {n}: player 1 steps {s1}; player 2 steps {s2}. Step {step} of {length}.',
  'export.clip.title': 'Ring of {n}: player 1 steps {s1}; player 2 steps {s2}. Steps {from} to {to} of {length}.',
  'export.steps.sep': ', ',
  'export.png.ready': 'The picture is ready.',
  'export.png.failed': 'No picture: {reason}',
  'export.clip.preparing': 'Preparing the clip…',
  'export.clip.frame': 'Frame {k} of {count}',
  'export.clip.ready': 'The clip is ready.',
  'export.clip.cancelled': 'Cancelled.',
  'export.clip.failed': 'No clip: {reason}',
  'export.legend.unknown': 'Not decided yet',
  'export.error.nogame': 'no game on screen',
  'export.error.nothing': 'nothing is drawn yet',
  'export.error.stopped': 'the solver stopped',
  'export.error.nowebcodecs': 'this browser has no {api} video encoder: choose GIF',
  'export.error.novp': 'this browser cannot encode VP9 or VP8 video: choose GIF',

  // ---- story (story/*, loopy-story.js) --------------------------------------------------------
  'story.picture': 'A picture of the figure for this paragraph.',
  'story.goes': 'The figure goes to step {step} of {length}.',
  'story.page.title': 'A story told with Loopy',
  'story.page.fallback': 'The figure of this story: it needs {js}.',
  'story.iframe.title': 'Loopy: a story told with a figure that follows the text',
  'story.gran.events': 'events',
  'story.gran.resolutions': 'resolutions',
  'story.gran.layers': 'layers',
  'story.writer.heading': 'Write a story',
  'story.writer.hint':
    'Step through the solve with the controls above. Where a paragraph should go, type it here and add it: the reader will see the figure at this step, with this granularity and this selection, when the paragraph reaches the middle of the screen.',
  'story.writer.paragraph': 'The paragraph',
  'story.writer.add': 'Add a paragraph at this step',
  'story.writer.preview': 'Preview the story',
  'story.writer.preview.heading': 'Preview',
  'story.writer.html': 'The story for your post (HTML)',
  'story.writer.copy.html': 'Copy the story',
  'story.writer.iframe': 'Or an {iframe}, for hosts that take no scripts',
  'story.writer.copy.iframe': 'Copy the {iframe}',
  'story.writer.copied': 'Copied.',
  'story.writer.blocked': 'Copying is blocked here: select the text and press {keys}.',
  'story.writer.too.large': 'This game is too large to write into a story: choose a smaller one.',
  'story.writer.remove': 'Remove',
  'story.writer.at': 'At step {step} ({granularity}):',
  'story.writer.at.selected': 'At step {step} ({granularity}), with {selected} selected:',
  'story.writer.none': 'No paragraph yet.',
  'story.writer.empty': 'Type the paragraph first: it is what the reader reads while the figure shows this step.',
  'story.writer.added': 'Paragraph {count} added.',
};
