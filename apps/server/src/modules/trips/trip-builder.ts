import type { TripStatus } from '@fleetdesk/contracts';

/**
 * Trip building as a pure function over one asset's history (docs/decisions.md "Trips"): positions and the
 * signals that open or close a trip, in time order, become trips. No clock and no randomness besides `now`,
 * so the same history always gives the same trips.
 */

/** A position fix; velocity in km/h when the device sent it. */
export interface Sample {
  at: number;
  lat: number;
  lng: number;
  velocity: number | null;
}

/**
 * What else opens or closes a trip: an unlock or a start event (customer-renting-scan, user-relocation-collect)
 * opens one, a lock closes it. Position optional (events carry one when the device knew it).
 */
export interface Signal {
  at: number;
  kind: 'start' | 'lock';
  /** unlock | customer-renting-scan | user-relocation-collect | lock */
  source: string;
  lat?: number | null;
  lng?: number | null;
}

export interface BuiltTrip {
  status: TripStatus;
  source: string;
  startedAt: number;
  start: { lat: number; lng: number };
  /** Where it ended, or for an unfinished trip where it is now. */
  endedAt: number;
  end: { lat: number; lng: number };
  distanceM: number;
  pointCount: number;
}

/** Moving: faster than this (km/h) by the device's own reading, or by the distance covered since the last fix. */
export const MOVING_KMH = 2;
/** A fix this far (m) from the last one counts as movement even without a velocity reading. */
export const MOVING_MIN_M = 15;
/** Parked with the lock open for less than this: the trip is stopped; longer: finished where it parked. */
export const PAUSE_MAX_MS = 10 * 60_000;
/** A hop implying more than this (km/h) is a GPS jump: the fix is left out of the distance. */
export const JUMP_KMH = 150;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function haversineM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dPhi = rad(b.lat - a.lat);
  const dLambda = rad(b.lng - a.lng);
  const h = Math.sin(dPhi / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLambda / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const kmh = (metres: number, ms: number) => (ms <= 0 ? Number.POSITIVE_INFINITY : (metres / ms) * 3600);

/** A trip not yet finished, as the builder carries it from fix to fix. */
export interface OpenTrip {
  source: string;
  startedAt: number;
  start: { lat: number; lng: number };
  /** The last fix counted (the reference for the next hop and for jumps). */
  last: Sample | null;
  distanceM: number;
  pointCount: number;
  /** Set while parked: when and where the pause began. */
  pause: { at: number; lat: number; lng: number } | null;
}

/**
 * Everything the builder knows after a stretch of history: the trip still open and the latest fix. It depends on
 * the history alone (never on `now`), so a build resumed from it gives exactly the trips of a build over the
 * whole history.
 */
export interface BuilderState {
  open: OpenTrip | null;
  /** The latest fix seen, trip or not: where a signal without a position happened. */
  lastSeen: Sample | null;
}

/**
 * Builds one asset's trips from its fixes and signals (each sorted by time), as of `now`. `lockedNow`: the
 * asset reports itself locked now, so a trip parked at the end is finished rather than stopped.
 */
export function buildTrips(input: {
  samples: readonly Sample[];
  signals?: readonly Signal[];
  /** The fix just before the range (context for the first one's movement), never part of a trip. */
  before?: Sample | null;
  now: number;
  lockedNow?: boolean;
}): BuiltTrip[] {
  return resumeTrips({ ...input, state: { open: null, lastSeen: input.before ?? null }, horizon: input.now }).trips;
}

/**
 * Carries a build on from `state` over the history after it (docs/decisions.md "Trips"). Returns the trips that
 * finished in this stretch or are still open as of `now`, and the state after the history up to `horizon`: what
 * the next build resumes from. History after the horizon still counts for the trips returned, but the next build
 * reads it again, so a fix that arrives late, yet before the horizon passes its time, is never missed.
 */
export function resumeTrips(input: {
  samples: readonly Sample[];
  signals?: readonly Signal[];
  state: BuilderState;
  horizon: number;
  now: number;
  lockedNow?: boolean;
}): { trips: BuiltTrip[]; state: BuilderState } {
  const { samples, now, horizon } = input;
  const signals = input.signals ?? [];
  const trips: BuiltTrip[] = [];
  let open: OpenTrip | null = copyOpen(input.state.open);
  let lastSeen: Sample | null = input.state.lastSeen;
  let settled: BuilderState | null = null;

  const finish = (o: OpenTrip, at: number, where: { lat: number; lng: number }) => {
    trips.push({
      status: 'finished',
      source: o.source,
      startedAt: o.startedAt,
      start: o.start,
      endedAt: at,
      end: { lat: where.lat, lng: where.lng },
      distanceM: Math.round(o.distanceM),
      pointCount: o.pointCount,
    });
  };

  /** Ends a trip parked too long, or silent too long while moving (checked whenever time moves on). */
  const expire = (at: number) => {
    if (!open) return;
    if (open.pause && at - open.pause.at >= PAUSE_MAX_MS) {
      finish(open, open.pause.at, open.pause);
      open = null;
    } else if (!open.pause && open.last && at - open.last.at >= PAUSE_MAX_MS) {
      finish(open, open.last.at, open.last);
      open = null;
    }
  };

  const isMoving = (s: Sample, previous: Sample | null) => {
    if (s.velocity !== null) return s.velocity >= MOVING_KMH;
    if (!previous) return false;
    const metres = haversineM(previous, s);
    return metres >= MOVING_MIN_M && kmh(metres, s.at - previous.at) >= MOVING_KMH;
  };

  const count = (o: OpenTrip, s: Sample) => {
    if (o.last) {
      const metres = haversineM(o.last, s);
      // A jump is left out entirely: the next fix is measured from the last good one.
      if (kmh(metres, s.at - o.last.at) > JUMP_KMH) return;
      o.distanceM += metres;
    }
    o.last = s;
    o.pointCount++;
  };

  const onSignal = (g: Signal) => {
    expire(g.at);
    const where =
      g.lat != null && g.lng != null
        ? { lat: g.lat, lng: g.lng }
        : lastSeen
          ? { lat: lastSeen.lat, lng: lastSeen.lng }
          : null;
    if (g.kind === 'start') {
      if (open || !where) return;
      // Opened by a person or an unlock: parked until it moves, finished if it never does within the pause.
      open = { source: g.source, startedAt: g.at, start: where, last: null, distanceM: 0, pointCount: 0, pause: null };
      open.pause = { at: g.at, ...where };
      return;
    }
    if (!open) return;
    const end = open.pause ?? (open.last ? { at: g.at, lat: open.last.lat, lng: open.last.lng } : null);
    finish(open, open.pause ? open.pause.at : g.at, end ?? where ?? open.start);
    open = null;
  };

  const onSample = (s: Sample) => {
    expire(s.at);
    const moving = isMoving(s, lastSeen);
    lastSeen = s;
    if (!open) {
      if (!moving) return;
      open = {
        source: 'movement',
        startedAt: s.at,
        start: { lat: s.lat, lng: s.lng },
        last: null,
        distanceM: 0,
        pointCount: 0,
        pause: null,
      };
      count(open, s);
      return;
    }
    const o: OpenTrip = open;
    if (moving) {
      o.pause = null;
      count(o, s);
      return;
    }
    // Parked: the first still fix is where the trip ends if it stays parked.
    count(o, s);
    if (!o.pause) o.pause = { at: s.at, lat: s.lat, lng: s.lng };
  };

  let i = 0;
  let j = 0;
  while (i < samples.length || j < signals.length) {
    const s = samples[i];
    const g = signals[j];
    if (!settled && Math.min(s?.at ?? Number.POSITIVE_INFINITY, g?.at ?? Number.POSITIVE_INFINITY) > horizon) {
      settled = { open: copyOpen(open), lastSeen };
    }
    // At the same instant a signal goes first: an unlock reported with the first moving fix opens one trip.
    if (g && (!s || g.at <= s.at)) {
      onSignal(g);
      j++;
    } else if (s) {
      onSample(s);
      i++;
    }
  }

  settled ??= { open: copyOpen(open), lastSeen };
  expire(now);
  const last: OpenTrip | null = open;
  if (last) {
    const o: OpenTrip = last;
    const tail = o.last ?? { at: o.startedAt, ...o.start };
    if (o.pause && input.lockedNow) {
      finish(o, o.pause.at, o.pause);
    } else {
      trips.push({
        status: o.pause ? 'stopped' : 'ongoing',
        source: o.source,
        startedAt: o.startedAt,
        start: o.start,
        endedAt: tail.at,
        end: { lat: tail.lat, lng: tail.lng },
        distanceM: Math.round(o.distanceM),
        pointCount: o.pointCount,
      });
    }
  }
  return { trips, state: settled };
}

/** The builder changes an open trip's counters in place: a state handed out or taken in must be its own copy. */
const copyOpen = (o: OpenTrip | null): OpenTrip | null => (o ? { ...o } : null);
