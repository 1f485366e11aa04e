// controls.js: transport buttons, scrubber, speed, granularity, keyboard shortcuts and URL sync.

import { SPEEDS, serializeQuery } from './url.js';

const $ = (id) => document.getElementById(id);
const fmt = (x) => x.toLocaleString('en-US');

/** Keys a focused element handles itself (text fields take all of them). */
function ownsKey(t, key) {
  const tag = t.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable) return true;
  if (tag === 'INPUT') return !['radio', 'range', 'checkbox'].includes(t.type) || key !== '+' && key !== '-';
  if (tag === 'BUTTON' || tag === 'A') return key === ' ' || key === 'Enter';
  return false;
}

/**
 * Wires the controls to `app` (see main.js) and returns { render(view), syncUrl(view, force) }.
 */
export function setupControls(app) {
  const speed = $('speed');
  for (const s of SPEEDS) speed.add(new Option(`${fmt(s)} per second`, String(s)));
  $('start').onclick = () => app.jump(0);
  $('back').onclick = () => app.step(-1);
  $('play').onclick = () => app.toggle();
  $('fwd').onclick = () => app.step(1);
  $('end').onclick = () => app.jump(Infinity);
  const scrubber = $('scrubber');
  scrubber.addEventListener('input', () => app.scrub(Number(scrubber.value)));
  speed.addEventListener('change', () => app.setSpeed(Number(speed.value)));
  for (const r of document.querySelectorAll('input[name="gran"]')) {
    r.addEventListener('change', () => r.checked && app.setGran(r.value));
  }

  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (ownsKey(t, e.key)) return;
    const onRing = t.id === 'ring';
    switch (e.key) {
      case ' ':
        app.toggle();
        break;
      case 'ArrowLeft':
      case 'ArrowRight': {
        const d = e.key === 'ArrowLeft' ? -1 : 1;
        if (onRing) app.moveSel(0, d);
        else if (t.tagName !== 'INPUT') app.step(d);
        else return;
        break;
      }
      case 'ArrowUp':
      case 'ArrowDown':
      case 'PageUp':
      case 'PageDown':
        if (!onRing) return;
        if (e.key === 'ArrowUp') app.moveSel(1, 0);
        else if (e.key === 'ArrowDown') app.moveSel(2, 0);
        else app.moveSel(0, e.key === 'PageUp' ? -10 : 10);
        break;
      case 'Home':
      case 'End':
        if (t.tagName === 'INPUT') return;
        app.jump(e.key === 'Home' ? 0 : Infinity);
        break;
      case '+':
      case '=':
        app.faster(1);
        break;
      case '-':
      case '_':
      case '−':
        app.faster(-1);
        break;
      case 'Escape':
        if (!onRing) return;
        app.select(null);
        break;
      default:
        return;
    }
    e.preventDefault();
  });

  let shown = {};
  let urlAt = 0;
  let lastUrl = '';
  return {
    /** Brings buttons, scrubber and fields in line with `v`: { playing, position, target, length, speed, g }. */
    render(v) {
      const s = `${v.playing}|${v.position}|${v.target}|${v.length}|${v.speed}|${v.g}`;
      if (s === shown.key) return;
      shown.key = s;
      $('play-text').textContent = v.playing ? 'Pause' : 'Play';
      $('play-icon').setAttribute('d', v.playing ? 'M3 2h4v12H3zM9 2h4v12H9z' : 'M4 2v12l10-6z');
      scrubber.max = String(v.length);
      scrubber.value = String(v.target);
      scrubber.setAttribute('aria-valuetext', `step ${fmt(v.target)} of ${fmt(v.length)}`);
      $('step-out').textContent = `${fmt(v.position)} of ${fmt(v.length)}`;
      speed.value = String(v.speed);
      for (const r of document.querySelectorAll('input[name="gran"]')) r.checked = r.value === v.g;
    },
    /** Keeps the address bar on the view; while playing, at most about once a second. */
    syncUrl(v, force) {
      const q = serializeQuery(v);
      if (q === lastUrl) return;
      const now = performance.now();
      if (!force && now - urlAt < 1000) return;
      urlAt = now;
      lastUrl = q;
      history.replaceState(null, '', location.pathname + q);
      const full = $('open-full');
      if (full) full.href = location.pathname + serializeQuery({ ...v, embed: false, autoplay: false });
    },
  };
}
