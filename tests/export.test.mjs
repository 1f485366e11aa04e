// Exports from the page's dialog: a PNG of the frame on screen at twice its size (decoded
// by Chromium, its size read from its header), WebM clips read back with ffprobe (frame
// count, duration, size), GIF clips decoded by Chromium's own ImageDecoder (frame count),
// cancelling, a browser without WebCodecs, and all of it under the strict CSP.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { CSP_URL, launchBrowser, TIMEOUT } from './browser.mjs';
import { assertClean, canvasPicture, gameQuery, openLoopy, recordCanvasText, waitReady } from './page-helpers.mjs';

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
  const opened = await openLoopy(browser, gameQuery(...SAMPLE2, '&step=20'), { init: recordCanvasText });
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
