// Exports from the page's dialog: PNG slides (16:9: the drawing's share of the height from
// its pixels, every text's size from the fonts the canvases were given) and the frame on
// screen at twice its size (decoded by Chromium, its size read from its header), WebM clips
// read back with ffprobe (frame count, duration, size), GIF clips decoded by Chromium's own
// ImageDecoder and ffprobe (frames, durations) and walked block by block (one global palette,
// frame differences), the graph page's exports (its vertices' colours where its layout puts
// them), cancelling, a browser without WebCodecs, and all of it under the strict CSP.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { changedRect } from '../www/js/export/export.js';
import { CSP_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, canvasPicture, focusBody, gameQuery, openLoopy, recordCanvasText, waitReady } from './page-helpers.mjs';

const FFPROBE = process.env.FFPROBE ?? '/usr/bin/ffprobe';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const SAMPLE2 = [8, [2, 3, 4, 6], [3, 6]];

/** ffprobe's account of a video file: { frames, duration, width, height, codec }, or null when ffprobe is missing. */
function probe(path) {
  if (!FFPROBE) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-count_frames', '-select_streams', 'v:0'];
    args.push('-show_entries', 'stream=nb_read_frames,width,height,codec_name:format=duration', '-of', 'json', path);
    const child = spawn(FFPROBE, args);
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.on('error', (e) => (e.code === 'ENOENT' ? resolve(null) : reject(e)));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffprobe exited ${code}`));
      const j = JSON.parse(Buffer.concat(out).toString());
      const s = j.streams[0];
      resolve({ frames: Number(s.nb_read_frames), duration: Number(j.format.duration), width: s.width, height: s.height, codec: s.codec_name });
    });
  });
}

/** Opens the export dialog on the page. */
async function openDialog(page) {
  await page.click('#export-open');
  await page.waitForSelector('#export-dialog[open]');
}

/** Clicks `button`, waits for the dialog's download link (its status in English or Chinese) and downloads it: the file's bytes and name. */
async function make(page, button) {
  await page.click(button);
  await page.waitForFunction(
    () => {
      const status = document.getElementById('export-status').textContent;
      return /ready|No |Cancelled|已生成|无法|已取消/.test(status);
    },
    null,
    { timeout: TIMEOUT },
  );
  const status = await page.textContent('#export-status');
  assert.match(status, /ready|已生成/, status);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
  const path = await download.path();
  return { path, name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** Sets the clip's fields: steps from..to, speed, frame rate, size, format. */
async function clipFields(page, { from, to, speed, fps, size, format, narration = true, title = false, legend = false }) {
  await page.fill('#export-from', String(from));
  await page.fill('#export-to', String(to));
  await page.selectOption('#export-speed', String(speed));
  await page.selectOption('#export-fps', String(fps));
  await page.selectOption('#export-size', size);
  await page.check(`#export-${format}`);
  await page.setChecked('#export-clip-narration', narration);
  await page.setChecked('#export-clip-title', title);
  await page.setChecked('#export-clip-legend', legend);
}

/** A PNG's width and height from its header (IHDR), and as Chromium decodes it. */
async function pngSize(page, bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  const header = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  const decoded = await page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bmp = await createImageBitmap(new Blob([data], { type: 'image/png' }));
    return [bmp.width, bmp.height];
  }, bytes.toString('base64'));
  assert.deepEqual(decoded, header, 'Chromium decodes it to the size its header states');
  return decoded;
}

/** Chromium's ImageDecoder on a GIF: its frame count and size. */
function gifFrames(page, bytes) {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dec = new ImageDecoder({ data, type: 'image/gif' });
    await dec.tracks.ready;
    await dec.completed;
    const track = dec.tracks.selectedTrack;
    const last = await dec.decode({ frameIndex: track.frameCount - 1 });
    return { frames: track.frameCount, width: last.image.displayWidth, height: last.image.displayHeight };
  }, bytes.toString('base64'));
}

/** Chromium's ImageDecoder on a GIF: each frame's duration in microseconds, as the file states it. */
function gifDurations(page, bytes) {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dec = new ImageDecoder({ data, type: 'image/gif' });
    await dec.tracks.ready;
    await dec.completed;
    const out = [];
    for (let k = 0; k < dec.tracks.selectedTrack.frameCount; k++) out.push((await dec.decode({ frameIndex: k })).image.duration);
    return out;
  }, bytes.toString('base64'));
}

/**
 * Frame 0 of a GIF as Chromium decodes it: how many dark pixels (ink: r + g + b < 200) lie in
 * the top-left corner (where a title starts and the round ring leaves room) and how many
 * pixels near the Win colour lie in the bottom 20 rows (where the legend's swatches sit).
 */
