/**
 * Runs `work` over `items` in consecutive batches, each sized from the last one's duration so that it takes about
 * `sliceMs`, and yields to the event loop between batches. For background work that shares the process with
 * latency-bound work: on PGlite every statement runs in the event loop, so a batch whose cost grows with data
 * (history piled up since the last run) would otherwise hold the loop for as long as that data takes.
 */
export async function inTimeSlices<T>(
  items: readonly T[],
  work: (batch: T[]) => Promise<void>,
  opts: {
    sliceMs: number;
    first: number;
    min: number;
    max: number;
    /**
     * Between batches, rest this many times as long as the last one took (default 0: only yield). Work that may lag
     * then takes at most 1 / (1 + rest) of the time, and of the database, however much of it piled up.
     */
    rest?: number;
  },
): Promise<void> {
  let size = opts.first;
  let tookMs = 0;
  for (let i = 0; i < items.length; ) {
    if (i > 0) {
      const restMs = tookMs * (opts.rest ?? 0);
      await new Promise((resolve) => (restMs >= 1 ? setTimeout(resolve, restMs) : setImmediate(resolve)));
    }
    const batch = items.slice(i, i + size);
    i += batch.length;
    const started = performance.now();
    await work(batch);
    tookMs = performance.now() - started;
    size = nextSize(size, tookMs, opts);
  }
}

/** Scaled to the time the last batch took, at most doubling at a time (one quick batch is no proof), within bounds. */
export function nextSize(size: number, tookMs: number, opts: { sliceMs: number; min: number; max: number }): number {
  const scaled = Math.round((size * opts.sliceMs) / Math.max(1, tookMs));
  return Math.min(opts.max, Math.max(opts.min, Math.min(scaled, size * 2)));
}
