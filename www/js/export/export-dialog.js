// export-dialog.js: the page's "Export" dialog for its <loopy-ring> or <loopy-graph>: a PNG slide (16:9) or the frame on screen, or a WebM or GIF clip of a range of steps, with progress and cancel, in the page's language (the picture in the element's).

import { addCatalogLoader, Localizer } from '../element/i18n.js';
import { h } from '../element/style.js';
import { SPEEDS } from '../element/url.js';
import { exportErrorText } from './errors.js';
import { clipFrames, hasWebCodecs, renderClip, subjectOf } from './export.js';
import { framePNG } from './picture.js';

// A module of its own, loaded when first used: under `cargo xtask dist` it has its own copy of
// element/i18n.js (the page's is inside the page's bundle), which must know where the Chinese words are.
addCatalogLoader('zh-CN', () => import('../i18n/zh-CN.js'));

/** Slides first (16:9, the drawing filling the height: what a teacher presents), then squares (a post's figure). */
const SIZES = [
  [1280, 720],
  [1920, 1080],
  [480, 480],
  [720, 720],
  [1080, 1080],
];
/** A PNG's shapes: the slides, and (a ring's) the frame on screen at twice its resolution, as tall as its words need. */
const PNG_SLIDES = SIZES.slice(0, 2);
const RATES = [10, 15, 25, 30];
const CLIP_SPEEDS = SPEEDS.filter((s) => s <= 1e5);

/**
 * Opens the dialog for `el` (the page's `<loopy-ring>` or `<loopy-graph>`); `onClose()` when
 * it closes. Resolves to it.
 */
export async function openExport(el, onClose) {
  let dialog = document.getElementById('export-dialog');
  if (!dialog) {
    dialog = build(el, await subjectOf(el));
    document.body.append(dialog);
    dialog.words.connect();
    dialog.addEventListener('close', () => onClose());
  }
  dialog.refresh();
  dialog.showModal();
  return dialog;
}

