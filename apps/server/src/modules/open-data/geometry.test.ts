import { describe, expect, it } from 'vitest';
import { isSelfIntersecting, normalizeRing, signedArea2 } from './geometry.ts';

describe('zone rings', () => {
  const clockwise: [number, number][] = [
    [9.1, 45.5],
    [9.2, 45.5],
    [9.2, 45.4],
    [9.1, 45.4],
  ];

  it('closes an open ring and turns a clockwise one counter-clockwise', () => {
    const ring = normalizeRing(clockwise);
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(signedArea2(ring)).toBeGreaterThan(0);
    expect(signedArea2(normalizeRing([...clockwise, [9.1, 45.5]]))).toBeGreaterThan(0);
  });

  it('keeps a counter-clockwise ring as it is and drops repeated points', () => {
    const ccw = normalizeRing([...clockwise].reverse());
    expect(normalizeRing([ccw[0] as [number, number], ...ccw])).toEqual(ccw);
  });

  it('finds a bow tie and a flat ring, and accepts a concave one', () => {
    expect(
      isSelfIntersecting(
        normalizeRing([
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toBe(true);
    expect(
      isSelfIntersecting(
        normalizeRing([
          [0, 0],
          [1, 0],
          [2, 0],
        ]),
      ),
    ).toBe(true);
    expect(
      isSelfIntersecting(
        normalizeRing([
          [0, 0],
          [4, 0],
          [4, 4],
          [2, 1],
          [0, 4],
        ]),
      ),
    ).toBe(false);
  });
});
