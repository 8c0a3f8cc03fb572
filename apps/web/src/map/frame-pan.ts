/** The part of a maplibre map that frame panning uses (a fake in the unit test). */
export interface PannableMap {
  getCanvas(): HTMLElement;
  getCanvasContainer(): HTMLElement;
  panBy(offset: [number, number], options: { animate: false }): unknown;
  dragPan: { enable(): unknown; disable(): unknown; isEnabled(): boolean };
  redraw(): unknown;
  triggerRepaint(): void;
  once(type: 'remove', listener: () => void): unknown;
}

/** Pixels a press may move and still be a click (maplibre's own click tolerance). */
const CLICK_TOLERANCE = 3;

/**
 * Mouse panning for a renderer too slow to redraw the map every frame (software WebGL: a machine without a GPU,
 * a virtual desktop). maplibre redraws the whole map at each pointer move; at 100 ms and more a frame, the drag
 * stutters at 5–9 frames per second and nobody can aim. Here the drag moves the last drawn frame as a picture
 * (a CSS transform the compositor applies), and the map draws once, where it is released: markers and popups
 * move with it, the strip uncovered at the edge fills on release, as tiles do in a tile map.
 *
 * A press of the left button on the map or on a marker (a cluster) is taken in the capture phase, before
 * maplibre hears it, and maplibre's own drag is off for its length. maplibre still sees the press, so its click
 * detection stays right; the click the browser sends when a drag ends over the marker it started on is dropped,
 * so a drag never zooms into a cluster or picks a point. Draggable markers (a site's pin), popups, Shift + drag
 * (box zoom), touch, the wheel and the keyboard keep maplibre's own handling.
 */
export function enableFramePan(map: PannableMap): () => void {
  const container = map.getCanvasContainer();
  const canvas = map.getCanvas();
  const doc = container.ownerDocument;
  const view = doc.defaultView ?? window;
  let start: { x: number; y: number } | null = null;
  let offset: [number, number] = [0, 0];
  let dragging = false;
  let swallowClick = false;
  /** maplibre's drag, turned off for the press (it stays off if the page had turned it off). */
  let paused = false;
  /**
   * maplibre's own redraw request, held for the length of a drag. Right after the first render, tiles, glyphs and
   * the cluster layer keep arriving, and each asks for a redraw of 60–100 ms on a software renderer: the picture
   * then moved at 30–48 frames per second instead of 55–60. What arrives during the drag is drawn on release.
   */
  const triggerRepaint = map.triggerRepaint;
  let repaintHeld = false;
  const holdRepaints = () => {
    map.triggerRepaint = () => {
      repaintHeld = true;
    };
  };
  const releaseRepaints = () => {
    map.triggerRepaint = triggerRepaint;
    const held = repaintHeld;
    repaintHeld = false;
    return held;
  };

  const place = (dx: number, dy: number) => {
    container.style.transform = dx === 0 && dy === 0 ? '' : `translate(${dx}px, ${dy}px)`;
  };
  // A layer of its own from the start: each move is composited, not painted again, and the first move of a drag
  // does not wait for the layer to be made (~100 ms here).
  container.style.willChange = 'transform';

  let frame = 0;
  const onMove = (e: MouseEvent) => {
    if (!start) return;
    // The press is ours: maplibre's window listener would measure the canvas (a forced layout) at every move.
    e.stopPropagation();
    offset = [e.clientX - start.x, e.clientY - start.y];
    if (!dragging && Math.hypot(...offset) < CLICK_TOLERANCE) return;
    if (!dragging) holdRepaints();
    dragging = true;
    container.style.cursor = 'grabbing';
    // One style write per frame, however many moves the browser delivers.
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (dragging) place(...offset);
    });
  };

  const stop = (commit: boolean) => {
    view.removeEventListener('mousemove', onMove, true);
    doc.removeEventListener('mouseup', onUp);
    start = null;
    if (paused) map.dragPan.enable();
    paused = false;
    if (!dragging) return;
    dragging = false;
    swallowClick = commit;
    container.style.cursor = '';
    const held = releaseRepaints();
    if (!commit && held) map.triggerRepaint();
    if (commit) {
      // The jump, the redraw and dropping the transform happen in one task: the next frame shows the map drawn
      // where it was released, never the old frame snapping back.
      map.panBy([-offset[0], -offset[1]], { animate: false });
      map.redraw();
    }
    place(0, 0);
  };

  function onUp(e: MouseEvent) {
    if (e.button === 0) stop(true);
  }

  /** The map itself, or a marker that does not drag on its own. */
  const pannable = (target: EventTarget | null) => {
    if (target === canvas) return true;
    const marker = target instanceof Element ? target.closest('.maplibregl-marker') : null;
    return marker !== null && !marker.classList.contains('maplibregl-marker-draggable');
  };

  const onDown = (e: MouseEvent) => {
    swallowClick = false;
    if (e.button !== 0 || e.shiftKey || !pannable(e.target) || !map.dragPan.isEnabled()) return;
    map.dragPan.disable();
    paused = true;
    start = { x: e.clientX, y: e.clientY };
    offset = [0, 0];
    view.addEventListener('mousemove', onMove, true);
    doc.addEventListener('mouseup', onUp);
  };

  const onClick = (e: MouseEvent) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.stopPropagation();
  };

  container.addEventListener('mousedown', onDown, true);
  container.addEventListener('click', onClick, true);
  const disable = () => {
    stop(false);
    container.removeEventListener('mousedown', onDown, true);
    container.removeEventListener('click', onClick, true);
    container.style.willChange = '';
  };
  map.once('remove', disable);
  return disable;
}
