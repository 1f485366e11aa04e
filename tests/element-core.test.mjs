// The element core (www/js/element/): what <loopy-ring> and <loopy-graph> do alike, each
// behaviour pinned by one test body run on both elements: whether a game is on its way
// (`loading`, which the pages wait on), busy while the quiz's module comes, and the four behaviours the two copies had drifted
// apart on before the core was one: long errors shortened, colours left empty by a theme
// ignored, the side panel built when the element first comes into view, and the same game
// asked for again after a failure tried again.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launchBrowser, openPage, TIMEOUT } from './browser.mjs';
import { assertClean, pixelsAround } from './page-helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * The two elements, each with: a game that loads, a target on it that is Win once solved
 * (`winTarget`, the arguments of its `pointOf`), a change of attributes that the core
 * refuses with a message of over 200 characters (`longError`), and one it refuses as it
 * solves (`coreError`: set, fails, set to the same value again).
 */
const ELEMENTS = [
  {
    tag: 'loopy-ring',
    module: 'loopy-ring.js',
    narrate: '/js/ring/narrate.js',
    game: { n: '5', s1: '2,3', s2: '1-3' },
    winTarget: [1, 2],
    other: { n: '7' },
    longError: { n: '10000000', s1: '1-3000000', s2: '1-3000000' },
    coreError: ['n', '10000000', { s1: '1-3000000', s2: '1-3000000' }],
  },
  {
    tag: 'loopy-graph',
    module: 'loopy-graph.js',
    narrate: '/js/graph/graph-narrate.js',
    game: { graph: '1-2,2-3,3-4' },
    winTarget: [1],
    other: { graph: '1-2,2-1,2-3' },
    longError: { graph: null, random: `many${'x'.repeat(300)}` },
    coreError: ['goal', '9', {}],
  },
];

/** A page at the test server's origin holding `html` (the element's module from the server), with no policy of its own. */
async function hostPage(el, html) {
  const url = new URL('__element-core.html', BASE_URL).href;
  const doc = `<!doctype html><html lang="en"><head><title>Element core</title><script type="module" src="${new URL(el.module, BASE_URL).href}"></script></head><body>${html}</body></html>`;
  const opened = await openPage(browser, url, { html: doc });
  await opened.page.waitForFunction((tag) => customElements.get(tag) !== undefined, el.tag, { timeout: TIMEOUT });
  return opened;
}

const attrs = (a) =>
  Object.entries(a)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');

/** Waits until the element has drawn its game and is idle. */
function ready(page, tag) {
  return page.waitForFunction(
    (tag) => {
      const el = document.querySelector(tag);
      return el?.game && el.state === 'ready' && el.frameCount > 0;
    },
    tag,
    { timeout: TIMEOUT, polling: 'raf' },
  );
}

/**
 * Sets attributes on the element (null: removes it) and resolves with the next `loopy-error`'s
 * message and field (only those: its detail also holds the game asked for, whose step lists of
 * millions took Playwright minutes to hand back).
 */
function nextError(page, tag, set) {
  return page.evaluate(
    ({ tag, set, timeout }) =>
      new Promise((resolve) => {
        const el = document.querySelector(tag);
        el.addEventListener('loopy-error', (e) => resolve({ message: e.detail.message, field: e.detail.field }), { once: true });
        // No error at all is a failure, not a hang of the test (after the tests' one wait, TIMEOUT).
        setTimeout(() => resolve({ message: 'no loopy-error', field: null }), timeout);
        for (const [k, v] of Object.entries(set)) {
          if (v === null) el.removeAttribute(k);
          else el.setAttribute(k, v);
        }
      }),
    { tag, set, timeout: TIMEOUT },
  );
}

