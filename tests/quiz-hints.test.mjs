// The quiz hides every hint to the value it asks for: while a question is open, the frame draws no move of the asked
// state or vertex as the one that decides it (the ring's accent arrow onto the hole, the graph's accent edge) and no
// optimal play through it; its mark is the "?" one. Once answered, the picture shows them again. The canvas's strokes
// are recorded as drawn (colour, and whether the path is a line: an arrow, not a ring round a mark).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Records every stroked line path of every canvas (`window.__lines`: { style, width, dash }), arcs left out. */
function recordLines() {
  const P = CanvasRenderingContext2D.prototype;
  const lined = new WeakSet();
  window.__lines = [];
  const begin = P.beginPath;
  P.beginPath = function () {
    lined.delete(this);
    return begin.call(this);
  };
  const move = P.moveTo;
  P.moveTo = function (...a) {
    lined.add(this);
    return move.apply(this, a);
  };
  const stroke = P.stroke;
  P.stroke = function (...a) {
    if (lined.has(this)) window.__lines.push({ style: this.strokeStyle, width: this.lineWidth, dash: this.getLineDash().length > 0 });
    return stroke.apply(this, a);
  };
}

async function hostPage(module, tag, html) {
  const url = new URL('__quiz-hints.html', BASE_URL).href;
  const doc = `<!doctype html><html lang="en"><head><title>Quiz hints</title><script type="module" src="${new URL(module, BASE_URL).href}"></script></head><body>${html}</body></html>`;
  const opened = await openPage(browser, url, { html: doc, script: recordLines });
  await opened.page.waitForFunction((tag) => customElements.get(tag) !== undefined, tag, { timeout: TIMEOUT });
  return opened;
}

/**
 * The lines of a fresh frame of the element `tag`, by colour: `accent` (the move being checked), `ink` (optimal play),
 * with what the quiz asks (`asked`: the vertex or state index, -1 when nothing) and the asked mark's label.
 */
async function frameLines(page, tag) {
  return page.evaluate(async (tag) => {
    const el = document.querySelector(tag);
    const scratch = document.createElement('canvas').getContext('2d');
    const norm = (c) => {
      scratch.strokeStyle = c;
      return scratch.strokeStyle;
    };
    const { accent, ink } = el._view.colors;
    const frames = el.frameCount;
    window.__lines = [];
    el._redraw();
    while (el.frameCount === frames) await new Promise((r) => requestAnimationFrame(r));
    const lines = window.__lines;
    return {
      asked: el._asking.askedIndex,
      accent: lines.filter((l) => l.style === norm(accent)).length,
      ink: lines.filter((l) => l.style === norm(ink) && !l.dash).length,
    };
  }, tag);
}

/** Waits until the quiz asks (playback stopped at its question, whose facts have come); `play`: playing on past other stops (the graph's layers). */
function asked(page, tag, play = false) {
  return page.waitForFunction(
    ({ tag, play }) => {
      const el = document.querySelector(tag);
      const b = el.shadowRoot.querySelector('.guess');
      if (el._asking.askedIndex >= 0) return b && !b.disabled && !el.playing && el.state === 'ready';
      if (play && !el.playing && el.state === 'ready') el.play();
      return false;
    },
    { tag, play },
    { timeout: TIMEOUT, polling: 100 },
  );
}

/** Answers the question with the button `outcome`, and waits until nothing is asked. */
async function answer(page, tag, outcome) {
  await page.evaluate(({ tag, outcome }) => document.querySelector(tag).shadowRoot.querySelector(`.guess[data-guess="${outcome}"]`).click(), {
    tag,
    outcome,
  });
  await page.waitForFunction(
    (tag) => document.querySelector(tag)._asking.askedIndex < 0 && document.querySelector(tag).quizScore.answered === 1,
    tag,
    {
      timeout: TIMEOUT,
    },
  );
}

const PLAYS = [
  // The first state the search decides moves into the hole: a Win, its deciding move the arrow onto the hole.
  { tag: 'loopy-ring', module: 'loopy-ring.js', html: '<loopy-ring n="5" s1="2,3" s2="1-3" controls="full" speed="50" quiz></loopy-ring>' },
  // Vertex 3 is decided first (a Win: its move onto 4, which has none).
  { tag: 'loopy-graph', module: 'loopy-graph.js', html: '<loopy-graph graph="1-2,2-3,3-4" controls="full" speed="50" quiz></loopy-graph>' },
];

for (const el of PLAYS) {
  test(`<${el.tag}>: while the quiz asks for the value the step decides, no move of the asked one is drawn as the deciding one; once answered it is`, async () => {
    const opened = await hostPage(el.module, el.tag, el.html);
    const { page } = opened;
    try {
      await page.waitForFunction(
        (tag) => {
          const e = document.querySelector(tag);
          return e?.game && e.state === 'ready' && e.shadowRoot.getElementById('quiz-box');
        },
        el.tag,
        { timeout: TIMEOUT },
      );
      await asked(page, el.tag, true);
      const asking = await frameLines(page, el.tag);
      const mark = await page.evaluate((tag) => {
        const e = document.querySelector(tag);
        return tag === 'loopy-graph' ? e.marks.find((m) => m.v === e._asking.askedIndex) : null;
      }, el.tag);
      assert.ok(asking.asked >= 0, 'a question is open');
      assert.equal(asking.accent, 0, `no accent arrow (the deciding move) while the quiz asks: ${JSON.stringify(asking)}`);
      if (mark) assert.deepEqual([mark.shape, mark.label], ['asked', '?']);
      await answer(page, el.tag, 'Win');
      const answered = await frameLines(page, el.tag);
      assert.equal(answered.asked, -1);
      assert.ok(answered.accent >= 1, `the deciding move shows again once answered: ${JSON.stringify(answered)}`);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });
}

test('<loopy-graph>: optimal play through the vertex the quiz asks about is hidden until it is answered', async () => {
  const tag = 'loopy-graph';
  const opened = await hostPage('loopy-graph.js', tag, `<${tag} graph="1-2,2-3,3-4" start="1" step="999" controls="full"></${tag}>`);
  const { page } = opened;
  try {
    await page.waitForFunction((tag) => document.querySelector(tag)?.game && document.querySelector(tag).state === 'ready', tag, {
      timeout: TIMEOUT,
    });
    // Optimal play comes from the worker once the run is over: its three moves (1→2→3→4) drawn in ink, besides the
    // other ink lines of the picture (the start's and the sink's signs), which stay.
    let before;
    for (let k = 0; k < 100 && !(before?.ink >= 3); k++) {
      before = await frameLines(page, tag);
      await page.waitForTimeout(100);
    }
    const plain = (await frameLines(page, tag)).ink;
    assert.ok(plain >= 3, `without the quiz optimal play is drawn: ${plain}`);
    await page.evaluate((tag) => {
      const e = document.querySelector(tag);
      e.select(2);
      e.setAttribute('quiz', '');
    }, tag);
    await asked(page, tag);
    const asking = await frameLines(page, tag);
    assert.equal(asking.asked, 2);
    assert.equal(asking.ink, plain - 3, `no optimal play drawn while vertex 2 is asked: ${JSON.stringify(asking)} (${plain} without the quiz)`);
    await answer(page, tag, 'Lose');
    const answered = await frameLines(page, tag);
    assert.equal(answered.ink, plain, `optimal play shows again once answered: ${JSON.stringify(answered)}`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});
