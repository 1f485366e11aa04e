// frames.js: the one requestAnimationFrame loop that every element on a page shares; it runs only while something asks for frames.

const waiting = new Set();
let raf = 0;

/** Calls `client.frame(time)` at the next animation frame (once, however often it is asked). */
export function requestFrame(client) {
  waiting.add(client);
  if (!raf) raf = requestAnimationFrame(run);
}

function run(t) {
  raf = 0;
  const now = [...waiting];
  waiting.clear();
  for (const c of now) c.frame(t);
}

/** How many clients wait for a frame (0 when nothing moves): for tests and the bench. */
export function waitingCount() {
  return waiting.size;
}
