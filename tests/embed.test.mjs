// Loopy in any post (issue 32), as a blogger puts it there: the npm package that `cargo xtask dist`
// writes, served from one origin with CORS (as a CDN serves it), and the posts from another. One
// loopy.js defines <loopy-ring> (English, and zh-CN with P/N terms), <loopy-graph> and <loopy-story>
// with the values the CLI gives; Markdown rendered by markdown-it and marked (from npm), and the HTML
// that Hugo, Jekyll, Hexo and pandoc write (tests/fixtures/markdown/), becomes figures, a `js` block
// stays code; a post whose CSP forbids workers, whose worker file is missing or whose wasm comes
// without CORS says so in the element (and fires loopy-error with a stable code) instead of staying
// at "Solving…"; no uncaught error anywhere. Also: the story's iframe at 390 px in a post on another
// origin takes the paragraph the reader is reading, and a post with one ring through loopy.js
// downloads at most 2 KB (gzipped) more than through loopy-ring.js.
//
// The servers are node's own, started here on free ports (LOOPY_DIST_DIR: what `cargo xtask dist` wrote).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { DIST_DIR, launchBrowser, listen, runCli, serveFiles, TIMEOUT } from './browser.mjs';
import { answerWords, cliAnswer } from './page-helpers.mjs';

const NPM = join(DIST_DIR, 'npm');
const FIXTURES = new URL('./fixtures/markdown/', import.meta.url);
/** How much more a post with one ring downloads through loopy.js than through loopy-ring.js, at most (gzipped bytes). */
const ONE_SCRIPT_EXTRA = 2 * 1024;
/** A ring and a graph the CLI answers for. */
const RING = { n: 8, s1: [2, 3, 4, 6], s2: [3, 6] };
const GRAPH = {
  edges: [
    [1, 2],
    [2, 3],
    [3, 1],
    [3, 4],
  ],
  goal: 4,
  start: 1,
};

/** `root` served as a CDN serves a package: every file with CORS (`noCors` and `missing`: see serveFiles). */
const files = (root, options = {}) => serveFiles(root, { cors: true, ...options });

/** A server of posts: `put(path, html, csp?)` adds one (sent with that Content-Security-Policy). */
async function posts() {
  const pages = new Map();
  const server = createServer((req, res) => {
    const page = pages.get(new URL(req.url, 'http://x').pathname);
    if (!page) {
      res.writeHead(404);
      return res.end('not found');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(page.csp ? { 'content-security-policy': page.csp } : {}) });
    res.end(page.html);
  });
  const s = await listen(server);
  return { ...s, put: (path, html, csp = null) => pages.set(path, { html, csp }) && new URL(path, s.url).href };
}

/** A post: `body` under a head that loads `script` (one module script). */
const post = (script, body, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">
<script type="module" src="${script}"></script></head><body><main>${body}</main></body></html>`;

let browser;
let cdn;
let blog;
before(async () => {
  browser = await launchBrowser();
  cdn = await files(NPM);
  blog = await posts();
});
after(async () => {
  await browser?.close();
  cdn?.close();
  blog?.close();
});

/**
 * Opens `url` in a fresh context (`viewport`), keeping what went wrong: `uncaught` (the page's
 * uncaught errors), `errors` (console errors) and `failed` (requests that failed or got >= 400).
 */
async function open(url, { viewport = { width: 1280, height: 900 }, init } = {}) {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(TIMEOUT);
  await init?.(context);
  const page = await context.newPage();
  const seen = { uncaught: [], errors: [], failed: [] };
  page.on('pageerror', (e) => seen.uncaught.push(String(e.stack || e)));
  page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()));
  page.on('requestfailed', (r) => seen.failed.push(`${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && seen.failed.push(`${r.status()} ${r.url()}`));
  await page.addInitScript(() => {
    window.__loopyErrors = [];
    addEventListener('loopy-error', (e) => window.__loopyErrors.push({ code: e.detail.code, message: e.detail.message }), true);
  });
  await page.goto(url);
  return { page, context, seen };
}