function build(el, subject) {
  // The dialog's own words follow the page's language (its <html lang>, or the lang around
  // the dialog), and every text is said again when it changes; what the picture draws is
  // in the element's words (its language and terms), as the element itself speaks.
  const said = [];
  /** Node `node` shows message `key` (with `params()`) in property `prop`, now and after each change of language. */
  const say = (node, key, params = () => ({}), prop = 'textContent') => {
    said.push({ node, key, params, prop });
    return node;
  };
  const text = (key, params) => say(document.createTextNode(''), key, params);
  const option = (select, value, key, params) => {
    const o = new Option('', String(value));
    select.add(o);
    say(o, key, params, 'text');
  };
  const ui = {
    title: h('input', { type: 'checkbox', id: 'export-title', checked: true }),
    legend: h('input', { type: 'checkbox', id: 'export-legend', checked: true }),
    narration: h('input', { type: 'checkbox', id: 'export-narration', checked: true }),
    pngSize: h('select', { id: 'export-png-size' }),
    png: say(h('button', { type: 'button', id: 'export-png', className: 'primary' }), 'export.png.make'),
    from: h('input', { type: 'number', id: 'export-from', min: 0, value: 0 }),
    to: h('input', { type: 'number', id: 'export-to', min: 0, value: 0 }),
    speed: h('select', { id: 'export-speed' }),
    fps: h('select', { id: 'export-fps' }),
    size: h('select', { id: 'export-size' }),
    webm: h('input', { type: 'radio', name: 'export-format', value: 'webm', id: 'export-webm' }),
    gif: h('input', { type: 'radio', name: 'export-format', value: 'gif', id: 'export-gif' }),
    clipTitle: h('input', { type: 'checkbox', id: 'export-clip-title', checked: false }),
    clipLegend: h('input', { type: 'checkbox', id: 'export-clip-legend', checked: false }),
    clipNarration: h('input', { type: 'checkbox', id: 'export-clip-narration', checked: true }),
    clip: say(h('button', { type: 'button', id: 'export-clip', className: 'primary' }), 'export.clip.make'),
    cancel: say(h('button', { type: 'button', id: 'export-cancel', hidden: true }), 'export.cancel'),
    progress: h('progress', { id: 'export-progress', max: 1, value: 0, hidden: true }),
    frames: h('p', { id: 'export-frames', className: 'hint' }),
    codecs: h('p', { id: 'export-codecs', className: 'hint' }),
    status: h('p', { id: 'export-status', role: 'status' }),
    download: h('a', { id: 'export-download', hidden: true }),
  };
  say(ui.progress, 'export.progress', undefined, 'ariaLabel');
  for (const s of CLIP_SPEEDS) option(ui.speed, s, 'export.speed', () => ({ count: s }));
  for (const r of RATES) option(ui.fps, r, 'export.fps', () => ({ count: r }));
  // Sizes are numbers only: no words to translate.
  for (const [w, hh] of SIZES) ui.size.add(new Option(`${w} × ${hh}`, `${w}x${hh}`));
  for (const [w, hh] of PNG_SLIDES) option(ui.pngSize, `${w}x${hh}`, 'export.png.slide', () => ({ width: String(w), height: String(hh) })); // numbers as written: 1280, not 1,280
  if (subject.square) option(ui.pngSize, 'screen', 'export.png.screen');
  ui.speed.value = '10';
  ui.fps.value = '15';
  ui.size.value = '1280x720';
  ui.pngSize.value = '1280x720';
  const video = hasWebCodecs();
  ui.webm.disabled = !video;
  ui.webm.checked = video;
  ui.gif.checked = !video;
  say(ui.codecs, video ? 'export.codecs.yes' : 'export.codecs.no', () => ({ api: 'WebCodecs' }));

  const check = (input, key) => h('label', {}, input, ' ', text(key));
  const field = (key, input) => h('label', { className: 'export-field' }, text(key), ' ', input);
  const dialog = h(
    'dialog',
    { id: 'export-dialog', ariaLabelledby: 'export-h' },
    say(h('h2', { id: 'export-h' }), 'export.heading'),
    h(
      'section',
      { ariaLabelledby: 'export-png-h' },
      say(h('h3', { id: 'export-png-h' }), 'export.png.heading'),
      // A graph's picture is a slide: the frame on screen is the ring's alone.
      say(h('p', { className: 'hint' }), subject.square ? 'export.png.hint' : 'export.png.hint.graph'),
      h(
        'div',
        { className: 'row' },
        check(ui.title, 'export.opt.title'),
        check(ui.legend, 'export.opt.legend'),
        check(ui.narration, 'export.opt.narration'),
      ),
      h('div', { className: 'row' }, ui.pngSize, ui.png),
    ),
    h(
      'section',
      { ariaLabelledby: 'export-clip-h' },
      say(h('h3', { id: 'export-clip-h' }), 'export.clip.heading'),
      say(h('p', { className: 'hint' }), 'export.clip.hint'),
      h('div', { className: 'row' }, field('export.from', ui.from), field('export.to', ui.to)),
      h('div', { className: 'row' }, ui.speed, ui.fps, ui.size),
      // Format names: the same in every language.
      h('div', { className: 'row' }, h('label', {}, ui.webm, ' WebM'), h('label', {}, ui.gif, ' GIF')),
      h(
        'div',
        { className: 'row' },
        check(ui.clipTitle, 'export.opt.title'),
        check(ui.clipLegend, 'export.opt.legend'),
        check(ui.clipNarration, 'export.opt.narration.clip'),
      ),
      ui.codecs,
      ui.frames,
      h('div', { className: 'row' }, ui.clip, ui.progress, ui.cancel),
    ),
    ui.status,
    ui.download,
    h('form', { method: 'dialog' }, say(h('button', { type: 'submit' }), 'export.close')),
  );

  // The status line, the frame count and the download link say things that change: each
  // remembers its message, so that a change of language says it again.
  const words = new Localizer(dialog, () => relabel());
  dialog.words = words;
  const status = (key, params) => {
    ui.status.textContent = key ? words.t(key, params) : '';
    ui.status.said = key && { key, params };
  };
  let shown = null; // the download on offer: { name, size }
  const relabel = () => {
    for (const { node, key, params, prop } of said) node[prop] = words.t(key, params());
    if (ui.status.said) status(ui.status.said.key, ui.status.said.params);
    if (shown) ui.download.textContent = words.t('export.download', shown);
    count();
  };

  let url = null;
  const offer = (blob, name) => {
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(blob);
    ui.download.href = url;
    ui.download.download = name;
    shown = { name, size: Math.ceil(blob.size / 1024) };
    ui.download.textContent = words.t('export.download', shown);
    ui.download.hidden = false;
    dialog.result = blob;
    ui.download.focus();
  };
  const opts = () => {
    const [width, height] = ui.size.value.split('x').map(Number);
    return {
      from: Math.max(0, Math.min(el.length, Math.floor(Number(ui.from.value)) || 0)),
      to: Math.max(0, Math.min(el.length, Math.floor(Number(ui.to.value)) || 0)),
      speed: Number(ui.speed.value),
      fps: Number(ui.fps.value),
      width,
      height,
      format: ui.gif.checked ? 'gif' : 'webm',
      narration: ui.clipNarration.checked,
      legend: ui.clipLegend.checked,
    };
  };
  const count = () => {
    const o = opts();
    if (o.to < o.from) {
      ui.frames.textContent = words.t('export.range.backwards');
      return;
    }
    const { count: k } = clipFrames(o.from, o.to, o.speed, o.fps);
    const seconds = new Intl.NumberFormat(words.code, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(k / o.fps);
    ui.frames.textContent = words.t('export.frames', { count: k, seconds });
  };
  for (const x of [ui.from, ui.to, ui.speed, ui.fps]) x.addEventListener('input', count);

  dialog.refresh = () => {
    ui.from.max = ui.to.max = String(el.length);
    ui.from.value = String(el.step);
    ui.to.value = String(Math.min(el.length, el.step + 100));
    ui.speed.value = String(CLIP_SPEEDS.reduce((a, s) => (s <= (el.view?.speed ?? 10) ? s : a), 1));
    status(null);
    ui.download.hidden = true;
    shown = null;
    relabel();
  };

  ui.png.onclick = async () => {
    if (!el.game) {
      status('export.png.nogame');
      return;
    }
    status('export.drawing');
    const title = ui.title.checked && subject.title(el, 'png', { step: el.step });
    const [width, height] = ui.pngSize.value.split('x').map(Number);
    const slide = ui.pngSize.value === 'screen' ? null : { width, height };
    try {
      const narration = ui.narration.checked && el.narration;
      const blob = await framePNG(el, subject, { scale: 2, slide, title, legend: ui.legend.checked, narration });
      status('export.png.ready');
      offer(blob, `${subject.file(el)}.png`);
    } catch (e) {
      status('export.png.failed', { reason: exportErrorText(words, e) });
    }
  };

  let job = null;
  ui.cancel.onclick = () => {
    if (job) job.cancelled = true;
  };
  ui.clip.onclick = async () => {
    if (!el.game) {
      status('export.clip.nogame');
      return;
    }
    const o = opts();
    if (o.to < o.from) return count();
    o.title = ui.clipTitle.checked && subject.title(el, 'clip', { from: o.from, to: o.to });
    o.subject = subject;
    job = { cancelled: false };
    ui.clip.disabled = true;
    ui.cancel.hidden = false;
    ui.progress.hidden = false;
    ui.progress.value = 0;
    ui.download.hidden = true;
    status('export.clip.preparing');
    try {
      const blob = await renderClip(
        el,
        o,
        (k, n) => {
          ui.progress.value = k / n;
          status('export.clip.frame', { k, count: n });
        },
        job,
      );
      if (blob) {
        status('export.clip.ready');
        offer(blob, `${subject.file(el)}-to${o.to}.${o.format}`);
      } else {
        status('export.clip.cancelled');
      }
    } catch (e) {
      status('export.clip.failed', { reason: exportErrorText(words, e) });
    } finally {
      job = null;
      ui.clip.disabled = false;
      ui.cancel.hidden = true;
      ui.progress.hidden = true;
    }
  };
  return dialog;
}
