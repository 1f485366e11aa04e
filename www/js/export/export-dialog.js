// export-dialog.js: the page's "Export" dialog: a PNG of the frame on screen, or a WebM or GIF clip of a range of steps, with progress and cancel.

import { h } from '../element/style.js';
import { SPEEDS } from '../element/url.js';
import { fmt } from '../ring/explain.js';
import { clipFrames, hasWebCodecs, renderClip } from './export.js';
import { framePNG } from './picture.js';

const SIZES = [
  [480, 480],
  [720, 720],
  [1080, 1080],
  [1280, 720],
  [1920, 1080],
];
const RATES = [10, 15, 25, 30];

const field = (label, input) => h('label', { className: 'export-field' }, `${label} `, input);
const select = (id, options, value) => {
  const s = h('select', { id });
  for (const [v, text] of options) s.add(new Option(text, String(v), false, String(v) === String(value)));
  return s;
};

/** A file name for the view on screen: loopy-n8-step20.png. */
function fileName(el, suffix) {
  const g = el.game;
  return `loopy-n${g.n}-step${el.step}${suffix}`;
}

/** Opens the dialog for `el` (the page's `<loopy-ring>`); `onClose()` when it closes. Returns it. */
export function openExport(el, onClose) {
  let dialog = document.getElementById('export-dialog');
  if (!dialog) {
    dialog = build(el);
    document.body.append(dialog);
    dialog.addEventListener('close', () => onClose());
  }
  dialog.refresh();
  dialog.showModal();
  return dialog;
}