/** Scrolls to each element matching `selector` in turn and waits until it is ready. */
async function allReady(page, selector) {
  const count = await page.locator(selector).count();
  for (let k = 0; k < count; k++) {
    await page.locator(selector).nth(k).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      ({ selector, k }) => {
        const el = document.querySelectorAll(selector)[k];
        return el?.state === 'ready' && el.game;
      },
      { selector, k },
      { timeout: TIMEOUT },
    );
  }
  return count;
}

const WORD = { 0: 'Loop', 1: 'Win', 2: 'Lose' };

/** Each ring matching `selector`: its values as the CLI's two lines of words give them (position 0, the hole, left out). */
function ringWords(page, selector) {
  return page.evaluate(
    ({ selector, WORD }) => [...document.querySelectorAll(selector)].map((el) => [1, 2].map((p) => [...el.outcomes(p)].slice(1).map((c) => WORD[c]))),
    { selector, WORD },
  );
}

/** The CLI's words for the ring game `RING`. */
async function ringCli() {
  return answerWords(await cliAnswer(RING.n, RING.s1, RING.s2));
}

/** `loopy graph`'s answer for each vertex of GRAPH but the goal, as a start: 1, -1 or 0. */
async function graphCli() {
  const starts = [1, 2, 3];
  const text = `4 ${GRAPH.edges.length} ${starts.length}\n${GRAPH.edges.map((e) => e.join(' ')).join('\n')}\n${starts.map((s) => `${s} ${GRAPH.goal}`).join('\n')}\n`;
  const { stdout, code, stderr } = await runCli(text, ['graph']);
  assert.equal(code, 0, stderr);
  return stdout.trim().split('\n');
}

/** Each graph matching `selector`: the value of vertices 1 to 3 in `loopy graph`'s words. */
function graphWords(page, selector) {
  return page.evaluate(
    (selector) => [...document.querySelectorAll(selector)].map((el) => [1, 2, 3].map((v) => ({ 1: '1', 2: '-1', 0: '0' })[el.outcomes()[v]])),
    selector,
  );
}

const ringAttrs = `n="${RING.n}" s1="${RING.s1.join(',')}" s2="${RING.s2.join(',')}"`;
const graphAttrs = `graph="${GRAPH.edges.map((e) => e.join('-')).join(',')}" goal="${GRAPH.goal}" start="${GRAPH.start}"`;

