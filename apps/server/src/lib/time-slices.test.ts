import { describe, expect, it } from 'vitest';
import { inTimeSlices, nextSize } from './time-slices.ts';

const opts = { sliceMs: 100, min: 10, max: 500 };

describe('time slices', () => {
  it('scales the batch to the time the last one took, within bounds, at most doubling', () => {
    expect(nextSize(200, 400, opts)).toBe(50);
    expect(nextSize(200, 100, opts)).toBe(200);
    expect(nextSize(200, 10, opts)).toBe(400);
    expect(nextSize(400, 1, opts)).toBe(500);
    expect(nextSize(20, 10_000, opts)).toBe(10);
  });

  it('processes every item once, in order, in batches that shrink when work is slow', async () => {
    const items = Array.from({ length: 300 }, (_, i) => i);
    const batches: number[][] = [];
    // Work costs 2 ms an item: a batch of 200 takes 400 ms, so the next ones hold about 50 items.
    await inTimeSlices(
      items,
      async (batch) => {
        batches.push(batch);
        const until = performance.now() + batch.length * 2;
        while (performance.now() < until) {
          // busy, as a synchronous database statement is
        }
      },
      { ...opts, first: 200 },
    );
    expect(batches.flat()).toEqual(items);
    expect(batches[0]).toHaveLength(200);
    expect(batches[1]?.length).toBeGreaterThanOrEqual(40);
    expect(batches[1]?.length).toBeLessThanOrEqual(60);
  });

  it('lets the event loop run between batches', async () => {
    const seen: string[] = [];
    await inTimeSlices(
      [1, 2, 3],
      async (batch) => {
        seen.push(`batch ${batch.join(',')}`);
        setImmediate(() => seen.push('other work'));
      },
      { sliceMs: 100, first: 1, min: 1, max: 1 },
    );
    expect(seen.slice(0, 4)).toEqual(['batch 1', 'other work', 'batch 2', 'other work']);
  });

  it('rests between batches as many times as long as the last one took, when asked', async () => {
    const spans: Array<[number, number]> = [];
    await inTimeSlices(
      [1, 2, 3],
      async () => {
        const started = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 40));
        spans.push([started, performance.now()]);
      },
      { sliceMs: 100, first: 1, min: 1, max: 1, rest: 1 },
    );
    // Each batch takes ~40 ms, so the next starts ~40 ms after it ended (timers may fire a little early or late).
    for (let i = 1; i < spans.length; i++) {
      const gap = (spans[i]?.[0] as number) - (spans[i - 1]?.[1] as number);
      expect(gap).toBeGreaterThanOrEqual(30);
    }
    expect(spans).toHaveLength(3);
  });
});
