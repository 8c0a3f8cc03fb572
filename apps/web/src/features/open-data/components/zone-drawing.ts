import { GEOFENCING_ZONE_POINTS_MAX } from '@fleetdesk/contracts';
import type { LngLat } from '../../../map/map-geo.ts';

/** What a finished outline becomes: a new zone, or the new outline of the zone at `index` in the list. */
export type DrawingTarget = { kind: 'new' } | { kind: 'redraw'; index: number };

/** An outline being drawn on the map, one clicked point after another; null when nothing is drawn. */
export type Drawing = { target: DrawingTarget; points: LngLat[] } | null;

export type DrawingEvent =
  | { type: 'start'; target: DrawingTarget }
  | { type: 'point'; point: LngLat }
  | { type: 'undo' }
  | { type: 'finish' }
  | { type: 'cancel' };

/** The next drawing, and the outline when the event finished one. */
export interface DrawingStep {
  drawing: Drawing;
  finished?: { target: DrawingTarget; ring: LngLat[] };
}

/** A polygon needs three corners; fewer cannot be finished (the server would refuse them too). */
export const ZONE_POINTS_MIN = 3;

export const canFinish = (drawing: Drawing): boolean => drawing !== null && drawing.points.length >= ZONE_POINTS_MIN;

const samePoint = (a: LngLat | undefined, b: LngLat) => a !== undefined && a[0] === b[0] && a[1] === b[1];

/**
 * The zone editor's drawing, as a state machine the page feeds with clicks and keys: start, add points (a
 * double click's second point and anything past the contract's limit are ignored), undo the last one, finish
 * with at least three, or cancel. A start while drawing replaces the outline in progress.
 */
export function drawingStep(drawing: Drawing, event: DrawingEvent): DrawingStep {
  switch (event.type) {
    case 'start':
      return { drawing: { target: event.target, points: [] } };
    case 'point':
      if (
        !drawing ||
        drawing.points.length >= GEOFENCING_ZONE_POINTS_MAX ||
        samePoint(drawing.points.at(-1), event.point)
      )
        return { drawing };
      return { drawing: { ...drawing, points: [...drawing.points, event.point] } };
    case 'undo':
      return { drawing: drawing && { ...drawing, points: drawing.points.slice(0, -1) } };
    case 'finish':
      if (!drawing || !canFinish(drawing)) return { drawing };
      return { drawing: null, finished: { target: drawing.target, ring: drawing.points } };
    case 'cancel':
      return { drawing: null };
  }
}

/** Where a key was pressed: the focused element, as far as deciding who owns the key goes. */
export interface KeyTarget {
  tagName: string;
  isContentEditable?: boolean;
}

/**
 * The key that drives a drawing, if any: Enter finishes, Escape cancels, Backspace takes the last point back.
 * Keys typed into a field (a zone's name) stay the field's, and Enter on a button presses that button
 * ("Cancel drawing" must not finish the zone).
 */
export function drawingKey(key: string, target: KeyTarget | null = null): DrawingEvent | null {
  const tag = target?.tagName.toUpperCase() ?? '';
  if (target?.isContentEditable || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return null;
  if (key === 'Enter') return tag === 'BUTTON' || tag === 'A' ? null : { type: 'finish' };
  if (key === 'Escape') return { type: 'cancel' };
  if (key === 'Backspace') return { type: 'undo' };
  return null;
}
