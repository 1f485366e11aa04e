// ring/narrate.js: the narration of each event of a ring's search in the reader's words, fetched when an element first tells an event (a post that is never played never downloads it).

// No imports: fetched on its own (ring/ring-words.js), this module would otherwise fetch
// its imports as files of their own, though the element's bundle holds them. The values in
// words it says events with come from ring/explain.js (NARRATE_WORDS).

/**
 * The narrator: `narrate(g, ev, w)`, one line for an event (undefined: the start of the
 * run), and `skipNote(w, left, loops)`, the line said when playback skips the `left` checks
 * left once every decidable state is decided (`loops` states never decided). `g` is a game
 * context (ring/explain.js), `w` the reader's words; each sentence is one message of the
 * catalog (`ring.say.*`).
 */
export function narrator({ valueWords, valueByPlayers, lasting, valueText, otherPlayer, en }) {
  /** The last line of a run: how many states were never decided (Loops). */
  const doneLine = (w, loops) => (loops ? w.t('ring.say.done', { count: loops }) : w.t('ring.say.done.none'));

  function narrate(g, ev, w = en) {
    if (!ev) return w.t('ring.say.start');
    const { player: p, pos } = ev;
    const q = p ? otherPlayer(p) : 0;
    switch (ev.kind) {
      case 'resolve': {
        const value = valueByPlayers(w, ev.outcome, ev.depth, ev.plies, p, q);
        if (ev.outcome === 'Win') {
          return ev.succ === 0
            ? w.t('ring.say.win.hole', { p, pos, step: ev.step, value })
            : w.t('ring.say.win', { p, pos, q, step: ev.step, succ: ev.succ, value });
        }
        const k = g.steps[p].length;
        if (k === 1) return w.t('ring.say.lose.one', { p, pos, q, value });
        if (k === 2) return w.t('ring.say.lose.two', { p, pos, q, value });
        return w.t('ring.say.lose.all', { p, pos, q, value, count: k });
      }
      case 'pop':
        return w.t('ring.say.pop', { p, pos, q, value: valueWords(w, ev.outcome, ev.depth) });
      case 'update':
        return w.t('ring.say.update', { p, pos, q, step: ev.step, succ: ev.succ, moves: g.steps[p].length, count: ev.left });
      case 'skip':
        return w.t('ring.say.skip', { p, pos, step: ev.step, succ: ev.succ, value: valueText(g, p, pos, w) });
      case 'layer': {
        const params = { depth: ev.depth, lasting: lasting(w, ev.depth), count: ev.count };
        if (ev.count === 1) return w.t('ring.say.layer.one', params);
        if (ev.count === 2) return w.t('ring.say.layer.two', params);
        return w.t('ring.say.layer.all', params);
      }
      case 'done':
        return doneLine(w, ev.loops);
      default:
        return '';
    }
  }

  const skipNote = (w, left, loops) => w.t('ring.say.skipped', { count: left, done: doneLine(w, loops) });
  return { narrate, skipNote };
}
