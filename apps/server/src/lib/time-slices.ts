/**
 * Runs `work` over `items` in consecutive batches, each sized from the last one's duration so that it takes about
 * `sliceMs`, and yields to the event loop between batches. For background work that shares the process with
 * latency-bound work: on PGlite every statement runs in the event loop, so a batch whose cost grows with data
 * (history piled up since the last run) would otherwise hold the loop for as long as that data takes.
 */
export async function inTimeSlices<T>(
  items: readonly T[],
  work: (batch: T[]) => Promise<void>,
  opts: { sliceMs: number; first: number; min: number; max: number },
): Promise<void> {
  let size = opts.first;
  for (let i = 0; i < items.length; ) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const batch = items.slice(i, i + size);
    i += batch.length;
    const started = performance.now();
    await work(batch);
    size = nextSize(size, performance.now() - started, opts);
  }
}

/** Scaled to the time the last batch took, at most doubling at a time (one quick batch is no proof), within bounds. */
export function nextSize(size: number, tookMs: number, opts: { sliceMs: number; min: number; max: number }): number {
  const scaled = Math.round((size * opts.sliceMs) / Math.max(1, tookMs));
  return Math.min(opts.max, Math.max(opts.min, Math.min(scaled, size * 2)));
}