test('one loopy.js from another origin: a ring (English, and zh-CN with P/N terms), a graph and a story, with the CLI’s values and no error', async () => {
  const url = blog.put(
    '/elements.html',
    post(
      `${cdn.url}loopy.js`,
      `<h1>A post</h1>
<loopy-ring id="en" ${ringAttrs} controls="compact">A ring.</loopy-ring>
<loopy-ring id="zh" ${ringAttrs} lang="zh-CN" terms="pn" controls="compact">环。</loopy-ring>
<loopy-graph ${graphAttrs} controls="compact">A graph.</loopy-graph>
<loopy-story><loopy-ring slot="figure" ${ringAttrs} speed="60">The figure.</loopy-ring>
<p data-loopy="step=0">At the start.</p><p data-loopy="step=12 selected=2:5">Step 12.</p></loopy-story>`,
    ),
  );
  const { page, context, seen } = await open(url);
  try {
    assert.equal(await allReady(page, 'loopy-ring'), 3);
    assert.equal(await allReady(page, 'loopy-graph'), 1);
    const cli = await ringCli();
    assert.deepEqual(await ringWords(page, 'loopy-ring'), [cli, cli, cli]);
    assert.deepEqual(await graphWords(page, 'loopy-graph'), [await graphCli()]);
    // The Chinese ring speaks Chinese with P/N terms: its legend says P态 and N态 (必胜态 under Win/Lose terms).
    const legend = await page.evaluate(() => document.getElementById('zh').shadowRoot.querySelector('[part~="legend"]').textContent);
    assert.match(legend, /N态/);
    assert.match(legend, /P态/);
    // From the other origin too: the why popup's module, the worker's why module (the judge text), the rules links.
    await page.evaluate(() => document.getElementById('en').showWhy(1, 2));
    await page.waitForFunction(
      () => /token at 2/.test(document.getElementById('en').shadowRoot.querySelector('[part~="popup"]:not([hidden])')?.textContent),
      null,
      {
        timeout: TIMEOUT,
      },
    );
    const why = await page.evaluate(async () => {
      const el = document.getElementById('en');
      return {
        popup: el.shadowRoot.querySelector('[part~="popup"]').textContent,
        judge: await el.judgeText(),
        rules: ['en', 'zh'].map((id) => document.getElementById(id).shadowRoot.getElementById('term').href),
      };
    });
    assert.equal(why.judge.trimEnd(), await cliAnswer(RING.n, RING.s1, RING.s2));
    assert.match(why.popup, /Player 1 to move, token at 2/);
    assert.ok(why.rules[0].startsWith(`${cdn.url}rules.html`), why.rules[0]);
    assert.ok(why.rules[1].startsWith(`${cdn.url}rules.zh-CN.html`), why.rules[1]);
    // The graph drawn by its layout worker (started from the graph worker, a blob: of the page's origin too) with
    // the layout library from the other origin; a picture of each element (what a story prints) made and read.
    await page.waitForFunction(() => document.querySelector('loopy-graph').marks?.length === 4, null, { timeout: TIMEOUT });
    const pictures = await page.evaluate(async () => {
      const sizes = [];
      for (const el of [document.getElementById('en'), document.querySelector('loopy-graph')]) {
        const blob = await el.pictureCanvas().convertToBlob({ type: 'image/png' });
        sizes.push(blob.size > 0);
      }
      return sizes;
    });
    assert.deepEqual(pictures, [true, true]);
    // The story's figure takes its second paragraph's view.
    await page.evaluate(() => document.querySelector('loopy-story').show(1));
    await page.waitForFunction(() => {
      const f = document.querySelector('loopy-story').figure;
      return f.step === 12 && f.state === 'ready' && f.selected?.pos === 5;
    });
    // Every file came from the other origin, none failed, and nothing was uncaught.
    assert.deepEqual(seen, { uncaught: [], errors: [], failed: [] });
    assert.deepEqual(await page.evaluate(() => window.__loopyErrors), []);
  } finally {
    await context.close();
  }
});

/** Turns a Markdown post into a page that loads loopy.js from the other origin. */
function markdownPost(path, html, lang = 'en') {
  return blog.put(path, post(`${cdn.url}loopy.js`, html, lang));
}

/**
 * What every rendering of tests/fixtures/markdown/post.md becomes: two rings (one in a story)
 * and a graph with the CLI's values, the `js` block still code, the story with its three
 * views and its plain paragraph, the heading after it outside.
 */
async function assertFigures(url, name) {
  const { page, context, seen } = await open(url);
  try {
    // The blocks become figures once the page has loaded: three of them (the js block is not one).
    await page.waitForFunction(() => document.querySelectorAll('.loopy-block').length === 3, null, { timeout: TIMEOUT });
    assert.equal(await allReady(page, 'loopy-ring'), 2, `${name}: the ring and the story's figure`);
    assert.equal(await allReady(page, 'loopy-graph'), 1, `${name}: the graph`);
    const cli = await ringCli();
    assert.deepEqual(await ringWords(page, 'loopy-ring'), [cli, cli], name);
    assert.deepEqual(await graphWords(page, 'loopy-graph'), [await graphCli()], name);
    const shape = await page.evaluate(() => {
      const story = document.querySelector('loopy-story');
      return {
        code:
          [...document.querySelectorAll('pre, code')].filter(
            (c) => !c.closest('loopy-ring, loopy-graph, loopy-story') && /console\.log/.test(c.textContent),
          ).length > 0,
        notes: [...document.querySelectorAll('.loopy-block-note')].filter((n) => !n.hidden).map((n) => n.textContent),
        views: [...story.querySelectorAll('[data-loopy]')].map((p) => p.dataset.loopy),
        texts: [...story.querySelectorAll('[data-loopy]')].map((p) => p.textContent.trim().replace(/\s+/g, ' ')),
        plain: [...story.children].filter((c) => c.matches('p:not([data-loopy])')).map((p) => p.textContent),
        figure: story.figure?.localName,
        after: story.closest('.loopy-block').nextElementSibling?.textContent,
      };
    });
    assert.deepEqual(
      shape,
      {
        code: true,
        notes: [],
        views: ['step=0', "step=12 selected=2:5 caption='Player 2 at 5: look at each move.'", 'step=end granularity=layers'],
        texts: ['At the start only the hole is known.', 'Position 5 is decided here.', 'At the end, the loops are what is left.'],
        plain: ['A plain paragraph in between.'],
        figure: 'loopy-ring',
        after: 'After',
      },
      name,
    );
    await page.evaluate(() => document.querySelector('loopy-story').show(1));
    await page.waitForFunction(() => {
      const f = document.querySelector('loopy-story').figure;
      return f.step === 12 && f.state === 'ready' && f.selected?.pos === 5;
    });
    assert.deepEqual(seen, { uncaught: [], errors: [], failed: [] }, name);
  } finally {
    await context.close();
  }
}

