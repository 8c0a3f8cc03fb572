import { describe, expect, it } from 'vitest';
import { createConcurrencyLimiter, createEventLoopGauge } from './concurrency-limit.ts';

describe('concurrency limiter', () => {
  it('admits up to its limit, refuses beyond it at once, and admits again once a slot is given back', () => {
    const limiter = createConcurrencyLimiter(2);
    const first = limiter.tryAcquire();
    const second = limiter.tryAcquire();
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(limiter.tryAcquire()).toBeNull();
    expect(limiter.tryAcquire()).toBeNull();
    expect(limiter).toMatchObject({ inFlight: 2, refused: 2 });
    first?.();
    expect(limiter.inFlight).toBe(1);
    expect(limiter.tryAcquire()).toBeTypeOf('function');
    expect(limiter.inFlight).toBe(2);
  });

  it('counts a slot given back twice once (a stream released early, then its response closing)', () => {
    const limiter = createConcurrencyLimiter(1);
    const release = limiter.tryAcquire();
    release?.();
    release?.();
    expect(limiter.inFlight).toBe(0);
    const again = limiter.tryAcquire();
    expect(again).toBeTypeOf('function');
    // Had the double release counted twice, this one would be admitted past the limit.
    expect(limiter.tryAcquire()).toBeNull();
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createConcurrencyLimiter(0)).toThrow();
    expect(() => createConcurrencyLimiter(1.5)).toThrow();
  });

  it('refuses every request while overloaded, whatever the count', () => {
    let overloaded = true;
    const limiter = createConcurrencyLimiter(10, () => overloaded);
    expect(limiter.tryAcquire()).toBeNull();
    expect(limiter).toMatchObject({ inFlight: 0, refused: 1 });
    overloaded = false;
    expect(limiter.tryAcquire()).toBeTypeOf('function');
  });
});

describe('event loop gauge', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  it('says the loop lags after it was blocked, and no longer once it runs freely again', async () => {
    const gauge = createEventLoopGauge(50);
    try {
      await sleep(300);
      expect(gauge.lagging()).toBe(false);
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // Blocks the loop, as a CPU-starved node's requests do.
      }
      await sleep(20);
      expect(gauge.lagging()).toBe(true);
      await sleep(600);
      expect(gauge.lagging()).toBe(false);
    } finally {
      gauge.stop();
    }
  });
});
