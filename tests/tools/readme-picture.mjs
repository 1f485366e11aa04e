// The README's animated picture, made by Loopy's own export (js/export/export.js `renderClip`, what the page's Export
// dialog runs): a ring of 12 with Win, Lose and Loop, a position decided a step, as a GIF with its title, legend and
// narration. Run it against a server of www/ (`cargo xtask serve`), then look at the file:
//   LOOPY_URL=http://127.0.0.1:8000/ node tests/tools/readme-picture.mjs docs/solve.gif

import { writeFileSync } from 'node:fs';
import { launchBrowser, openPage } from '../browser.mjs';
import { waitReady } from '../page-helpers.mjs';

const out = process.argv[2] ?? 'docs/solve.gif';
const browser = await launchBrowser();
try {
  const { page, context } = await openPage(browser, '?n=12&s1=7,9&s2=3,7,9&g=resolutions&step=0', { viewport: { width: 1280, height: 800 } });
  await waitReady(page);
  const bytes = await page.evaluate(async () => {
    const { renderClip } = await import(new URL('js/export/export.js', document.baseURI).href);
    const el = document.querySelector('loopy-ring');
    const blob = await renderClip(el, {
      from: 0,
      to: el.length,
      speed: 2,
      fps: 2,
      width: 480,
      height: 460,
      format: 'gif',
      title: 'Ring game: n = 12, s1 = {7, 9}, s2 = {3, 7, 9}, solved backwards',
      legend: true,
      narration: true,
    });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  writeFileSync(out, Buffer.from(bytes));
  console.log(`${out}: ${bytes.length} bytes`);
  await context.close();
} finally {
  await browser.close();
}
