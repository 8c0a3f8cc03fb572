/**
 * A small seeded generator (mulberry32) for the demo data: the demo is the same on every start, so screenshots
 * and e2e stay stable. `next` is uniform in [0, 1).
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T extends string>(table: Record<T, number>): T => {
    const entries = Object.entries(table) as [T, number][];
    let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll <= 0) return key;
    }
    return (entries.at(-1) as [T, number])[0];
  };
  return { next, int, pick, weighted };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