test('Markdown rendered by markdown-it and by marked: its loopy code blocks become figures with the CLI’s values, a story takes its marked paragraphs, a js block stays code', async () => {
  const md = readFileSync(new URL('post.md', FIXTURES), 'utf8');
  await assertFigures(markdownPost('/markdown-it.html', new MarkdownIt().render(md)), 'markdown-it');
  await assertFigures(markdownPost('/marked.html', await marked.parse(md)), 'marked');
});

test('the HTML that Hugo, Jekyll, Hexo and pandoc write for the same Markdown becomes the same figures', async () => {
  for (const name of ['hugo', 'jekyll', 'hexo', 'pandoc']) {
    await assertFigures(markdownPost(`/${name}.html`, readFileSync(new URL(`${name}.html`, FIXTURES), 'utf8')), name);
  }
});

test('a block may say any attribute (lang and terms too); a block with mistakes becomes an element that says them, its text still readable', async () => {
  const md = [
    '```loopy',
    'n = 8',
    's1 = 2-4,6',
    's2 = 3,6',
    'lang = zh-CN',
    'terms = pn',
    'controls = full',
    '```',
    '',
    '```loopy-ring',
    'n = 8',
    's1 = 2-4,6',
    's2 = 3,6',
    'colour = red',
    'not an attribute line!',
    '```',
    '',
    '```loopy',
    'n = 1',
    's1 = 2',
    's2 = 3',
    '```',
    '',
  ].join('\n');
  const { page, context, seen } = await open(markdownPost('/attrs.html', new MarkdownIt().render(md)));
  try {
    await page.waitForFunction(() => document.querySelectorAll('.loopy-block').length === 3, null, { timeout: TIMEOUT });
    await allReady(page, 'loopy-ring:not([n="1"])');
    const zh = await page.evaluate(() => {
      const el = document.querySelectorAll('loopy-ring')[0];
      return {
        lang: el.getAttribute('lang'),
        terms: el.getAttribute('terms'),
        controls: el.getAttribute('controls'),
        legend: el.shadowRoot.querySelector('[part~="legend"]').textContent,
      };
    });
    assert.deepEqual({ ...zh, legend: undefined }, { lang: 'zh-CN', terms: 'pn', controls: 'full', legend: undefined });
    assert.match(zh.legend, /P态/);
    // The second block: its element works with what is right, and a note names each mistake, with the block's text.
    const second = await page.evaluate(() => {
      const box = document.querySelectorAll('.loopy-block')[1];
      const note = box.querySelector('.loopy-block-note');
      return {
        hidden: note.hidden,
        lines: [...note.querySelectorAll('p')].map((p) => p.textContent),
        source: note.querySelector('pre')?.textContent,
      };
    });
    assert.equal(second.hidden, false);
    assert.deepEqual(second.lines, [
      'Line 4 of this Loopy block: <loopy-ring> has no attribute “colour”.',
      'Line 5 of this Loopy block is not “name = value”: not an attribute line!',
    ]);
    assert.match(second.source, /colour = red/);
    // The third: a value the element refuses shows the element's own error, and the block's text under it.
    await page.locator('loopy-ring[n="1"]').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('loopy-ring[n="1"]').state === 'error', null, { timeout: TIMEOUT });
    const third = await page.evaluate(() => {
      const el = document.querySelector('loopy-ring[n="1"]');
      const note = el.closest('.loopy-block').querySelector('.loopy-block-note');
      return {
        error: el.shadowRoot.querySelector('[part~="error"]').textContent,
        hidden: note.hidden,
        source: note.querySelector('pre')?.textContent,
      };
    });
    assert.match(third.error, /n = 1 is too small/);
    assert.equal(third.hidden, false);
    assert.equal(third.source, 'n = 1\ns1 = 2\ns2 = 3');
    assert.deepEqual(seen.uncaught, []);
  } finally {
    await context.close();
  }
});