function gifCorners(page, bytes, win) {
  return page.evaluate(
    async ({ b64, win }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dec = new ImageDecoder({ data, type: 'image/gif' });
      const { image } = await dec.decode({ frameIndex: 0 });
      const c = new OffscreenCanvas(image.displayWidth, image.displayHeight);
      const ctx = c.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(image, 0, 0);
      const count = (x, y, w, hh, pred) => {
        const px = ctx.getImageData(x, y, w, hh).data;
        let k = 0;
        for (let i = 0; i < px.length; i += 4) if (pred(px[i], px[i + 1], px[i + 2])) k++;
        return k;
      };
      const [wr, wg, wb] = [1, 3, 5].map((i) => Number.parseInt(win.slice(i, i + 2), 16));
      return {
        titleInk: count(0, 0, 100, 40, (r, g, b) => r + g + b < 200),
        legendWin: count(0, c.height - 20, c.width, 20, (r, g, b) => Math.abs(r - wr) + Math.abs(g - wg) + Math.abs(b - wb) < 40),
      };
    },
    { b64: bytes.toString('base64'), win },
  );
}

test('a GIF at 15 frames a second lasts as long as asked: the hundredths are spread over the frames (7, 6, 7, …), not rounded up on each', async (t) => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2, '&step=20'));
  const { page } = opened;
  try {
    await openDialog(page);
    // 0 to 12 at 5 steps a second, 15 frames a second: 37 frames, 37 / 15 = 2.467 s.
    await clipFields(page, { from: 0, to: 12, speed: 5, fps: 15, size: '480x480', format: 'gif', narration: false });
    assert.match(await page.textContent('#export-frames'), /^37 frames: 2\.5 seconds/);
    const gif = await make(page, '#export-clip');
    const durations = await gifDurations(page, gif.bytes);
    assert.equal(durations.length, 37);
    const total = durations.reduce((a, d) => a + d, 0) / 1e6;
    assert.ok(Math.abs(total - 37 / 15) <= 0.01, `37 frames at 15 fps last ${(37 / 15).toFixed(3)} s, not ${total} s`);
    // Each frame within a hundredth of 1/15 s, and every prefix within a hundredth of its share.
    let sum = 0;
    durations.forEach((d, k) => {
      sum += d / 1e6;
      assert.ok(Math.abs(sum - (k + 1) / 15) <= 0.0051, `frames 0..${k} last ${sum} s, not ${(k + 1) / 15}`);
    });
    const info = await probe(gif.path);
    if (info === null) t.diagnostic('ffprobe is missing: the GIF was read back by Chromium alone.');
    else assert.ok(Math.abs(info.duration - 37 / 15) <= 0.01, `ffprobe: ${info.duration} s`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a clip can have a title above the ring and the legend under it', async () => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2, '&step=20'));
  const { page } = opened;
  try {
    const win = await page.evaluate(() => document.querySelector('loopy-ring').palette.win);
    await openDialog(page);
    await clipFields(page, { from: 0, to: 2, speed: 10, fps: 10, size: '480x480', format: 'gif', narration: false });
    const plain = await gifCorners(page, (await make(page, '#export-clip')).bytes, win);
    await clipFields(page, { from: 0, to: 2, speed: 10, fps: 10, size: '480x480', format: 'gif', narration: false, title: true, legend: true });
    const dressed = await gifCorners(page, (await make(page, '#export-clip')).bytes, win);
    assert.equal(plain.titleInk, 0, 'no title: the corner is empty');
    assert.equal(plain.legendWin, 0, 'no legend: the bottom rows hold no Win swatch');
    assert.ok(dressed.titleInk > 50, `a title's words in the corner (${dressed.titleInk} dark pixels)`);
    assert.ok(dressed.legendWin > 20, `the legend's Win swatch at the bottom (${dressed.legendWin} pixels)`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('PNG: the frame on screen at 2x, decodable, with or without title, legend and narration', async () => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2, '&step=20&p=1&pos=3'));
  const { page } = opened;
  try {
    const size = await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.getElementById('ring').getBoundingClientRect().width);
    await openDialog(page);
    await page.selectOption('#export-png-size', 'screen');
    for (const id of ['#export-title', '#export-legend', '#export-narration']) await page.uncheck(id);
    const plain = await make(page, '#export-png');
    assert.match(plain.name, /^loopy-n8-step20\.png$/);
    assert.deepEqual(await pngSize(page, plain.bytes), [2 * size, 2 * size], `twice the ring's ${size} px`);
    for (const id of ['#export-title', '#export-legend', '#export-narration']) await page.check(id);
    const full = await make(page, '#export-png');
    const [w, hh] = await pngSize(page, full.bytes);
    assert.equal(w, 2 * size, 'as wide');
    assert.ok(hh > w + 100, `taller, with room for the words (${w} x ${hh})`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('WebM and GIF clips: drawn off screen, the frames and duration asked for', async (t) => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2, '&step=20'));
  const { page } = opened;
  try {
    const live = await canvasPicture(page);
    await openDialog(page);
    // Steps 0 to 20 at 10 steps a second and 10 frames a second: 21 frames, 2.1 s.
    await clipFields(page, { from: 0, to: 20, speed: 10, fps: 10, size: '480x480', format: 'webm' });
    assert.match(await page.textContent('#export-frames'), /^21 frames: 2\.1 seconds/);
    const webm = await make(page, '#export-clip');
    assert.match(webm.name, /\.webm$/);
    assert.deepEqual([...webm.bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (WebM) file');
    const info = await probe(webm.path);
    if (info === null) {
      t.diagnostic(`ffprobe (${FFPROBE || 'not found'}) is missing: the WebM was NOT read back. Install Debian's ffmpeg to check it.`);
    } else {
      assert.equal(info.frames, 21, 'ffprobe counts 21 frames');
      assert.ok(Math.abs(info.duration - 2.1) < 0.02, `lasting 2.1 s (${info.duration})`);
      assert.deepEqual([info.width, info.height], [480, 480]);
      assert.match(info.codec, /^vp[89]$/);
    }
    // A wide GIF at another rate: 0 to 12 at 5 steps a second, 15 frames a second: 37 frames.
    await clipFields(page, { from: 0, to: 12, speed: 5, fps: 15, size: '1280x720', format: 'gif', narration: false });
    assert.match(await page.textContent('#export-frames'), /^37 frames/);
    const gif = await make(page, '#export-clip');
    assert.equal(gif.bytes.subarray(0, 6).toString(), 'GIF89a');
    assert.deepEqual(await gifFrames(page, gif.bytes), { frames: 37, width: 1280, height: 720 });
    const gifInfo = await probe(gif.path);
    if (gifInfo) assert.equal(gifInfo.frames, 37, 'ffprobe agrees');
    // Nothing was filmed from the live element: it still shows step 20, as it was.
    await page.keyboard.press('Escape');
    await waitReady(page, { step: 20 });
    assert.equal(await canvasPicture(page), live, 'the live ring is untouched');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a clip can be cancelled, and the page keeps answering meanwhile', async () => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2));
  const { page } = opened;
  try {
    await openDialog(page);
    await clipFields(page, { from: 0, to: 63, speed: 1, fps: 30, size: '720x720', format: 'gif' });
    await page.click('#export-clip');
    await page.waitForFunction(() => /^Frame (\d+)/.test(document.getElementById('export-status').textContent), null, { timeout: TIMEOUT });
    // The page answers while the clip is made: the element still steps on request.
    await page.evaluate(() => document.querySelector('loopy-ring').seek(5));
    await waitReady(page, { step: 5 });
    await page.click('#export-cancel');
    await page.waitForFunction(() => document.getElementById('export-status').textContent === 'Cancelled.', null, { timeout: TIMEOUT });
    assert.equal(await page.isVisible('#export-download'), false, 'no file is offered');
    assert.equal(await page.isEnabled('#export-clip'), true, 'another clip can be made');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('without WebCodecs the dialog says so and offers GIF', async () => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2));
  const { page } = opened;
  try {
    await page.evaluate(() => {
      delete window.VideoEncoder;
    });
    await openDialog(page);
    assert.equal(await page.isDisabled('#export-webm'), true, 'WebM cannot be chosen');
    assert.equal(await page.isChecked('#export-gif'), true, 'GIF is chosen');
    assert.match(await page.textContent('#export-codecs'), /no WebCodecs video encoder.*GIF works everywhere/);
    await clipFields(page, { from: 0, to: 4, speed: 10, fps: 10, size: '480x480', format: 'gif' });
    const gif = await make(page, '#export-clip');
    assert.equal((await gifFrames(page, gif.bytes)).frames, 5);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('under the strict CSP (as a header): PNG, WebM and GIF exports and a game against the solver, with no violation', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
    });
    const res = await page.goto(new URL(`./${gameQuery(...SAMPLE2, '&step=10')}`, CSP_URL).href);
    assert.match(res.headers()['content-security-policy'] || '', /worker-src 'self'/);
    await waitReady(page);
    await openDialog(page);
    await make(page, '#export-png');
    await clipFields(page, { from: 0, to: 6, speed: 10, fps: 10, size: '480x480', format: 'webm' });
    await make(page, '#export-clip');
    await clipFields(page, { from: 0, to: 6, speed: 10, fps: 10, size: '480x480', format: 'gif' });
    await make(page, '#export-clip');
    await page.keyboard.press('Escape');
    await page.click('#play-open');
    await page.fill('#play-pos', '1');
    await page.check('input[name="play-first"][value="2"]');
    await page.check('input[name="play-side"][value="2"]');
    await page.click('#play-start');
    await page.waitForSelector('#play-moves button');
    await page.click('#play-hint');
    await page.click('#play-moves button');
    await page.waitForFunction(() => document.getElementById('play').game.state().moves.length >= 2, null, { timeout: TIMEOUT });
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** The texts the page drew on canvases since the last call (recordCanvasText), in drawing order. */
function drawnSince(page) {
  return page.evaluate(() => {
    const drawn = [...window.__canvasText];
    window.__canvasText = new Set();
    return drawn;
  });
}

test('on a zh-CN page the dialog speaks Chinese, and the PNG draws its title and legend in Chinese, in the element’s terms', async () => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2, '&step=20'), { script: recordCanvasText });
  const { page } = opened;
  try {
    // The page's language turns Chinese (as a zh-CN post is): the element loads its catalog
    // (told where it is, as the entries loopy-ring.js and the pages tell it).
    await page.evaluate(async () => {
      const i18n = await import(new URL('js/element/i18n.js', document.baseURI).href);
      i18n.addCatalogLoader('zh-CN', () => import(new URL('js/i18n/zh-CN.js', document.baseURI).href));
      document.documentElement.setAttribute('lang', 'zh-CN');
    });
    await page.waitForFunction(() => document.querySelector('loopy-ring')._words.code === 'zh-CN', null, { timeout: TIMEOUT });
    await openDialog(page);
    assert.equal(await page.textContent('#export-h'), '导出图片或动画');
    // Every word of the dialog, with its options and aria-labels: nothing English but format names.
    const dialogWords = await page.evaluate(() => {
      const d = document.getElementById('export-dialog');
      const texts = [...d.querySelectorAll('*')].flatMap((e) => [
        ...[...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent),
        e.getAttribute('aria-label') ?? '',
      ]);
      return texts.join(' ');
    });
    const english = (dialogWords.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['WebM', 'GIF', 'PNG', 'WebCodecs'].includes(w));
    assert.deepEqual(english, [], dialogWords);
    for (const id of ['#export-title', '#export-legend']) await page.check(id);
    await page.uncheck('#export-narration');
    const length = await page.evaluate(() => document.querySelector('loopy-ring').length);

    await drawnSince(page);
    await make(page, '#export-png');
    assert.equal(await page.textContent('#export-status'), '图片已生成。');
    const drawn = await drawnSince(page);
    // The title, however it was wrapped, is the Chinese sentence written out here by hand.
    const bare = (s) => s.replace(/\s+/g, '');
    assert.ok(
      drawn.some((_, k) =>
        bare(drawn.slice(0, k + 1).join('')).endsWith(
          bare(`n = 8 的环：行动方 1 的步长集合为 2、3、4、6，行动方 2 的步长集合为 3、6。第 20 格，共 ${length} 格。`),
        ),
      ),
      `the Chinese title is drawn: ${JSON.stringify(drawn)}`,
    );
    for (const word of ['必胜态', '必败态', '循环', '尚未确定']) assert.ok(drawn.includes(word), `the legend says ${word}: ${JSON.stringify(drawn)}`);
    for (const word of ['Win', 'Lose', 'Loop', 'Not decided yet']) assert.ok(!drawn.includes(word), `no English legend entry ${word}`);
    assert.ok(!drawn.some((t) => /Ring of|steps 2/.test(t)), 'no English title');

    // Under terms="pn" the legend says P态 / N态.
    await page.evaluate(() => document.querySelector('loopy-ring').setAttribute('terms', 'pn'));
    await make(page, '#export-png');
    const pn = await drawnSince(page);
    for (const word of ['N态', 'P态', '循环']) assert.ok(pn.includes(word), `terms="pn": the legend says ${word}: ${JSON.stringify(pn)}`);
    assert.ok(!pn.includes('必胜态') && !pn.includes('必败态'), 'terms="pn": no 必胜态 / 必败态 in the legend');

    // The page turns English again: the open dialog says everything again, its status too.
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await page.waitForFunction(() => document.getElementById('export-h').textContent === 'Export a picture or a clip', null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#export-status'), 'The picture is ready.');
    assert.match(await page.textContent('#export-download'), /^Download loopy-n8-step20\.png \(\d+ KB\)$/);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

// ---- slides: 16:9, the drawing filling the height, the words beside it, big enough to read --

/** Records every text drawn on an OffscreenCanvas (the exports' canvases) with its size in the canvas's pixels (an init script). */
function recordFonts() {
  {
    window.__fonts = [];
    const proto = globalThis.OffscreenCanvasRenderingContext2D?.prototype;
    for (const name of ['fillText', 'strokeText']) {
      const draw = proto[name];
      proto[name] = function (text, x, ...rest) {
        const px = Number(/([\d.]+)px/.exec(this.font)?.[1] ?? 0);
        const m = this.getTransform();
        window.__fonts.push({ text: String(text), px: px * Math.hypot(m.a, m.b), x: m.a * x + m.e, w: this.canvas.width, h: this.canvas.height });
        return draw.call(this, text, x, ...rest);
      };
    }
  }
}

/** The texts drawn on export canvases since the last call (recordFonts). */
function fontsSince(page) {
  return page.evaluate(() => window.__fonts.splice(0));
}

/**
 * A picture (PNG, or frame `frame` of a GIF as Chromium composes it) read in the page:
 * its size, the box of the pixels that are not the background `bg` within x < `left`, and
 * the blobs (4-connected, at least `least` pixels) of each colour in `colours` ({ name:
 * '#rrggbb' }, within 24 of it): { name: [{ x, y, n }] } (centroids).
 */
function readPicture(page, bytes, type, { bg, left = Number.POSITIVE_INFINITY, colours = {}, least = 40, frame = 0 }) {
  return page.evaluate(
    async ({ b64, type, bg, left, colours, least, frame }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      let image;
      if (type === 'image/png') image = await createImageBitmap(new Blob([data], { type }));
      else image = (await new ImageDecoder({ data, type }).decode({ frameIndex: frame })).image;
      const w = image.displayWidth ?? image.width;
      const h = image.displayHeight ?? image.height;
      const c = new OffscreenCanvas(w, h);
      const ctx = c.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(image, 0, 0);
      const px = ctx.getImageData(0, 0, w, h).data;
      const hex = (s) => [1, 3, 5].map((i) => Number.parseInt(s.slice(i, i + 2), 16));
      const near = (i, [r, g, b], tol) => Math.abs(px[i] - r) + Math.abs(px[i + 1] - g) + Math.abs(px[i + 2] - b) <= tol;
      const back = hex(bg);
      let box = null;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < Math.min(w, left); x++) {
          if (near(4 * (y * w + x), back, 12)) continue;
          box ??= { x0: x, y0: y, x1: x, y1: y };
          box.x0 = Math.min(box.x0, x);
          box.x1 = Math.max(box.x1, x);
          box.y0 = Math.min(box.y0, y);
          box.y1 = Math.max(box.y1, y);
        }
      }
      const blobs = {};
      for (const [name, colour] of Object.entries(colours)) {
        const want = hex(colour);
        const seen = new Uint8Array(w * h);
        blobs[name] = [];
        for (let start = 0; start < w * h; start++) {
          if (seen[start] || start % w >= left || !near(4 * start, want, 24)) continue;
          const stack = [start];
          seen[start] = 1;
          let n = 0;
          let sx = 0;
          let sy = 0;
          while (stack.length) {
            const k = stack.pop();
            n++;
            sx += k % w;
            sy += Math.floor(k / w);
            for (const j of [k - 1, k + 1, k - w, k + w]) {
              if (j < 0 || j >= w * h || seen[j] || Math.abs((j % w) - (k % w)) > 1 || j % w >= left) continue;
              if (!near(4 * j, want, 24)) continue;
              seen[j] = 1;
              stack.push(j);
            }
          }
          if (n >= least) blobs[name].push({ x: sx / n, y: sy / n, n });
        }
      }
      return { width: w, height: h, box, blobs };
    },
    { b64: Buffer.from(bytes).toString('base64'), type, bg, left, colours, least, frame },
  );
}

test('PNG slides are 16:9 (1280 × 720, 1920 × 1080): the ring at least 80 % of the height, every text at least 2.5 % of it, the words beside the ring', async () => {
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2, '&step=20&p=1&pos=3'), { script: recordFonts });
  const { page } = opened;
  try {
    const bg = await page.evaluate(() => document.querySelector('loopy-ring').palette.bg);
    await openDialog(page);
    assert.equal(await page.inputValue('#export-png-size'), '1280x720', 'a slide is the default shape');
    assert.equal(await page.inputValue('#export-size'), '1280x720', 'and the default clip size');
    for (const id of ['#export-title', '#export-legend', '#export-narration']) await page.check(id);
    for (const [W, H] of [
      [1280, 720],
      [1920, 1080],
    ]) {
      await page.selectOption('#export-png-size', `${W}x${H}`);
      await fontsSince(page);
      const png = await make(page, '#export-png');
      assert.deepEqual(await pngSize(page, png.bytes), [W, H], 'the slide’s size');
      const texts = await fontsSince(page);
      assert.ok(texts.length > 20, `the ring's labels, the title, the legend and the narration are drawn (${texts.length})`);
      for (const t of texts) assert.ok(t.px >= 0.025 * H, `"${t.text}" is ${t.px} px, less than 2.5 % of ${H}`);
      // The words sit in a column right of the ring: nothing written on the slide itself is left of its middle.
      const own = texts.filter((t) => t.w === W && t.h === H);
      assert.ok(
        own.some((t) => t.text === 'Win'),
        'the legend is on the slide',
      );
      for (const t of own) assert.ok(t.x > W / 2, `"${t.text}" at x = ${t.x} stands beside the ring, not above it`);
      // The ring: every pixel in the left half that is not the background.
      const pic = await readPicture(page, png.bytes, 'image/png', { bg, left: W / 2 });
      const tall = pic.box.y1 - pic.box.y0 + 1;
      assert.ok(tall >= 0.8 * H, `the ring's drawing is ${tall} px of ${H}`);
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

/**
 * A GIF walked block by block (GIF89a): its screen, whether it has a global colour table,
 * and each frame's rectangle, local table, transparency, disposal and delay.
 */
function gifBlocks(bytes) {
  assert.equal(bytes.subarray(0, 6).toString(), 'GIF89a');
  let p = 6;
  const screen = { width: bytes.readUInt16LE(p), height: bytes.readUInt16LE(p + 2) };
  const flags = bytes[p + 4];
  p += 7;
  const table = (f) => (f & 0x80 ? 3 * (1 << ((f & 7) + 1)) : 0);
  const global = table(flags);
  p += global;
  const skip = () => {
    while (bytes[p] !== 0) p += bytes[p] + 1;
    p++;
  };
  const frames = [];
  let gce = {};
  for (;;) {
    const b = bytes[p++];
    if (b === 0x3b) break;
    if (b === 0x21) {
      const label = bytes[p++];
      if (label === 0xf9) gce = { transparent: Boolean(bytes[p + 1] & 1), dispose: (bytes[p + 1] >> 2) & 7, delay: bytes.readUInt16LE(p + 2) };
      skip();
    } else if (b === 0x2c) {
      const f = { x: bytes.readUInt16LE(p), y: bytes.readUInt16LE(p + 2), w: bytes.readUInt16LE(p + 4), h: bytes.readUInt16LE(p + 6) };
      f.local = table(bytes[p + 8]) > 0;
      p += 9 + table(bytes[p + 8]) + 1;
      skip();
      frames.push({ ...f, ...gce });
      gce = {};
    } else {
      throw new Error(`an unknown GIF block 0x${b.toString(16)} at ${p - 1}`);
    }
  }
  return { ...screen, global: global > 0, frames };
}

test('a 7 s GIF slide at 1280 × 720: one global palette, each later frame only the rectangle that changed (the rest transparent), decoding to the frames and duration asked for and to the ring at its last step', async (t) => {
  const opened = await openLoopy(browser, gameQuery(30, [1, 2], [1, 2]));
  const { page } = opened;
  try {
    const { length, bg, colours } = await page.evaluate(() => {
      const el = document.querySelector('loopy-ring');
      const p = el.palette;
      return { length: el.length, bg: p.bg, colours: { win: p.win, lose: p.lose } };
    });
    assert.ok(length >= 70, `the game has ${length} steps: 7 s at 10 a second need 70`);
    await openDialog(page);
    await page.evaluate(() => document.querySelector('loopy-ring').seek(70));
    await waitReady(page, { step: 70 });
    // Steps 0 to 70 at 10 steps a second, 15 frames a second: 106 frames, 7.07 s.
    await clipFields(page, { from: 0, to: 70, speed: 10, fps: 15, size: '1280x720', format: 'gif', narration: false });
    assert.match(await page.textContent('#export-frames'), /^106 frames: 7\.1 seconds/);
    const gif = await make(page, '#export-clip');
    t.diagnostic(`7.07 s GIF at 1280 x 720: ${gif.bytes.length} bytes`);
    const g = gifBlocks(gif.bytes);
    assert.deepEqual([g.width, g.height, g.frames.length], [1280, 720, 106]);
    assert.ok(g.global, 'one global colour table');
    assert.ok(!g.frames.some((f) => f.local), 'no frame has a colour table of its own');
    assert.deepEqual([g.frames[0].x, g.frames[0].y, g.frames[0].w, g.frames[0].h], [0, 0, 1280, 720], 'the first frame is whole');
    const later = g.frames.slice(1);
    for (const f of later) {
      assert.ok(f.transparent && f.dispose === 1, 'a later frame is drawn over the one before, its unchanged pixels transparent');
      assert.ok(f.x + f.w <= 1280 && f.y + f.h <= 720, 'inside the screen');
    }
    const area = later.reduce((a, f) => a + f.w * f.h, 0) / later.length;
    assert.ok(area < 0.5 * 1280 * 720, `a later frame is only what changed: ${Math.round(area)} px on average`);
    assert.ok(
      later.some((f) => f.w * f.h < 0.25 * 1280 * 720),
      'some frames change a small part (one mark and the event around it)',
    );
    const total = g.frames.reduce((a, f) => a + f.delay, 0) / 100;
    assert.ok(Math.abs(total - 106 / 15) <= 0.01, `the delays add up to ${total} s`);
    const info = await probe(gif.path);
    if (info === null) t.diagnostic('ffprobe is missing: the GIF was read back by Chromium alone.');
    else {
      assert.equal(info.frames, 106, 'ffprobe counts 106 frames');
      assert.ok(Math.abs(info.duration - 106 / 15) <= 0.02, `ffprobe: ${info.duration} s`);
    }
    // The last frame, 105 rectangles over the first, is the ring at step 70: as the PNG slide draws it.
    await page.selectOption('#export-png-size', '1280x720');
    for (const id of ['#export-title', '#export-legend', '#export-narration']) await page.uncheck(id);
    const png = await make(page, '#export-png');
    const last = await readPicture(page, gif.bytes, 'image/gif', { bg, colours, frame: 105 });
    const still = await readPicture(page, png.bytes, 'image/png', { bg, colours });
    assert.deepEqual(last.box, still.box, 'the drawing covers the same pixels');
    for (const kind of ['win', 'lose']) {
      assert.ok(still.blobs[kind].length > 5, `the slide shows ${kind} marks`);
      assert.equal(last.blobs[kind].length, still.blobs[kind].length, `as many ${kind} marks in the GIF's last frame`);
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

// ---- the graph page: the same exports, the graph drawn off screen -------------------------------

/** A graph with every value: 4 has no move (Lose), 3 moves to it (Win), 2 only to 3 (Lose), 1 to 2 (Win); 5 and 6 only keep each other going or hand 1 a turn (Draw). */
const GRAPH = { edges: '1-2,2-3,3-4,5-6,6-5,5-1', value: { 1: 'win', 2: 'lose', 3: 'win', 4: 'lose', 5: 'loop', 6: 'loop' } };

/**
 * Checks that `pic` (readPicture's, with blobs of the win, lose and loop colours) shows each
 * vertex in its value's colour where the live drawing has it (`marks`: the element's, whole
 * in view), scaled and moved as a whole: the blobs' box maps onto the marks' box.
 */
function assertGraphDrawn(pic, marks, what) {
  for (const kind of ['win', 'lose', 'loop']) {
    const want = marks.filter((m) => GRAPH.value[m.v] === kind).length;
    assert.equal(pic.blobs[kind].length, want, `${what}: ${want} ${kind} marks, found ${JSON.stringify(pic.blobs[kind])}`);
  }
  const all = Object.values(pic.blobs).flat();
  const span = (xs) => [Math.min(...xs), Math.max(...xs)];
  const [mx0, mx1] = span(marks.map((m) => m.x));
  const [my0, my1] = span(marks.map((m) => m.y));
  const [bx0, bx1] = span(all.map((b) => b.x));
  const [by0, by1] = span(all.map((b) => b.y));
  const s = (bx1 - bx0) / (mx1 - mx0);
  assert.ok(Math.abs((by1 - by0) / (my1 - my0) - s) < 0.05 * s, `${what}: one scale both ways`);
  for (const m of marks) {
    const x = bx0 + (m.x - mx0) * s;
    const y = by0 + (m.y - my0) * s;
    const hit = pic.blobs[GRAPH.value[m.v]].some((b) => Math.hypot(b.x - x, b.y - y) < m.r * s * 0.5);
    assert.ok(hit, `${what}: vertex ${m.v} is ${GRAPH.value[m.v]} at (${Math.round(x)}, ${Math.round(y)})`);
  }
}

test('the graph page exports PNG, WebM and GIF slides of its graph (E opens the dialog, listed with the keys): each vertex in its value’s colour where the drawing has it', async (t) => {
  const opened = await openPage(browser, `./graph.html?graph=${GRAPH.edges}`, { script: recordFonts });
  const { page } = opened;
  try {
    await waitReady(page, { selector: 'loopy-graph' });
    const length = await page.evaluate(() => document.querySelector('loopy-graph').length);
    await page.evaluate((m) => document.querySelector('loopy-graph').seek(m), length);
    await waitReady(page, { selector: 'loopy-graph', step: length });
    const { marks, palette } = await page.evaluate(() => {
      const el = document.querySelector('loopy-graph');
      return { marks: el.marks, palette: el.palette };
    });
    const colours = { win: palette.win, lose: palette.lose, loop: palette.loop };
    const keys = await page.$$eval('#keys-list dt', (dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent]));
    assert.ok(
      keys.some(([k, what]) => k === 'E' && /export/.test(what)),
      `E is in the keys list: ${JSON.stringify(keys)}`,
    );
    await focusBody(page);
    await page.keyboard.press('e');
    await page.waitForSelector('#export-dialog[open]');
    assert.deepEqual(
      await page.$$eval('#export-png-size option', (os) => os.map((o) => o.value)),
      ['1280x720', '1920x1080'],
      'a graph exports slides',
    );
    for (const id of ['#export-title', '#export-legend']) await page.check(id);
    await fontsSince(page);
    const png = await make(page, '#export-png');
    assert.match(png.name, /^loopy-graph-v6-step\d+\.png$/);
    assert.deepEqual(await pngSize(page, png.bytes), [1280, 720]);
    const texts = await fontsSince(page);
    assert.ok(
      texts.some((x) => /^A graph of n = 6/.test(x.text)),
      `the graph's title: ${JSON.stringify(texts.map((x) => x.text))}`,
    );
    for (const x of texts) assert.ok(x.px >= 0.025 * 720, `"${x.text}" is ${x.px} px, less than 2.5 % of 720`);
    // The drawing: left of the words' column (whose legend has a swatch of each colour).
    const drawing = { bg: palette.bg, colours, left: Math.min(...texts.filter((x) => x.w === 1280).map((x) => x.x)) - 4 };
    assertGraphDrawn(await readPicture(page, png.bytes, 'image/png', drawing), marks, 'the PNG');

    const frames = length + 1;
    await clipFields(page, { from: 0, to: length, speed: 10, fps: 10, size: '1280x720', format: 'gif', narration: true });
    const gif = await make(page, '#export-clip');
    assert.match(gif.name, /^loopy-graph-v6-step\d+-to\d+\.gif$/);
    assert.deepEqual(await gifFrames(page, gif.bytes), { frames, width: 1280, height: 720 });
    assertGraphDrawn(await readPicture(page, gif.bytes, 'image/gif', { ...drawing, frame: frames - 1 }), marks, 'the GIF’s last frame');
    const first = await readPicture(page, gif.bytes, 'image/gif', { ...drawing, frame: 0 });
    assert.equal(first.blobs.win.length + first.blobs.lose.length + first.blobs.loop.length, 0, 'nothing is decided in the first frame');

    await clipFields(page, { from: 0, to: length, speed: 10, fps: 10, size: '1920x1080', format: 'webm' });
    const webm = await make(page, '#export-clip');
    assert.deepEqual([...webm.bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (WebM) file');
    const info = await probe(webm.path);
    if (info === null) t.diagnostic('ffprobe is missing: the WebM was NOT read back.');
    else {
      assert.equal(info.frames, frames, `ffprobe counts ${frames} frames`);
      assert.deepEqual([info.width, info.height], [1920, 1080]);
    }
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('on a zh-CN graph page the dialog speaks Chinese and the slide draws the graph’s title and legend in Chinese', async () => {
  const opened = await openPage(browser, `./graph.html?lang=zh-CN&graph=${GRAPH.edges}`, { script: recordFonts });
  const { page } = opened;
  try {
    await waitReady(page, { selector: 'loopy-graph' });
    await page.waitForFunction(() => document.querySelector('loopy-graph')._words.code === 'zh-CN', null, { timeout: TIMEOUT });
    await focusBody(page);
    await page.keyboard.press('e');
    await page.waitForSelector('#export-dialog[open]');
    const words = await page.evaluate(() =>
      [...document.querySelectorAll('#export-dialog *')]
        .flatMap((e) => [...[...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent), e.getAttribute('aria-label') ?? ''])
        .join(' '),
    );
    const english = (words.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['WebM', 'GIF', 'PNG', 'WebCodecs'].includes(w));
    assert.deepEqual(english, [], words);
    for (const id of ['#export-title', '#export-legend']) await page.check(id);
    await page.uncheck('#export-narration');
    const length = await page.evaluate(() => document.querySelector('loopy-graph').length);
    await fontsSince(page);
    await make(page, '#export-png');
    const drawn = (await fontsSince(page)).filter((x) => x.w === 1280).map((x) => x.text);
    // The title as written here by hand, however it was wrapped.
    assert.equal(drawn.slice(0, -4).join('').replace(/\s+/g, ''), `有n=6个顶点、m=6条边的图。第0格，共${length}格。`);
    assert.deepEqual(drawn.slice(-4), ['必胜态', '必败态', '平局', '尚未确定'], 'the legend in Chinese, the graph’s third value a draw');
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('a GIF frame’s changed rectangle holds every changed pixel and no more rows or columns, the unchanged ones in it transparent', () => {
  // Random frames of 40 x 30 with a few changed pixels (or none), against a rectangle found by brute force here.
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const [w, h, clear] = [40, 30, 255];
  for (let round = 0; round < 200; round++) {
    const prev = Uint8Array.from({ length: w * h }, () => rand(4));
    const next = prev.slice();
    const changes = rand(6);
    for (let k = 0; k < changes; k++) next[rand(w * h)] = 4 + rand(4);
    const changed = [...next.keys()].filter((i) => next[i] !== prev[i]);
    const r = changedRect(prev, next, w, h, clear);
    if (!changed.length) {
      assert.equal(r, null, 'nothing changed: no rectangle');
      continue;
    }
    const xs = changed.map((i) => i % w);
    const ys = changed.map((i) => Math.floor(i / w));
    assert.deepEqual(
      [r.x, r.y, r.w, r.h],
      [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs) + 1, Math.max(...ys) - Math.min(...ys) + 1],
    );
    for (let y = 0; y < r.h; y++) {
      for (let x = 0; x < r.w; x++) {
        const i = (r.y + y) * w + r.x + x;
        assert.equal(r.pixels[y * r.w + x], next[i] === prev[i] ? clear : next[i]);
      }
    }
  }
});
