// tour.js: a short guided tour of the second sample: each step sets up the element (the same playback), points at a part and says what happens and why.

import { put, t } from './page-lang.js';

const SAMPLE2 = { n: '8', s1: '2-4,6', s2: '3,6' };

/**
 * The steps. Each one says what is on screen (`text`: its catalog key); `go(ring)` puts it there through the
 * element's own API (granularity, seek, jump to the step that decides a state, select,
 * highlight), so the picture is the real search at that point, not a drawing of it.
 */
export const STEPS = [
  {
    text: 'page.tour.step1',
    go: (r) => {
      r.granularity = 'resolutions';
      r.seek(0);
      r.select(null);
      r.highlight('ring');
    },
  },
  {
    text: 'page.tour.step2',
    go: (r) => {
      r.seek(0);
      r.highlight('ring');
    },
  },
  {
    text: 'page.tour.step3',
    go: async (r) => {
      await r.jumpToDecided(2, 5); // the last of those
      r.select(1, 6);
      r.highlight('ring');
    },
  },
  {
    text: 'page.tour.step4',
    go: (r) => {
      r.select(2, 7);
      r.highlight('legend');
    },
  },
  {
    text: 'page.tour.step5',
    go: async (r) => {
      await r.jumpToDecided(2, 7);
      r.select(2, 7);
      r.highlight('narration');
    },
  },
  {
    text: 'page.tour.step6',
    go: async (r) => {
      await r.jumpToDecided(1, 1);
      r.select(1, 1);
      r.highlight('narration');
    },
  },
  {
    text: 'page.tour.step7',
    go: (r) => {
      r.seek(Infinity);
      r.select(2, 1);
      r.highlight('ring');
    },
  },
  {
    text: 'page.tour.step8',
    go: (r) => r.highlight('controls'),
  },
];

/**
 * Runs the tour on `ring` (the page's element) with the panel's elements `ui` =
 * { box, text, count, back, next, close }. `onEnd()` runs when it is closed.
 */
export function tour(ring, ui, onEnd) {
  let k = 0;
  const show = async () => {
    const at = k;
    put(ui.count, () => t('page.tour.count', { k: at + 1, of: STEPS.length }));
    put(ui.text, () => t(STEPS[at].text));
    put(ui.next, () => t(at === STEPS.length - 1 ? 'page.tour.finish' : 'page.tour.next'));
    // While the ring is set up (a jump may wait for the worker), the buttons wait too.
    ui.back.disabled = ui.next.disabled = true;
    await STEPS[k].go(ring);
    ui.back.disabled = k === 0;
    ui.next.disabled = false;
    ui.next.focus({ preventScroll: true });
  };
  const end = () => {
    ui.box.hidden = true;
    ring.highlight(null);
    onEnd();
  };
  ui.back.onclick = () => {
    if (k > 0) k--;
    show();
  };
  ui.next.onclick = () => {
    if (k === STEPS.length - 1) return end();
    k++;
    show();
  };
  ui.close.onclick = end;
  ui.box.hidden = false;
  return show();
}

/** The game the tour is about, as field texts. */
export const TOUR_GAME = SAMPLE2;
