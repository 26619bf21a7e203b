/** A small seeded generator (mulberry32), so every fresh database gets the same demo. */

/** Draws from one seeded sequence. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** An index drawn with the given weights. */
  weighted(weights: readonly number[]): number;
}

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (list) => list[int(list.length)],
    weighted: (weights) => {
      let r = next() * weights.reduce((s, w) => s + w, 0);
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i];
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
  };
}