test('loopy.auto = false: no block becomes a figure until loopy.run(root); blocks added later (a re-rendered page) are upgraded by run', async () => {
  const body = new MarkdownIt().render('```loopy\nn = 8\ns1 = 2-4,6\ns2 = 3,6\n```\n');
  const url = blog.put(
    '/manual.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>manual</title><link rel="icon" href="data:,">
<script type="module">import { loopy } from '${cdn.url}loopy.js'; loopy.auto = false; window.loopyApi = loopy;</script></head>
<body><main id="main">${body}</main><div id="later"></div></body></html>`,
  );
  const { page, context, seen } = await open(url);
  try {
    await page.waitForFunction(() => document.readyState === 'complete' && window.loopyApi);
    // Long enough for an automatic upgrade to have happened, were it on (a liveness wait, not a measure).
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => document.querySelectorAll('loopy-ring').length), 0, 'still code');
    assert.equal(await page.evaluate(() => window.loopy === window.loopyApi), true, 'window.loopy is the API');
    await page.evaluate(() => window.loopy.run(document.getElementById('main')));
    assert.equal(await allReady(page, 'loopy-ring'), 1);
    // A page that renders more Markdown later (VitePress, Docusaurus on navigation) calls run() again.
    await page.evaluate(() => {
      const pre = document.createElement('pre');
      const code = document.createElement('code');
      code.className = 'language-loopy';
      code.textContent = 'n = 8\ns1 = 2-4,6\ns2 = 3,6\n';
      pre.append(code);
      document.getElementById('later').append(pre);
      return window.loopy.run();
    });
    assert.equal(await allReady(page, 'loopy-ring'), 2);
    assert.deepEqual(seen, { uncaught: [], errors: [], failed: [] });
  } finally {
    await context.close();
  }
});

/**
 * Opens a post that loads loopy.js from `files` (with `csp`, if given) with one ring, and waits
 * (a bound only a hang breaks) until the ring has left its loading state: returns what the
 * element says, the loopy-error events and what went wrong in the page.
 */
async function failedStart(files, csp = null, name = 'failed') {
  const url = blog.put(`/${name}.html`, post(`${files.url}loopy.js`, `<loopy-ring ${ringAttrs} controls="compact">A ring.</loopy-ring>`), csp);
  const { page, context, seen } = await open(url);
  try {
    // In error: by then it is said (the box's words come with element/errors.js, and the state waits for them).
    await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'error', null, { timeout: TIMEOUT });
    return {
      said: await page.evaluate(() => {
        const el = document.querySelector('loopy-ring');
        const box = el.shadowRoot.querySelector('[part~="error"]');
        return { box: box.hidden ? null : box.textContent, narration: el.narration, loading: el.loading };
      }),
      events: await page.evaluate(() => window.__loopyErrors),
      seen,
    };
  } finally {
    await context.close();
  }
}

test('a post whose CSP forbids workers: the element says what failed and what to do, fires loopy-error start.blocked, and nothing is uncaught', async () => {
  const csp = `default-src 'self'; script-src 'self' ${cdn.url.slice(0, -1)} 'wasm-unsafe-eval'; style-src 'self'; worker-src 'none'`;
  const { said, events, seen } = await failedStart(cdn, csp, 'csp');
  assert.match(said.box, /Content-Security-Policy does not allow its worker \(worker-src\)/);
  assert.match(said.box, new RegExp(`Allow blob: and ${cdn.url.slice(0, -1)} in worker-src`));
  assert.match(said.box, /iframe/);
  assert.equal(said.narration, '', 'nothing is said to be loading: the box says it all');
  assert.equal(said.loading, false);
  assert.deepEqual(
    events.map((e) => e.code),
    ['start.blocked'],
  );
  assert.equal(events[0].message, said.box);
  assert.deepEqual(seen.uncaught, []);
});

test('the same in Chinese: the element says it in the post’s language', async () => {
  const csp = `default-src 'self'; script-src 'self' ${cdn.url.slice(0, -1)} 'wasm-unsafe-eval'; worker-src 'none'`;
  const url = blog.put('/csp-zh.html', post(`${cdn.url}loopy.js`, `<loopy-ring ${ringAttrs}>环。</loopy-ring>`, 'zh-CN'), csp);
  const { page, context, seen } = await open(url);
  try {
    // In error: by then it is said (the box's words come with element/errors.js, and the state waits for them).
    await page.waitForFunction(() => document.querySelector('loopy-ring')?.state === 'error', null, { timeout: TIMEOUT });
    const box = await page.evaluate(() => document.querySelector('loopy-ring').shadowRoot.querySelector('[part~="error"]').textContent);
    assert.match(box, /^Loopy 无法在此页面启动：页面的内容安全策略（CSP）不允许它的 worker/);
    assert.deepEqual(seen.uncaught, []);
  } finally {
    await context.close();
  }
});

test('a worker file missing, or a wasm sent without CORS: the element says which, with a stable code, and nothing is uncaught', async () => {
  const missing = await files(NPM, { missing: /\/js\/workers\/worker\.js$/ });
  const noWasmCors = await files(NPM, { noCors: /\.wasm$/ });
  try {
    const gone = await failedStart(missing, null, 'missing');
    assert.match(gone.said.box, new RegExp(`${missing.url}js/workers/worker\\.js is missing \\(HTTP 404\\)`));
    assert.deepEqual(
      gone.events.map((e) => e.code),
      ['start.missing'],
    );
    assert.deepEqual(gone.seen.uncaught, []);
    const wasm = await failedStart(noWasmCors, null, 'nowasm');
    assert.match(wasm.said.box, /its WebAssembly could not be loaded/);
    assert.deepEqual(
      wasm.events.map((e) => e.code),
      ['start.wasm'],
    );
    assert.deepEqual(wasm.seen.uncaught, []);
  } finally {
    missing.close();
    noWasmCors.close();
  }
});

/** The story page (story.html) of the dist site, for the iframe route: its address for a ring story of four paragraphs. */
function storyAddress(site, lang = null) {
  const q = new URLSearchParams();
  q.set('figure', 'loopy-ring');
  if (lang) q.set('lang', lang);
  for (const [k, v] of Object.entries({ n: '8', s1: '2-4,6', s2: '3,6', controls: 'compact', terms: 'pn' })) q.set(k, v);
  const paragraphs = [
    ['step=0', 'At the start only the hole is known: every state is grey, and the search begins from the hole.'],
    ['step=12 selected=2:5', 'Position 5 is decided here. Look at each of its moves and what it hands the other player.'],
    ['step=30', 'Thirty steps in, most states have a value, and the counters of the rest go down.'],
    ['step=end granularity=layers', 'At the end, the loops are what is left: neither player can force a win from them.'],
  ];
  for (const [s, t] of paragraphs) q.append('p', `${s}\n${t}`);
  return `${site}story.html?${q}`;
}

test('the story iframe at 390 px in a post on another origin: the figure takes the paragraph the reader sees below it; lang, terms, a Chinese font, its height told', async () => {
  const site = await files(join(DIST_DIR, 'site'));
  try {
    const dir = (await (await fetch(site.url)).text()).match(/href="(loopy-[^"/]+)\//)[1];
    const src = storyAddress(`${site.url}${dir}/`, 'zh-CN');
    // The snippet the story writer gives: the iframe and the parent's lines that size it.
    const { storyIframe } = await import('../www/js/story/markup.js');
    const url = blog.put(
      '/story-frame.html',
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>帖子</title><link rel="icon" href="data:,">
<style>iframe { max-width: 100%; border: 0 } .tall { height: 2000px }</style></head><body><p>一篇文章。</p>${storyIframe(src, '故事')}<p class="tall">后文。</p></body></html>`,
    );
    const { page, context, seen } = await open(url, { viewport: { width: 390, height: 844 } });
    try {
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForFunction(() => document.querySelector('loopy-story')?.figure?.state === 'ready', null, { timeout: TIMEOUT });
      const look = await frame.evaluate(() => ({
        lang: document.documentElement.lang,
        terms: document.querySelector('loopy-story').figure.getAttribute('terms'),
        font: getComputedStyle(document.body).fontFamily,
        // At 390 px a story shows its figure without controls (no legend): its words say the terms, its keys list too.
        keys: document
          .querySelector('loopy-story')
          .figure.keys.map(([, what]) => what)
          .join(' '),
      }));
      assert.equal(look.lang, 'zh-CN');
      assert.equal(look.terms, 'pn');
      assert.match(look.font, /PingFang SC/);
      assert.doesNotMatch(look.font, /Georgia/);
      assert.match(look.keys, /P态/);
      // The parent's lines made the frame as high as the story, at most 90 % of the viewport: it scrolls inside.
      await page.waitForFunction(() => document.querySelector('iframe').height === String(Math.round(innerHeight * 0.9)), null, { timeout: TIMEOUT });
      // Scrolled inside the frame step by step: whenever the figure takes a paragraph, that paragraph's top is
      // below the figure (the reader sees it), never hidden under it.
      const taken = new Set();
      for (let y = 0; ; y += 60) {
        const at = await frame.evaluate((y) => {
          scrollTo(0, y);
          return new Promise((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const story = document.querySelector('loopy-story');
                const figure = story.shadowRoot.querySelector('[part~="figure"]').getBoundingClientRect();
                const tops = [...story.querySelectorAll('[data-loopy]')].map((p) => p.getBoundingClientRect().top);
                resolve({ at: story.at, figure: figure.bottom, tops, end: scrollY + innerHeight >= document.documentElement.scrollHeight - 1 });
              }),
            ),
          );
        }, y);
        if (at.at >= 0 && !taken.has(at.at)) {
          taken.add(at.at);
          assert.ok(
            at.tops[at.at] >= at.figure - 1,
            `paragraph ${at.at} taken at ${y} with its top at ${at.tops[at.at]}, under the figure (to ${at.figure})`,
          );
        }
        if (at.end) break;
      }
      assert.deepEqual([...taken].sort(), [0, 1, 2, 3], 'every paragraph was taken');
      assert.deepEqual(seen.uncaught, []);
    } finally {
      await context.close();
    }
  } finally {
    site.close();
  }
});

