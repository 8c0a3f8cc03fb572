import { describe, expect, it } from 'vitest';
import {
  type BuilderState,
  type BuiltTrip,
  buildTrips,
  haversineM,
  PAUSE_MAX_MS,
  resumeTrips,
  type Sample,
  type Signal,
} from './trip-builder.ts';

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

  describe('resumed from a saved state', () => {
    /** Deterministic pseudo-random numbers (mulberry32), so a failing seed can be replayed. */
    const random = (seed: number) => () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };

    /** A few hours of one asset: rides with and without velocity, parks, silences, GPS jumps, unlocks, locks, scans. */
    function history(rnd: () => number) {
      const samples: Sample[] = [];
      const signals: Signal[] = [];
      let t = T0;
      let lat = 45.46;
      let lng = 9.19;
      const withVelocity = rnd() < 0.7;
      for (let leg = 0; leg < 12; leg++) {
        const kind = rnd();
        if (kind < 0.15)
          signals.push({ at: t, kind: 'start', source: rnd() < 0.5 ? 'unlock' : 'customer-renting-scan' });
        if (kind > 0.85) signals.push({ at: t, kind: 'lock', source: 'lock', lat, lng });
        const moving = rnd() < 0.6;
        const fixes = 1 + Math.floor(rnd() * 40);
        const cycle = [5_000, 15_000, 60_000][Math.floor(rnd() * 3)] as number;
        for (let f = 0; f < fixes; f++) {
          t += cycle;
          if (moving) {
            lat += (rnd() - 0.3) * 0.002;
            lng += (rnd() - 0.3) * 0.002;
          }
          const jump = rnd() < 0.02 ? 0.5 : 0;
          samples.push({ at: t, lat: lat + jump, lng, velocity: withVelocity ? (moving ? 8 + rnd() * 20 : 0) : null });
        }
        // Sometimes silent past the pause limit, sometimes a signal at the very instant of the next fix.
        t += rnd() < 0.2 ? PAUSE_MAX_MS + 60_000 : Math.floor(rnd() * 120_000);
        if (rnd() < 0.1) signals.push({ at: t + cycle, kind: rnd() < 0.5 ? 'lock' : 'start', source: 'unlock' });
      }
      signals.sort((a, b) => a.at - b.at);
      return { samples, signals, end: t };
    }

    /**
     * The trip job's rounds as the service runs them: each round reads what came after the last horizon, writes
     * its trips over the table from the resumed trip's start (or the horizon) on, and saves the state at its own
     * horizon. Fixes arrive up to `lateMs` after their time.
     */
    function rounds(h: ReturnType<typeof history>, rnd: () => number, settleMs: number, lateMs: number) {
      let table: BuiltTrip[] = [];
      let state: BuilderState = { open: null, lastSeen: null };
      let through = Number.NEGATIVE_INFINITY;
      const arrival = new Map<number, number>();
      const arrived = (x: { at: number }, now: number) => {
        if (!arrival.has(x.at)) arrival.set(x.at, x.at + Math.floor(rnd() * lateMs));
        return (arrival.get(x.at) as number) <= now;
      };
      let now = T0;
      const last = h.end + lateMs + settleMs + 60_000;
      while (now < last) {
        now = Math.min(last, now + Math.floor(rnd() * 20 * MIN));
        const horizon = now - settleMs;
        const fresh = <T extends { at: number }>(xs: T[]) => xs.filter((x) => x.at > through && arrived(x, now));
        const from = state.open ? state.open.startedAt : through + 1;
        const result = resumeTrips({
          samples: fresh(h.samples),
          signals: fresh(h.signals),
          state,
          horizon,
          now,
        });
        table = [...table.filter((t) => t.startedAt < from), ...result.trips];
        state = result.state;
        through = Math.max(through, horizon);
      }
      return { table, now };
    }

    it('gives exactly the trips of a build over the whole history, whatever the rounds (300 random histories)', () => {
      for (let seed = 1; seed <= 300; seed++) {
        const rnd = random(seed);
        const h = history(rnd);
        const { table, now } = rounds(h, rnd, 2 * MIN, 2 * MIN);
        expect({ seed, trips: table }).toEqual({ seed, trips: buildTrips({ ...h, now }) });
      }
    });

    it('misses a fix that arrives after the horizon has passed its time (the settle margin is what covers late fixes)', () => {
      let differing = 0;
      for (let seed = 1; seed <= 100; seed++) {
        const rnd = random(seed);
        const h = history(rnd);
        const { table, now } = rounds(h, rnd, 0, 10 * MIN);
        if (JSON.stringify(table) !== JSON.stringify(buildTrips({ ...h, now }))) differing++;
      }
      // The control case: without the margin the comparison above would fail, so it can.
      expect(differing).toBeGreaterThan(0);
    });

    it('hands out a state of its own: building on past the horizon does not change the saved one', () => {
      const samples = ride(0, 6);
      const { state } = resumeTrips({
        samples,
        state: { open: null, lastSeen: null },
        horizon: T0 + 3 * MIN,
        now: T0 + 6 * MIN,
      });
      expect(state.open?.pointCount).toBe(4);
      expect(state.lastSeen?.at).toBe(T0 + 3 * MIN);
    });
  });

  it('measures with the haversine formula', () => {
    // Milano Duomo to Castello Sforzesco: about 1.05 km.
    expect(haversineM({ lat: 45.4642, lng: 9.19 }, { lat: 45.4705, lng: 9.1794 })).toBeGreaterThan(1000);
    expect(haversineM({ lat: 45.4642, lng: 9.19 }, { lat: 45.4705, lng: 9.1794 })).toBeLessThan(1100);
  });
});
