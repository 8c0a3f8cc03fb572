import type { Position } from 'geojson';

/**
 * world-atlas is spherical data for d3-geo: a ring may step from 179.9° to -180° (Russia's Chukotka, Wrangel
 * Island, Fiji) or run all the way round a pole (Antarctica), because on a sphere those are short edges. maplibre
 * reads GeoJSON as flat longitude/latitude, where such a step is an edge across the whole world: Russia's
 * mainland ring then encloses a band from its Chukotka crossing at 69°N back to its crossing at 65°N, a
 * land-coloured wedge over the North Atlantic and the Arctic. These functions cut the data at the antimeridian
 * so every ring and line stays on one side of it (RFC 7946 §3.1.9).
 */

/** A step of more than half the world in longitude is the short way round, across the antimeridian. */
const crosses = (from: Position, to: Position) => Math.abs((to[0] as number) - (from[0] as number)) > 180;

/** The same ring with longitudes made continuous (179 → 181 instead of 179 → -179), starting where it starts. */
function unwrap(ring: Position[]): Position[] {
  let offset = 0;
  return ring.map((point, i) => {
    const previous = ring[i - 1];
    if (previous && crosses(previous, point)) offset += (previous[0] as number) > (point[0] as number) ? 360 : -360;
    return [(point[0] as number) + offset, point[1] as number];
  });
}

/** Latitude where the edge from `a` to `b` (continuous longitudes) meets longitude `x`. */
const latitudeAt = (a: Position, b: Position, x: number) => {
  const [ax, ay] = a as [number, number];
  const [bx, by] = b as [number, number];
  return ax === bx ? ay : ay + ((by - ay) * (x - ax)) / (bx - ax);
};

/** Sutherland–Hodgman against one vertical edge; `inside` says which side is kept. */
function clipAt(ring: Position[], x: number, inside: (lng: number) => boolean): Position[] {
  const out: Position[] = [];
  const open = ring.slice(0, -1);
  open.forEach((current, i) => {
    const previous = open[(i + open.length - 1) % open.length] as Position;
    const currentIn = inside(current[0] as number);
    const previousIn = inside(previous[0] as number);
    if (currentIn !== previousIn) out.push([x, latitudeAt(previous, current, x)]);
    if (currentIn) out.push(current);
  });
  const first = out[0];
  return first ? [...out, first] : [];
}

/** Twice the signed area in degrees²: zero for a ring that encloses nothing (a sliver left along a cut). */
const doubleArea = (ring: Position[]) =>
  ring.slice(0, -1).reduce((sum, [x1, y1], i) => {
    const [x2, y2] = ring[i + 1] as [number, number];
    return sum + (x1 as number) * y2 - x2 * (y1 as number);
  }, 0);

/** Which copies of the world (…, -1, 0, 1, …) a ring with continuous longitudes reaches into. */
function worldCopies(ring: Position[]): number[] {
  const lngs = ring.map((point) => point[0] as number);
  const first = Math.floor((Math.min(...lngs) + 180) / 360);
  const last = Math.ceil((Math.max(...lngs) + 180) / 360) - 1;
  const copies: number[] = [];
  for (let copy = first; copy <= Math.max(first, last); copy++) copies.push(copy);
  return copies;
}

/**
 * A ring that goes round a pole (its longitudes, made continuous, end a whole turn from where they started)
 * closes over that pole, down the antimeridian and back: in this data that is Antarctica's coast, whose land
 * lies towards the pole. A ring hugging the pole itself (Antarctica's -89.999° circle, a pin-hole on the sphere)
 * encloses nothing on a flat map and is dropped.
 */
function closeOverPole(ring: Position[]): Position[] | null {
  const continuous = unwrap(ring);
  const start = continuous[0] as Position;
  const end = continuous[continuous.length - 1] as Position;
  const turn = (end[0] as number) - (start[0] as number);
  if (Math.abs(turn) < 180) return continuous;
  const lats = ring.map((point) => point[1] as number);
  if (lats.every((lat) => Math.abs(lat) > 89.9)) return null;
  const pole = lats.reduce((sum, lat) => sum + lat, 0) < 0 ? -90 : 90;
  return [...continuous, [end[0] as number, pole], [start[0] as number, pole], start];
}

/** One polygon (outer ring, then holes) as the polygons it makes on each side of the antimeridian. */
export function cutPolygon(rings: Position[][]): Position[][][] {
  const [outer, ...holes] = rings.map(closeOverPole).filter((ring): ring is Position[] => ring !== null);
  if (!outer) return [];
  const polygons: Position[][][] = [];
  for (const copy of worldCopies(outer)) {
    const west = copy * 360 - 180;
    const east = west + 360;
    const piece = (ring: Position[]) =>
      clipAt(
        clipAt(ring, west, (lng) => lng >= west),
        east,
        (lng) => lng <= east,
      ).map(([lng, lat]) => [(lng as number) - copy * 360, lat as number]);
    const encloses = (ring: Position[]) => ring.length >= 4 && doubleArea(ring) !== 0;
    const outerPiece = piece(outer);
    // Holes only count inside their own outer ring: no outer ring on this side, nothing to draw here.
    if (encloses(outerPiece)) polygons.push([outerPiece, ...holes.map(piece).filter(encloses)]);
  }
  return polygons;
}

/** A line broken where it steps across the antimeridian, each piece ending on its own side at ±180°. */
export function cutLine(line: Position[]): Position[][] {
  const pieces: Position[][] = [];
  let piece: Position[] = [];
  line.forEach((point, i) => {
    const previous = line[i - 1];
    if (previous && crosses(previous, point)) {
      const edge = (previous[0] as number) > 0 ? 180 : -180;
      const shifted: Position = [(point[0] as number) + 2 * edge, point[1] as number];
      const lat = latitudeAt(previous, shifted, edge);
      piece.push([edge, lat]);
      pieces.push(piece);
      piece = [[-edge, lat]];
    }
    piece.push(point);
  });
  pieces.push(piece);
  // A point on the antimeridian itself leaves a piece of one point (or two at the same place): no line at all.
  return pieces.filter((part) => part.length >= 2 && part.some((p) => p[0] !== part[0]?.[0] || p[1] !== part[0]?.[1]));
}