/**
 * What a fresh English post with one ring downloads before any interaction, from the package's
 * server, until its ring is ready: the gzipped bytes (level 9) of each file it requested, its own
 * HTML left out.
 */
async function firstDownload(script) {
  const url = blog.put(`/weight-${script}.html`, post(`${cdn.url}${script}`, `<loopy-ring ${ringAttrs} controls="compact">A ring.</loopy-ring>`));
  const urls = [];
  const { page, context } = await open(url, { init: (c) => c.on('request', (r) => r.url().startsWith(cdn.url) && urls.push(r.url())) });
  try {
    await allReady(page, 'loopy-ring');
  } finally {
    await context.close();
  }
  const sizes = {};
  for (const u of urls) sizes[u.slice(cdn.url.length)] = gzipSync(readFileSync(join(NPM, u.slice(cdn.url.length))), { level: 9 }).length;
  return sizes;
}

test('a post with one ring through loopy.js downloads at most 2 KB (gzipped) more than through loopy-ring.js, and nothing of the other elements', async (t) => {
  const one = await firstDownload('loopy-ring.js');
  const all = await firstDownload('loopy.js');
  const sum = (s) => Object.values(s).reduce((a, b) => a + b, 0);
  t.diagnostic(`through loopy-ring.js: ${(sum(one) / 1024).toFixed(1)} KB (${Object.keys(one).join(', ')})`);
  t.diagnostic(`through loopy.js: ${(sum(all) / 1024).toFixed(1)} KB, ${sum(all) - sum(one)} bytes more`);
  assert.deepEqual(Object.keys(all).sort(), [...Object.keys(one), 'loopy.js'].sort(), 'loopy.js, then what loopy-ring.js loads');
  assert.ok(sum(all) - sum(one) <= ONE_SCRIPT_EXTRA, `${sum(all) - sum(one)} bytes more`);
});