for (const el of ELEMENTS) {
  test(`<${el.tag}>: a game asked for is loading from its attributes' change until its first frame, and the game on screen until then is the one before`, async () => {
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page } = opened;
    try {
      await ready(page, el.tag);
      const seen = await page.evaluate(
        ({ tag, other, timeout }) =>
          new Promise((resolve) => {
            const e = document.querySelector(tag);
            const before = { loading: e.loading, game: JSON.stringify(e.game) };
            const seen = { before: before.loading };
            e.addEventListener('loopy-ready', () => resolve({ ...seen, atReady: e.loading, changed: JSON.stringify(e.game) !== before.game }), {
              once: true,
            });
            for (const [k, v] of Object.entries(other)) e.setAttribute(k, v);
            seen.asked = e.loading;
            seen.sameGame = JSON.stringify(e.game) === before.game;
            setTimeout(() => resolve({ ...seen, atReady: 'no loopy-ready' }), timeout);
          }),
        { tag: el.tag, other: el.other, timeout: TIMEOUT },
      );
      assert.deepEqual(seen, { before: false, asked: true, sameGame: true, atReady: false, changed: true });
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: while the quiz's module is on its way the element is busy, and it is ready with the quiz on screen`, async () => {
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page, context } = opened;
    try {
      await ready(page, el.tag);
      // The module is held back until the element has been looked at.
      let release;
      const held = new Promise((resolve) => {
        release = resolve;
      });
      await context.route('**/js/element/quiz.js', async (route) => {
        await held;
        await route.continue();
      });
      const during = await page.evaluate(async (tag) => {
        const e = document.querySelector(tag);
        e.setAttribute('quiz', '');
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { state: e.state, box: Boolean(e.shadowRoot.getElementById('quiz-box')) };
      }, el.tag);
      release();
      await ready(page, el.tag);
      const after = await page.evaluate((tag) => Boolean(document.querySelector(tag).shadowRoot.getElementById('quiz-box')), el.tag);
      assert.deepEqual({ during, after }, { during: { state: 'busy', box: false }, after: true });
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: the why popup's code comes with the first popup: a click fetches it once and opens the popup beside its mark`, async () => {
    const fetched = [];
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page, context } = opened;
    try {
      context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await ready(page, el.tag);
      const popupFiles = () => fetched.filter((f) => f.endsWith('/js/element/popup.js'));
      assert.deepEqual(popupFiles(), [], 'nothing of the popup before a state is clicked');
      const spot = await page.evaluate(({ tag, target }) => document.querySelector(tag).pointOf(...target), { tag: el.tag, target: el.winTarget });
      await page.mouse.click(spot.x, spot.y);
      const box = await page.waitForFunction(
        (tag) => {
          const p = document.querySelector(tag).shadowRoot.querySelector('.popup');
          if (p.hidden || !p.querySelector('.jump')) return null;
          const r = p.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, position: getComputedStyle(p).position };
        },
        el.tag,
        { timeout: TIMEOUT },
      );
      const r = await box.jsonValue();
      assert.equal(r.position, 'absolute', 'the popup has its look');
      // Beside the mark, not over it (element/popup.js besideMark).
      const inside = spot.x >= r.left && spot.x <= r.right && spot.y >= r.top && spot.y <= r.bottom;
      assert.ok(!inside, `the popup (${JSON.stringify(r)}) leaves the mark at ${spot.x},${spot.y} in view`);
      // Closed and opened again: no second fetch.
      await page.keyboard.press('Escape');
      await page.mouse.click(spot.x, spot.y);
      await page.waitForFunction((tag) => !document.querySelector(tag).shadowRoot.querySelector('.popup').hidden, el.tag, { timeout: TIMEOUT });
      assert.equal(popupFiles().length, 1, `the popup's module once: ${fetched.join(', ')}`);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: a why popup whose code cannot be fetched says so where it would be, and the element goes on working`, async () => {
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page, context } = opened;
    try {
      await ready(page, el.tag);
      await context.route('**/js/element/popup.js', (route) => route.abort());
      const spot = await page.evaluate(({ tag, target }) => document.querySelector(tag).pointOf(...target), { tag: el.tag, target: el.winTarget });
      await page.mouse.click(spot.x, spot.y);
      await page.waitForFunction((tag) => !document.querySelector(tag).shadowRoot.querySelector('.popup').hidden, el.tag, { timeout: TIMEOUT });
      const said = await page.evaluate((tag) => document.querySelector(tag).shadowRoot.querySelector('.popup').textContent, el.tag);
      assert.match(said, /could not be loaded/);
      await goesOn(page, el.tag);
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: a long error is short in the element's alert and whole in its title`, async () => {
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page } = opened;
    try {
      await ready(page, el.tag);
      const detail = await nextError(page, el.tag, el.longError);
      assert.ok(detail.message.length > 200, `a long message: ${detail.message.length} characters`);
      const item = page.locator(`${el.tag} [part="error"] li`);
      const shown = await item.textContent();
      assert.ok(shown.length <= 121 && shown.endsWith('…'), `shortened: ${shown}`);
      assert.equal(await item.getAttribute('title'), detail.message);
      assert.ok(detail.message.startsWith(shown.slice(0, -1)));
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: in a post, a click on its narration gives it the keys (→ steps), and a click on a button keeps the button's focus`, async () => {
    const opened = await hostPage(el, `<p>Before.</p><${el.tag} ${attrs(el.game)} controls="compact"></${el.tag}><p>After.</p>`);
    const { page } = opened;
    try {
      await ready(page, el.tag);
      await page.locator(`${el.tag} [part="narration"]`).click();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((tag) => document.querySelector(tag).step === 1, el.tag, { timeout: TIMEOUT });
      const play = page.locator(`${el.tag} [part="controls"] button`).first();
      await play.click();
      const focused = await page.evaluate((tag) => document.querySelector(tag).shadowRoot.activeElement?.tagName, el.tag);
      assert.equal(focused, 'BUTTON', 'the button keeps the focus it took');
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: a theme colour left empty keeps the element's own colour`, async () => {
    // `initial` makes the custom property empty (the guaranteed-invalid value).
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)} style="--loopy-win: initial"></${el.tag}>`);
    const { page } = opened;
    try {
      await ready(page, el.tag);
      await page.evaluate((tag) => document.querySelector(tag).seek(Number.POSITIVE_INFINITY), el.tag);
      await page.waitForFunction((tag) => document.querySelector(tag).step === document.querySelector(tag).length, el.tag, { timeout: TIMEOUT });
      await ready(page, el.tag);
      // Pixels around the Win target's mark: the default Win colour (#0072B2) among them.
      const [row] = await pixelsAround(
        page,
        el.tag,
        [el.winTarget],
        Array.from({ length: 13 }, (_, k) => [k - 6, -4]),
      );
      const colours = [...new Set(row.map((px) => px.join(',')))];
      assert.ok(colours.includes('0,114,178'), `the Win mark keeps #0072B2: ${colours.join(' ')}`);
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: its side panel is built when it first comes into view, not while the post is parsed`, async () => {
    const opened = await hostPage(el, `<div style="height: 3000px">A long post.</div><${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page } = opened;
    try {
      const side = () => page.evaluate((tag) => document.querySelector(tag).shadowRoot.querySelector('[part="side"]').childElementCount, el.tag);
      assert.equal(await side(), 0, 'nothing built below the fold');
      await page.evaluate((tag) => document.querySelector(tag).scrollIntoView(), el.tag);
      await ready(page, el.tag);
      assert.ok((await side()) > 0, 'built once in view');
      assertClean(assert, opened);
    } finally {
      await opened.context.close();
    }
  });

  test(`<${el.tag}>: the same game asked for again after the core refused it is tried again`, async () => {
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page } = opened;
    const [name, value, also] = el.coreError;
    try {
      await ready(page, el.tag);
      const first = await nextError(page, el.tag, { ...also, [name]: value });
      assert.notEqual(first.message, 'no loopy-error', 'the core refused the game');
      // The same value set again (the attribute does not change): a second try, a second error.
      const again = await nextError(page, el.tag, { [name]: value });
      assert.equal(again.message, first.message);
      assert.equal(again.field, first.field);
    } finally {
      await opened.context.close();
    }
  });
}