function build(el) {
  const ui = {
    title: h('input', { type: 'checkbox', id: 'export-title', checked: true }),
    legend: h('input', { type: 'checkbox', id: 'export-legend', checked: true }),
    narration: h('input', { type: 'checkbox', id: 'export-narration', checked: true }),
    png: h('button', { type: 'button', id: 'export-png', className: 'primary' }, 'Make the PNG'),
    from: h('input', { type: 'number', id: 'export-from', min: 0, value: 0 }),
    to: h('input', { type: 'number', id: 'export-to', min: 0, value: 0 }),
    speed: select(
      'export-speed',
      SPEEDS.filter((s) => s <= 1e5).map((s) => [s, `${fmt(s)} step${s === 1 ? '' : 's'} a second`]),
      10,
    ),
    fps: select(
      'export-fps',
      RATES.map((r) => [r, `${r} frames a second`]),
      15,
    ),
    size: select(
      'export-size',
      SIZES.map(([w, hh]) => [`${w}x${hh}`, `${w} × ${hh}`]),
      '480x480',
    ),
    webm: h('input', { type: 'radio', name: 'export-format', value: 'webm', id: 'export-webm' }),
    gif: h('input', { type: 'radio', name: 'export-format', value: 'gif', id: 'export-gif' }),
    clipTitle: h('input', { type: 'checkbox', id: 'export-clip-title', checked: false }),
    clipLegend: h('input', { type: 'checkbox', id: 'export-clip-legend', checked: false }),
    clipNarration: h('input', { type: 'checkbox', id: 'export-clip-narration', checked: true }),
    clip: h('button', { type: 'button', id: 'export-clip', className: 'primary' }, 'Make the clip'),
    cancel: h('button', { type: 'button', id: 'export-cancel', hidden: true }, 'Cancel'),
    progress: h('progress', { id: 'export-progress', max: 1, value: 0, hidden: true, ariaLabel: 'Clip progress' }),
    frames: h('p', { id: 'export-frames', className: 'hint' }),
    codecs: h('p', { id: 'export-codecs', className: 'hint' }),
    status: h('p', { id: 'export-status', role: 'status' }),
    download: h('a', { id: 'export-download', hidden: true }),
  };
  const video = hasWebCodecs();
  ui.webm.disabled = !video;
  ui.webm.checked = video;
  ui.gif.checked = !video;
  ui.codecs.textContent = video
    ? 'WebM plays in browsers and most video players; GIF goes where no video is allowed (it is larger).'
    : 'This browser has no WebCodecs video encoder (it needs a recent browser and a secure https page), so WebM cannot be made here: GIF works everywhere.';

  const dialog = h(
    'dialog',
    { id: 'export-dialog', ariaLabelledby: 'export-h' },
    h('h2', { id: 'export-h' }, 'Export a picture or a clip'),
    h(
      'section',
      { ariaLabelledby: 'export-png-h' },
      h('h3', { id: 'export-png-h' }, 'Picture (PNG)'),
      h('p', { className: 'hint' }, 'The frame on screen at twice its resolution.'),
      h(
        'div',
        { className: 'row' },
        h('label', {}, ui.title, ' title'),
        h('label', {}, ui.legend, ' legend'),
        h('label', {}, ui.narration, ' narration'),
        ui.png,
      ),
    ),
    h(
      'section',
      { ariaLabelledby: 'export-clip-h' },
      h('h3', { id: 'export-clip-h' }, 'Clip (WebM or GIF)'),
      h(
        'p',
        { className: 'hint' },
        'A range of steps at the size of step on screen, drawn off screen frame by frame: the page stays yours meanwhile.',
      ),
      h('div', { className: 'row' }, field('From step', ui.from), field('to step', ui.to)),
      h('div', { className: 'row' }, ui.speed, ui.fps, ui.size),
      h('div', { className: 'row' }, h('label', {}, ui.webm, ' WebM'), h('label', {}, ui.gif, ' GIF')),
      h(
        'div',
        { className: 'row' },
        h('label', {}, ui.clipTitle, ' title'),
        h('label', {}, ui.clipLegend, ' legend'),
        h('label', {}, ui.clipNarration, ' narration under the ring'),
      ),
      ui.codecs,
      ui.frames,
      h('div', { className: 'row' }, ui.clip, ui.progress, ui.cancel),
    ),
    ui.status,
    ui.download,
    h('form', { method: 'dialog' }, h('button', { type: 'submit' }, 'Close')),
  );

  let url = null;
  const offer = (blob, name) => {
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(blob);
    ui.download.href = url;
    ui.download.download = name;
    ui.download.textContent = `Download ${name} (${fmt(Math.ceil(blob.size / 1024))} KB)`;
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
      ui.frames.textContent = '“To” comes before “from”.';
      return;
    }
    const { count: k } = clipFrames(o.from, o.to, o.speed, o.fps);
    ui.frames.textContent = `${fmt(k)} frame${k === 1 ? '' : 's'}: ${(k / o.fps).toFixed(1)} seconds.`;
  };
  for (const x of [ui.from, ui.to, ui.speed, ui.fps]) x.addEventListener('input', count);

  dialog.refresh = () => {
    ui.from.max = ui.to.max = String(el.length);
    ui.from.value = String(el.step);
    ui.to.value = String(Math.min(el.length, el.step + 100));
    ui.speed.value = String(SPEEDS.filter((s) => s <= 1e5).reduce((a, s) => (s <= (el.view?.speed ?? 10) ? s : a), 1));
    ui.status.textContent = '';
    ui.download.hidden = true;
    count();
  };

  ui.png.onclick = async () => {
    ui.status.textContent = 'Drawing…';
    const g = el.game;
    const title =
      ui.title.checked &&
      `Ring of ${fmt(g.n)}: player 1 steps ${g.s1.join(', ')}; player 2 steps ${g.s2.join(', ')}. Step ${fmt(el.step)} of ${fmt(el.length)}.`;
    try {
      const blob = await framePNG(el, { scale: 2, title, legend: ui.legend.checked, narration: ui.narration.checked && el.narration });
      ui.status.textContent = 'The picture is ready.';
      offer(blob, fileName(el, '.png'));
    } catch (e) {
      ui.status.textContent = `No picture: ${e.message}`;
    }
  };

  let job = null;
  ui.cancel.onclick = () => {
    if (job) job.cancelled = true;
  };
  ui.clip.onclick = async () => {
    const o = opts();
    if (o.to < o.from) return count();
    const g = el.game;
    o.title =
      ui.clipTitle.checked &&
      `Ring of ${fmt(g.n)}: player 1 steps ${g.s1.join(', ')}; player 2 steps ${g.s2.join(', ')}. Steps ${fmt(o.from)} to ${fmt(o.to)} of ${fmt(el.length)}.`;
    job = { cancelled: false };
    ui.clip.disabled = true;
    ui.cancel.hidden = false;
    ui.progress.hidden = false;
    ui.progress.value = 0;
    ui.download.hidden = true;
    ui.status.textContent = 'Preparing the clip…';
    try {
      const blob = await renderClip(
        el,
        o,
        (k, n) => {
          ui.progress.value = k / n;
          ui.status.textContent = `Frame ${fmt(k)} of ${fmt(n)}`;
        },
        job,
      );
      if (blob) {
        ui.status.textContent = 'The clip is ready.';
        offer(blob, fileName(el, `-to${o.to}.${o.format}`));
      } else {
        ui.status.textContent = 'Cancelled.';
      }
    } catch (e) {
      ui.status.textContent = `No clip: ${e.message}`;
    } finally {
      job = null;
      ui.clip.disabled = false;
      ui.cancel.hidden = true;
      ui.progress.hidden = true;
    }
  };
  return dialog;
}
