import { GEOFENCING_ZONE_POINTS_MAX } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../../map/map-geo.ts';
import { canFinish, type Drawing, type DrawingEvent, drawingKey, drawingStep } from './zone-drawing.ts';

const run = (events: DrawingEvent[], start: Drawing = null) => {
  let drawing = start;
  let finished: ReturnType<typeof drawingStep>['finished'];
  for (const event of events) {
    const step = drawingStep(drawing, event);
    drawing = step.drawing;
    finished = step.finished ?? finished;
  }
  return { drawing, finished };
};
const point = (lng: number, lat: number): DrawingEvent => ({ type: 'point', point: [lng, lat] });

describe('zone drawing', () => {
  it('collects clicked points and finishes a new zone with three or more', () => {
    const { drawing, finished } = run([
      { type: 'start', target: { kind: 'new' } },
      point(9.1, 45.4),
      point(9.2, 45.4),
      point(9.2, 45.5),
      { type: 'finish' },
    ]);
    expect(drawing).toBeNull();
    expect(finished).toEqual({
      target: { kind: 'new' },
      ring: [
        [9.1, 45.4],
        [9.2, 45.4],
        [9.2, 45.5],
      ],
    });
  });

  it('does not finish with fewer than three points, and keeps drawing', () => {
    const { drawing, finished } = run([{ type: 'start', target: { kind: 'new' } }, point(1, 1), point(2, 2)]);
    expect(canFinish(drawing)).toBe(false);
    const step = drawingStep(drawing, { type: 'finish' });
    expect(step.finished).toBeUndefined();
    expect(step.drawing?.points).toHaveLength(2);
    expect(finished).toBeUndefined();
  });

  it('ignores points when nothing is drawn, and the second click of a double click', () => {
    expect(drawingStep(null, point(1, 1)).drawing).toBeNull();
    const { drawing } = run([{ type: 'start', target: { kind: 'new' } }, point(1, 1), point(1, 1), point(2, 1)]);
    expect(drawing?.points).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('stops at the contract limit of points', () => {
    const points: LngLat[] = Array.from({ length: GEOFENCING_ZONE_POINTS_MAX }, (_, i) => [i / 1000, 0]);
    const full: Drawing = { target: { kind: 'new' }, points };
    expect(drawingStep(full, point(5, 5)).drawing?.points).toHaveLength(GEOFENCING_ZONE_POINTS_MAX);
  });

  it('undoes the last point, cancels without a result, and redraws the zone it was started for', () => {
    const undone = run([{ type: 'start', target: { kind: 'new' } }, point(1, 1), point(2, 1), { type: 'undo' }]);
    expect(undone.drawing?.points).toEqual([[1, 1]]);
    const cancelled = run([{ type: 'cancel' }], undone.drawing);
    expect(cancelled).toEqual({ drawing: null, finished: undefined });
    const redrawn = run([
      { type: 'start', target: { kind: 'redraw', index: 2 } },
      point(0, 0),
      point(1, 0),
      point(1, 1),
      { type: 'finish' },
    ]);
    expect(redrawn.finished?.target).toEqual({ kind: 'redraw', index: 2 });
  });

  it('maps Enter, Escape and Backspace to finish, cancel and undo, and nothing else', () => {
    expect(drawingKey('Enter')).toEqual({ type: 'finish' });
    expect(drawingKey('Escape')).toEqual({ type: 'cancel' });
    expect(drawingKey('Backspace')).toEqual({ type: 'undo' });
    expect(drawingKey('a')).toBeNull();
  });

  it('leaves keys typed into a field to the field, and Enter on a button to the button', () => {
    expect(drawingKey('Backspace', { tagName: 'INPUT' })).toBeNull();
    expect(drawingKey('Enter', { tagName: 'DIV', isContentEditable: true })).toBeNull();
    expect(drawingKey('Enter', { tagName: 'BUTTON' })).toBeNull();
    expect(drawingKey('Escape', { tagName: 'BUTTON' })).toEqual({ type: 'cancel' });
    expect(drawingKey('Enter', { tagName: 'CANVAS' })).toEqual({ type: 'finish' });
  });
});
