// element/camera.js: the element's zoom and pointer controller: zoom and pan (the view's camera), and the pointer on the canvas (hover, click, drag, pinch, wheel).

import { wirePointer } from './pointer.js';

/**
 * The camera of one element (`host`, the element core). The view (the element's, made when
 * it starts) brings the camera itself: `zoomable`, `zoomBy(factor, x, y, sel)`, `resetZoom()`,
 * `zoomLevel`, `canPan`, `pan(dx, dy)` and `hit(x, y)`; until it is there nothing zooms.
 */
export class Camera {
  #host;

  constructor(host) {
    this.#host = host;
    const pick = host._selection;
    wirePointer(host._parts.canvas, {
      hit: (x, y) => host._view?.hit(x, y) ?? null,
      same: (a, b) => host._targets.same(a, b),
      canPan: () => Boolean(host._view?.canPan),
      pan: (dx, dy) => {
        host._view.pan(dx, dy);
        this.moved();
      },
      zoom: (f, x, y) => this.zoom(f, x, y),
      wheelZooms: (e) => this.zoomable && (host._side.mode === 'full' || e.ctrlKey),
      hover: (t) => pick.hover(t),
      hovered: () => pick.hovered,
      click: (t) => {
        if (t === null) return pick.close(false);
        if (!host._pick(t)) return;
        pick.select(t);
        pick.why(t);
      },
    });
  }

  /** Whether the view can zoom now (it has something drawn). */
  get zoomable() {
    return Boolean(this.#host._view?.zoomable);
  }

  /** The zoom (1: the whole view). */
  get level() {
    return this.#host._view?.zoomLevel ?? 1;
  }

  /** Zooms by `factor` around the point (x, y) of the canvas (CSS px), or around the selection, or the centre. */
  zoom(factor, x, y) {
    if (!this.zoomable) return;
    this.#host._view.zoomBy(factor, x, y, this.#host._sel);
    this.moved();
  }

  /** The whole view again. */
  reset() {
    this.#host._view?.resetZoom();
    this.moved();
  }

  /** The view moved: everything is drawn again, and a popup pointing at the old place closes. */
  moved() {
    this.#host._session?.redrawAll();
    this.#host._selection.close(false);
    this.#host._redraw();
  }
}
