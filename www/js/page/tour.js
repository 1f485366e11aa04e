// tour.js: a short guided tour of the second sample: each step sets up the element (the same playback), points at a part and says what happens and why.

const SAMPLE2 = { n: '8', s1: '2-4,6', s2: '3,6' };

/**
 * The steps. Each one says what is on screen; `go(ring)` puts it there through the
 * element's own API (granularity, seek, jump to the step that decides a state, select,
 * highlight), so the picture is the real search at that point, not a drawing of it.
 */
export const STEPS = [
  {
    text: 'This is the ring game with 8 positions. The outer ring is every position with player 1 to move, the inner ring the same positions with player 2 to move. Player 1 steps by 2, 3, 4 or 6; player 2 by 3 or 6. Nothing is known yet.',
    go: (r) => {
      r.granularity = 'resolutions';
      r.seek(0);
      r.select(null);
      r.highlight('ring');
    },
  },
  {
    text: 'The black bar at the top is the hole, position 0. Whoever moves the token onto it wins at once. The search starts there and works backwards.',
    go: (r) => {
      r.seek(0);
      r.highlight('ring');
    },
  },
  {
    text: 'First, every state with a step onto the hole is a win in 1 move: the blue circles. Player 1 at 6, for example, wins by stepping +2 onto the hole.',
    go: async (r) => {
      await r.jumpToDecided(2, 5); // the last of those
      r.select(1, 6);
      r.highlight('ring');
    },
  },
  {
    text: 'Grey circles are not decided yet. The small number in the corner counts their moves that are still open: not yet known to hand the opponent a win.',
    go: (r) => {
      r.select(2, 7);
      r.highlight('legend');
    },
  },
  {
    text: 'Player 2 at 7 has two moves, +3 to 2 and +6 to 5, and both hand player 1 a win: every move from here loses, so this is a loss, Lose in 2 moves (1 each). The orange square.',
    go: async (r) => {
      await r.jumpToDecided(2, 7);
      r.select(2, 7);
      r.highlight('narration');
    },
  },
  {
    text: 'Now player 1 at 1 can step +6 to 7, where player 2 is sure to lose. So player 1 at 1 wins, in 3 moves: its own +6, player 2’s reply, and its step onto the hole.',
    go: async (r) => {
      await r.jumpToDecided(1, 1);
      r.select(1, 1);
      r.highlight('narration');
    },
  },
  {
    text: 'The search goes on, depth by depth, until nothing is left to check. Player 2 at 1 holds out longest: Lose in 6 moves (3 each). Every state got decided, so this game has no Loop.',
    go: (r) => {
      r.seek(Infinity);
      r.select(2, 1);
      r.highlight('ring');
    },
  },
  {
    text: 'That is the whole idea. Click any state (or select one with Shift and the arrow keys) and the inspector says why it has its value; press Play to watch the whole search, or pick another game below.',
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
    ui.count.textContent = `(${k + 1} of ${STEPS.length})`;
    ui.text.textContent = STEPS[k].text;
    ui.next.textContent = k === STEPS.length - 1 ? 'Finish' : 'Next';
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
