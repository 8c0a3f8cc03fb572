import { describe, expect, it } from 'vitest';
import { boundsOf } from '../../../map/map-geo.ts';
import { colorOf, durationParts, formatDistance, tripPalette } from './trip-format.ts';

describe('trip formatting', () => {
  it('writes metres below a kilometre and kilometres above', () => {
    expect(formatDistance(850, 'en-US')).toBe('850 m');
    expect(formatDistance(3421, 'en-US')).toBe('3.42 km');
    expect(formatDistance(3421, 'it-IT')).toBe('3,42 km');
  });

  it('splits a duration into hours, minutes and seconds', () => {
    expect(durationParts(3725)).toEqual({ h: 1, m: 2, s: 5 });
    expect(durationParts(-4)).toEqual({ h: 0, m: 0, s: 0 });
  });

  it('frames the points with a margin, and nothing without points', () => {
    expect(boundsOf([])).toBeNull();
    const b = boundsOf([
      [9.19, 45.46],
      [9.2, 45.47],
    ]);
    expect(b?.[0][0]).toBeCloseTo(9.188, 6);
    expect(b?.[1][1]).toBeCloseTo(45.472, 6);
  });

  it('has a distinct colour for each of 20 trips', () => {
    expect(new Set(tripPalette).size).toBe(20);
    expect(colorOf(20)).toBe(colorOf(0));
  });
});