for (const el of ELEMENTS) {
  test(`<${el.tag}>: the narration of events comes with the first step told: nothing of it before, that step's loopy-step carries its own sentence and settled() waits for it, fetched once; one that cannot be fetched is said so, and the element steps on`, async () => {
    for (const fails of [false, true]) {
      const fetched = [];
      const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
      const { page, context } = opened;
      try {
        context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
        if (fails) await context.route(`**${el.narrate}`, (route) => route.abort());
        await ready(page, el.tag);
        const files = () => fetched.filter((f) => f.endsWith(el.narrate));
        assert.deepEqual(files(), [], `nothing of the narration before a step: ${fetched.join(', ')}`);
        const start = await page.evaluate((tag) => document.querySelector(tag).narration, el.tag);
        assert.match(start, /^Start/, 'the start is said without it');
        const told = (m) =>
          page.evaluate(
            ({ tag, m }) =>
              new Promise((resolve) => {
                const e = document.querySelector(tag);
                e.addEventListener('loopy-step', (ev) => resolve({ step: ev.detail.step, said: ev.detail.narration }), { once: true });
                e.seek(m);
              }),
            { tag: el.tag, m },
          );
        const first = await told(1);
        assert.equal(first.step, 1);
        if (fails) {
          assert.equal(first.said, 'The narration could not be loaded: check the connection and try again.');
        } else {
          assert.ok(first.said && first.said !== start && !/could not be loaded/.test(first.said), `the step's own sentence: ${first.said}`);
        }
        const second = await told(2);
        assert.equal(second.step, 2, 'the element steps on');
        const settled = await page.evaluate(async (tag) => {
          const e = document.querySelector(tag);
          await e.settled();
          return e.narration;
        }, el.tag);
        assert.equal(settled, second.said, 'the narration shown is the one the event carried');
        if (!fails) {
          assert.equal(files().length, 1, `the narration's module once: ${fetched.join(', ')}`);
          assertClean(assert, opened);
        }
      } finally {
        await opened.context.close();
      }
    }
  });
}

