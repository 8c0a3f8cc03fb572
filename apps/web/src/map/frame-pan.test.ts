import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableFramePan, type PannableMap } from './frame-pan.ts';

/** A map's DOM as maplibre builds it (a canvas and a marker in the canvas container) and a recording fake map. */
function setUp() {
  const container = document.createElement('div');
  const canvas = document.createElement('canvas');
  // maplibre wraps each marker's element in a .maplibregl-marker; a site's pin is also -draggable.
  const marker = document.createElement('div');
  marker.className = 'maplibregl-marker';
  const cluster = document.createElement('button');
  marker.append(cluster);
  const pin = document.createElement('div');
  pin.className = 'maplibregl-marker maplibregl-marker-draggable';
  container.append(canvas, marker, pin);
  document.body.append(container);
  const calls: string[] = [];
  const removeListeners: (() => void)[] = [];
  let dragPan = true;
  const map: PannableMap = {
    getCanvas: () => canvas,
    getCanvasContainer: () => container,
    panBy: (offset) => calls.push(`panBy ${offset.join(',')} transform=${container.style.transform || 'none'}`),
    redraw: () => calls.push(`redraw transform=${container.style.transform || 'none'}`),
    triggerRepaint: () => {
      calls.push('repaint requested');
    },
    dragPan: {
      enable: () => {
        dragPan = true;
      },
      disable: () => {
        dragPan = false;
      },
      isEnabled: () => dragPan,
    },
    once: (_type, listener) => removeListeners.push(listener),
  };
  // What maplibre itself hears (its listeners sit on the canvas container, bubbling), and whether its own drag
  // would start: it does when its drag handler is on as it hears the press.
  const maplibreHeard: string[] = [];
  container.addEventListener('mousedown', (e) =>
    maplibreHeard.push(`mousedown@${(e.target as Element).tagName} ${dragPan ? 'maplibre drags' : 'frame drags'}`),
  );
  container.addEventListener('click', (e) => maplibreHeard.push(`click@${(e.target as Element).tagName}`));
  let clusterClicks = 0;
  cluster.addEventListener('click', () => clusterClicks++);
  const disable = enableFramePan(map);
  const remove = () => {
    for (const listener of removeListeners) listener();
  };
  return {
    map,
    container,
    canvas,
    cluster,
    pin,
    calls,
    maplibreHeard,
    disable,
    remove,
    dragPanOn: () => dragPan,
    clusterClicks: () => clusterClicks,
  };
}

const mouse = (target: EventTarget, type: string, x: number, y: number, init: MouseEventInit = {}) => {
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, ...init }));
  // The frame moves once per animation frame.
  if (type === 'mousemove') vi.advanceTimersToNextFrame();
};

/** A press and release in place: the browser's click follows on the element pressed. */
const click = (target: EventTarget, x: number, y: number) => {
  mouse(target, 'mousedown', x, y);
  mouse(document, 'mouseup', x, y);
  mouse(target, 'click', x, y);
};

