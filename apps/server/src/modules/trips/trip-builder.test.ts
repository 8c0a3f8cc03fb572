import { describe, expect, it } from 'vitest';
import { buildTrips, haversineM, PAUSE_MAX_MS, type Sample, type Signal } from './trip-builder.ts';

const T0 = Date.parse('2026-11-20T08:00:00Z');
const MIN = 60_000;
/** About 11 m per step of 0.0001° latitude. */
const at = (minute: number, step: number, velocity: number | null): Sample => ({
  at: T0 + minute * MIN,
  lat: 45.46 + step * 0.0001,
  lng: 9.19,
  velocity,
});

/** A ride: parked fix, then one moving fix a minute for `minutes`, then a still fix (the lock report). */
function ride(startMinute: number, minutes: number, fromStep = 0): Sample[] {
  const out: Sample[] = [];
  for (let m = 0; m <= minutes; m++) out.push(at(startMinute + m, fromStep + m * 20, m === minutes ? 0 : 14));
  return out;
}

describe('trip builder', () => {
  it('starts a trip when the asset starts moving and keeps it ongoing while it moves', () => {
    const samples = [at(0, 0, 0), ...ride(5, 6).slice(0, 4)];
    const trips = buildTrips({ samples, now: T0 + 9 * MIN });
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ status: 'ongoing', source: 'movement', startedAt: T0 + 5 * MIN });
    expect(trips[0]?.start).toEqual({ lat: 45.46, lng: 9.19 });
    // Three hops of 20 steps (≈ 222 m each).
    expect(trips[0]?.distanceM).toBeGreaterThan(660);
    expect(trips[0]?.distanceM).toBeLessThan(670);
  });

  it('is stopped while parked briefly with the lock open, and carries on when the asset moves again', () => {
    const first = ride(0, 5);
    const parkedAt = first.at(-1) as Sample;
    const stopped = buildTrips({ samples: first, now: parkedAt.at + 3 * MIN });
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatchObject({ status: 'stopped', endedAt: parkedAt.at });

    const again = [...first, ...ride(9, 3, 100).slice(0)];
    const trips = buildTrips({ samples: again, now: T0 + 13 * MIN });
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ status: 'stopped', startedAt: T0 });
  });

  it('finishes a trip parked longer than ten minutes, where it parked', () => {
    const samples = [...ride(0, 5), at(10, 100, 0), at(15, 100, 0), at(20, 100, 0)];
    const trips = buildTrips({ samples, now: T0 + 21 * MIN });
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ status: 'finished', endedAt: T0 + 5 * MIN });
    expect(trips[0]?.end.lat).toBeCloseTo(45.46 + 100 * 0.0001, 6);
  });

  it('finishes at once when the asset reports itself locked', () => {
    const samples = ride(0, 5);
    const trips = buildTrips({ samples, now: T0 + 6 * MIN, lockedNow: true });
    expect(trips[0]).toMatchObject({ status: 'finished', endedAt: T0 + 5 * MIN });
  });

  it('finishes at a lock event and starts the next trip at the next movement', () => {
    const samples = [...ride(0, 5), ...ride(8, 4, 200)];
    const signals: Signal[] = [{ at: T0 + 5 * MIN + 1000, kind: 'lock', source: 'lock' }];
    const trips = buildTrips({ samples, signals, now: T0 + 13 * MIN });
    expect(trips.map((t) => [t.status, t.startedAt])).toEqual([
      ['finished', T0],
      ['stopped', T0 + 8 * MIN],
    ]);
  });

  it('starts at a customer renting scan, and a scan never followed by a ride is a finished trip of 0 m', () => {
    const samples = [at(0, 0, 0), ...ride(2, 3)];
    const signals: Signal[] = [
      { at: T0 + MIN, kind: 'start', source: 'customer-renting-scan', lat: 45.46, lng: 9.19 },
      { at: T0 + 60 * MIN, kind: 'start', source: 'user-relocation-collect', lat: 45.47, lng: 9.2 },
    ];
    const trips = buildTrips({ samples, signals, now: T0 + 80 * MIN });
    expect(trips).toHaveLength(2);
    expect(trips[0]).toMatchObject({ source: 'customer-renting-scan', startedAt: T0 + MIN, status: 'finished' });
    expect(trips[0]?.distanceM).toBeGreaterThan(600);
    expect(trips[1]).toMatchObject({ source: 'user-relocation-collect', status: 'finished', distanceM: 0 });
    expect(trips[1]?.endedAt).toBe(T0 + 60 * MIN);
  });

  it('leaves a GPS jump out of the distance', () => {
    const clean = ride(0, 6);
    const jumped = clean.map((s, i) => (i === 3 ? { ...s, lat: s.lat + 0.5 } : s));
    const [a] = buildTrips({ samples: clean, now: T0 + 7 * MIN });
    const [b] = buildTrips({ samples: jumped, now: T0 + 7 * MIN });
    // 55 km in a minute is far above 150 km/h: the fix is skipped and the next hop measured from the one before.
    expect(b?.distanceM).toBeCloseTo(a?.distanceM ?? 0, -1);
    expect(b?.distanceM).toBeLessThan(2000);
  });

  it('ends a ride whose device went silent for more than ten minutes at its last fix', () => {
    const samples = ride(0, 6).slice(0, 4);
    const trips = buildTrips({ samples, now: T0 + 3 * MIN + PAUSE_MAX_MS });
    expect(trips[0]).toMatchObject({ status: 'finished', endedAt: T0 + 3 * MIN });
  });

  it('detects movement from the distance covered when the device sends no velocity', () => {
    const samples = [at(0, 0, null), at(1, 20, null), at(2, 40, null), at(3, 40, null)];
    const trips = buildTrips({ samples, now: T0 + 4 * MIN });
    expect(trips[0]).toMatchObject({ status: 'stopped', startedAt: T0 + MIN });
  });

  it('is idempotent: the same history gives the same trips, and rebuilding from a trip start agrees', () => {
    const samples = [at(0, 0, 0), ...ride(1, 5), ...ride(20, 4, 300), ...ride(40, 3, 600)];
    const now = T0 + 45 * MIN;
    const all = buildTrips({ samples, now });
    expect(buildTrips({ samples, now })).toEqual(all);
    const second = all[1]?.startedAt ?? 0;
    const index = samples.findIndex((s) => s.at >= second);
    const rebuilt = buildTrips({ samples: samples.slice(index), before: samples[index - 1], now });
    expect(rebuilt).toEqual(all.slice(1));
  });

  it('measures with the haversine formula', () => {
    // Milano Duomo to Castello Sforzesco: about 1.05 km.
    expect(haversineM({ lat: 45.4642, lng: 9.19 }, { lat: 45.4705, lng: 9.1794 })).toBeGreaterThan(1000);
    expect(haversineM({ lat: 45.4642, lng: 9.19 }, { lat: 45.4705, lng: 9.1794 })).toBeLessThan(1100);
  });
});