/** After a module could not come, the element goes on: its state is selected, it steps, and its popup closes. */
async function goesOn(page, tag) {
  assert.ok(await page.evaluate((tag) => document.querySelector(tag).selected !== null, tag), 'the state is selected');
  await page.evaluate((tag) => document.querySelector(tag).seek(1), tag);
  await page.waitForFunction((tag) => document.querySelector(tag).step === 1, tag, { timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await page.waitForFunction((tag) => document.querySelector(tag).shadowRoot.querySelector('.popup').hidden, tag, { timeout: TIMEOUT });
}

/**
 * A module the first question of why needs (`blocked`, a route glob) cannot be fetched:
 * the popup opened by a click on a Win state says so where it would be, the element says
 * nothing of the state, and it goes on working.
 */
async function popupSaysUnloaded(blocked) {
  const el = ELEMENTS[0];
  const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
  const { page, context } = opened;
  try {
    await context.route(blocked, (route) => route.abort());
    await ready(page, el.tag);
    const spot = await page.evaluate(({ tag, target }) => document.querySelector(tag).pointOf(...target), { tag: el.tag, target: el.winTarget });
    await page.mouse.click(spot.x, spot.y);
    await page.waitForFunction(
      (tag) => /could not be loaded/.test(document.querySelector(tag).shadowRoot.querySelector('.popup:not([hidden])')?.textContent ?? ''),
      el.tag,
      { timeout: TIMEOUT },
    );
    assert.equal(await page.evaluate((tag) => document.querySelector(tag).describe(1, 2), el.tag), null, 'nothing said of the state');
    await goesOn(page, el.tag);
  } finally {
    await opened.context.close();
  }
}

test('<loopy-ring>: a why module that cannot be fetched: the popup says so where it would be, and the element goes on working', async () => {
  // The worker asks for the ring's why module (pkg/ring-why/) on the first question of why.
  await popupSaysUnloaded('**/pkg/ring-why/**');
});

test("<loopy-ring>: the inspector's code comes with the first state explained: describe() says nothing until it is here, then loopy-describe follows, settled() waits for it, and it is fetched once", async () => {
  const el = ELEMENTS[0];
  const fetched = [];
  const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
  const { page, context } = opened;
  try {
    context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await ready(page, el.tag);
    const inspectFiles = () => fetched.filter((f) => f.endsWith('/js/ring/inspect.js'));
    assert.deepEqual(inspectFiles(), [], 'nothing of the inspector before a state is explained');
    // The module is held back until the element has been asked.
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    await context.route('**/js/ring/inspect.js', async (route) => {
      await held;
      await route.continue();
    });
    const during = await page.evaluate(async (tag) => {
      const e = document.querySelector(tag);
      window.__described = new Promise((resolve) => e.addEventListener('loopy-describe', resolve, { once: true }));
      e.select(1, 2);
      const first = e.describe(1, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      window.__settled = e.settled().then(() => e.describe(1, 2)?.value ?? null);
      return { first, state: e.state, later: e.describe(1, 2) };
    }, el.tag);
    assert.deepEqual(during, { first: null, state: 'busy', later: null });
    release();
    const value = await page.evaluate(() => window.__settled);
    assert.match(value ?? '', /^Win\b/, 'said once the inspector is here, when settled() resolves');
    await page.evaluate(() => window.__described);
    assert.equal(inspectFiles().length, 1, `the inspector's module once: ${fetched.join(', ')}`);
    assertClean(assert, opened);
  } finally {
    await opened.context.close();
  }
});

test('<loopy-ring>: an inspector whose code cannot be fetched: the popup says so where it would be, and the element goes on working', async () => {
  await popupSaysUnloaded('**/js/ring/inspect.js');
});

test("<loopy-ring>: what marks a checked answer's differences comes when a page first flags some: settled() waits for it, and one that cannot be fetched leaves nothing flagged and says so", async () => {
  const el = ELEMENTS[0];
  const diff = [{ player: 1, pos: 2, expected: 'Win', found: 'Lose' }];
  for (const fails of [false, true]) {
    const fetched = [];
    const opened = await hostPage(el, `<${el.tag} ${attrs(el.game)}></${el.tag}>`);
    const { page, context } = opened;
    try {
      context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      if (fails) await context.route('**/js/element/flags.js', (route) => route.abort());
      await ready(page, el.tag);
      const flagsFiles = () => fetched.filter((f) => f.endsWith('/js/element/flags.js'));
      assert.deepEqual(flagsFiles(), [], 'nothing of the flags before a page flags');
      const after = await page.evaluate(
        async ({ tag, diff }) => {
          const e = document.querySelector(tag);
          e.flagged = [];
          e.flagged = diff;
          await e.settled();
          const sr = e.shadowRoot;
          return {
            flagged: e.flagged.map((f) => [f.player, f.pos]),
            box: sr.querySelector('.box').classList.contains('flagged'),
            said: sr.querySelector('.sr[aria-live]').textContent,
          };
        },
        { tag: el.tag, diff },
      );
      if (fails) {
        assert.deepEqual([after.flagged, after.box], [[], false], 'nothing flagged');
        assert.match(after.said, /could not be marked/);
      } else {
        assert.deepEqual([after.flagged, after.box], [[[1, 2]], true], 'flagged once settled');
        assert.equal(flagsFiles().length, 1, `the flags' module once: ${fetched.join(', ')}`);
        assertClean(assert, opened);
      }
    } finally {
      await opened.context.close();
    }
  }
});
