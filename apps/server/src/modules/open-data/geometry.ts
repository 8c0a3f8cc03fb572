/** Zone outlines as GBFS wants them: closed rings, exterior counter-clockwise (RFC 7946's right-hand rule). */
export type Ring = [number, number][];

const same = (a: [number, number], b: [number, number]) => a[0] === b[0] && a[1] === b[1];

/** Twice the signed area (shoelace, lon/lat as plane coordinates): positive when counter-clockwise. */
export function signedArea2(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i] as [number, number];
    const [x2, y2] = ring[i + 1] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** Closes the ring, drops repeated consecutive points, and turns it counter-clockwise. */
export function normalizeRing(points: Ring): Ring {
  const ring: Ring = [];
  for (const p of points) if (ring.length === 0 || !same(ring[ring.length - 1] as [number, number], p)) ring.push(p);
  if (ring.length > 1 && same(ring[0] as [number, number], ring[ring.length - 1] as [number, number])) ring.pop();
  ring.push(ring[0] as [number, number]);
  return signedArea2(ring) < 0 ? ring.reverse() : ring;
}

/** Distinct corners of a closed ring. */
export const cornerCount = (ring: Ring) => ring.length - 1;

function orientation(p: [number, number], q: [number, number], r: [number, number]) {
  const v = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  return v === 0 ? 0 : v > 0 ? 1 : 2;
}

function onSegment(p: [number, number], q: [number, number], r: [number, number]) {
  return (
    q[0] <= Math.max(p[0], r[0]) &&
    q[0] >= Math.min(p[0], r[0]) &&
    q[1] <= Math.max(p[1], r[1]) &&
    q[1] >= Math.min(p[1], r[1])
  );
}

function segmentsCross(a: [number, number], b: [number, number], c: [number, number], d: [number, number]) {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, c, b)) ||
    (o2 === 0 && onSegment(a, d, b)) ||
    (o3 === 0 && onSegment(c, a, d)) ||
    (o4 === 0 && onSegment(c, b, d))
  );
}

/**
 * Whether a closed ring crosses or touches itself (non-adjacent edges meet), or has no area. O(n²) over at most
 * 500 corners: 125,000 cheap tests, once per save.
 */
export function isSelfIntersecting(ring: Ring): boolean {
  const n = ring.length - 1;
  if (n < 3 || signedArea2(ring) === 0) return true;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Adjacent edges share a corner by construction (the first and the last are adjacent too).
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (
        segmentsCross(
          ring[i] as [number, number],
          ring[i + 1] as [number, number],
          ring[j] as [number, number],
          ring[j + 1] as [number, number],
        )
      )
        return true;
    }
  }
  return false;
}