describe('frame panning (software WebGL)', () => {
  let env: ReturnType<typeof setUp>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    env = setUp();
  });
  afterEach(() => {
    env.disable();
    env.container.remove();
    vi.useRealTimers();
  });

  it('moves the drawn frame while dragging, then pans the map once and redraws it where it was released', () => {
    const { container, canvas, calls, maplibreHeard } = env;
    // maplibre follows moves on the document (capture); during the press they are not its business.
    let maplibreMoves = 0;
    const countMove = () => maplibreMoves++;
    document.addEventListener('mousemove', countMove, true);
    mouse(document, 'mousemove', 90, 90);
    mouse(canvas, 'mousedown', 100, 100);
    // maplibre hears the press (its click detection needs it) with its own drag off.
    expect(maplibreHeard).toEqual(['mousedown@CANVAS frame drags']);
    mouse(document, 'mousemove', 130, 90);
    expect(container.style.transform).toBe('translate(30px, -10px)');
    expect(container.style.cursor).toBe('grabbing');
    mouse(document, 'mousemove', 160, 60);
    expect(container.style.transform).toBe('translate(60px, -40px)');
    expect(calls).toEqual([]);
    expect(maplibreMoves).toBe(1);
    document.removeEventListener('mousemove', countMove, true);

    mouse(document, 'mouseup', 160, 60);
    // The map moves the other way round from the hand, and draws before the picture is let go.
    expect(calls).toEqual(['panBy -60,40 transform=translate(60px, -40px)', 'redraw transform=translate(60px, -40px)']);
    expect(container.style.transform).toBe('');
    expect(container.style.cursor).toBe('');
    expect(env.dragPanOn()).toBe(true);

    // The click the browser sends after the drag is no click on the map; the next one is.
    mouse(canvas, 'click', 160, 60);
    click(canvas, 10, 10);
    expect(maplibreHeard.filter((h) => h.startsWith('click'))).toEqual(['click@CANVAS']);
  });

  it('holds the redraws maplibre asks for while the frame is dragged: what arrived is drawn on release', () => {
    const { canvas, calls } = env;
    // How maplibre asks, when a tile or a glyph arrives: through the map object.
    const arrive = () => env.map.triggerRepaint();
    arrive();
    expect(calls).toEqual(['repaint requested']);
    calls.length = 0;
    mouse(canvas, 'mousedown', 100, 100);
    // A press is no drag yet: a redraw still goes through.
    arrive();
    expect(calls).toEqual(['repaint requested']);
    calls.length = 0;
    mouse(document, 'mousemove', 140, 100);
    arrive();
    arrive();
    expect(calls).toEqual([]);
    mouse(document, 'mouseup', 140, 100);
    expect(calls).toEqual(['panBy -40,0 transform=translate(40px, 0px)', 'redraw transform=translate(40px, 0px)']);
    calls.length = 0;
    arrive();
    expect(calls).toEqual(['repaint requested']);
  });

  it('a drag cut short (the map removed) asks for the redraw it held', () => {
    const { canvas, calls } = env;
    mouse(canvas, 'mousedown', 100, 100);
    mouse(document, 'mousemove', 140, 100);
    env.map.triggerRepaint();
    env.remove();
    expect(calls).toEqual(['repaint requested']);
  });

  it('a drag that starts on a cluster pans the map too, and does not zoom into the cluster when let go on it', () => {
    const { container, cluster, calls } = env;
    mouse(cluster, 'mousedown', 200, 200);
    mouse(document, 'mousemove', 150, 200);
    expect(container.style.transform).toBe('translate(-50px, 0px)');
    mouse(document, 'mouseup', 150, 200);
    mouse(cluster, 'click', 150, 200);
    expect(calls[0]).toBe('panBy 50,0 transform=translate(-50px, 0px)');
    expect(env.clusterClicks()).toBe(0);
    // A click on it still zooms.
    click(cluster, 150, 200);
    expect(env.clusterClicks()).toBe(1);
  });

  it('a press that moves less than the click tolerance is a click: no pan, no transform', () => {
    const { container, canvas, calls } = env;
    mouse(canvas, 'mousedown', 50, 50);
    mouse(document, 'mousemove', 52, 51);
    expect(container.style.transform).toBe('');
    mouse(document, 'mouseup', 52, 51);
    expect(calls).toEqual([]);
    expect(env.dragPanOn()).toBe(true);
  });

  it('leaves draggable markers, Shift + drag (box zoom) and other buttons to maplibre', () => {
    const { container, canvas, pin, calls, maplibreHeard } = env;
    mouse(pin, 'mousedown', 10, 10);
    mouse(canvas, 'mousedown', 10, 10, { shiftKey: true });
    mouse(canvas, 'mousedown', 10, 10, { button: 2 });
    mouse(document, 'mousemove', 80, 80);
    mouse(document, 'mouseup', 80, 80);
    expect(container.style.transform).toBe('');
    expect(calls).toEqual([]);
    expect(maplibreHeard).toEqual([
      'mousedown@DIV maplibre drags',
      'mousedown@CANVAS maplibre drags',
      'mousedown@CANVAS maplibre drags',
    ]);
  });

  it('stops with the map: a drag under way is dropped without panning, and later presses go to maplibre', () => {
    const { container, canvas, calls, maplibreHeard, remove } = env;
    mouse(canvas, 'mousedown', 0, 0);
    mouse(document, 'mousemove', 40, 0);
    remove();
    expect(container.style.transform).toBe('');
    mouse(document, 'mouseup', 40, 0);
    expect(calls).toEqual([]);
    mouse(canvas, 'mousedown', 0, 0);
    expect(maplibreHeard).toEqual(['mousedown@CANVAS frame drags', 'mousedown@CANVAS maplibre drags']);
  });
});
