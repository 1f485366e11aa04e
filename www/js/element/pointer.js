// element/pointer.js: the pointer on an element's canvas: hover, click, drag to pan, pinch and wheel to zoom, for any view that hit-tests.

/**
 * Wires the pointer on `canvas` to `host`, which offers:
 * - `hit(x, y)`: the target under the canvas point (CSS px), or null;
 * - `same(a, b)`: whether two targets are one;
 * - `canPan()`: whether a drag pans (the view is zoomed in); `pan(dx, dy)`;
 * - `zoom(factor, x, y)`; `wheelZooms(e)`: whether the wheel zooms (not in someone
 *   else's post without Ctrl, so that scrolling past the element stays scrolling);
 * - `hover(t)`: the target under a mouse changed; `hovered()`: the one under it now;
 * - `click(t)`: a target was clicked (null: the empty canvas).
 */
export function wirePointer(canvas, host) {
  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  // Pointers down: one drags the view (when zoomed in), two pinch-zoom it.
  const down = new Map();
  let dragged = false;
  let pinch = 0;
  canvas.addEventListener('pointerdown', (e) => {
    down.set(e.pointerId, local(e));
    dragged = false;
    if (down.size === 2) {
      const [a, b] = [...down.values()];
      pinch = Math.hypot(a[0] - b[0], a[1] - b[1]);
    }
  });
  canvas.addEventListener('pointermove', (e) => {
    const prev = down.get(e.pointerId);
    if (prev) {
      const here = local(e);
      down.set(e.pointerId, here);
      if (down.size === 2) {
        const [a, b] = [...down.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch > 0) host.zoom(d / pinch, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        pinch = d;
        dragged = true;
      } else if (host.canPan()) {
        const [dx, dy] = [here[0] - prev[0], here[1] - prev[1]];
        if (dragged || Math.hypot(dx, dy) > 3) {
          dragged = true;
          canvas.setPointerCapture?.(e.pointerId);
          host.pan(dx, dy);
        }
      }
      return;
    }
    if (e.pointerType !== 'mouse') return;
    const t = host.hit(...local(e));
    if (!host.same(t, host.hovered())) host.hover(t);
  });
  const up = (e) => {
    down.delete(e.pointerId);
    if (down.size < 2) pinch = 0;
  };
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  canvas.addEventListener('pointerleave', () => host.hovered() !== null && host.hover(null));
  canvas.addEventListener('click', (e) => {
    if (!dragged) host.click(host.hit(...local(e)));
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      if (!host.wheelZooms(e)) return;
      e.preventDefault();
      host.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0025)), ...local(e));
    },
    { passive: false },
  );
  return { local };
}
