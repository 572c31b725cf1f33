/** A seeded pseudo-random generator (mulberry32), and per-case seeds so any case is reproducible alone. */

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

/** A generator for `seed` (any integer; only its low 32 bits count). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)]!, chance: (p) => next() < p };
}

/** The seed of case `index` of a run seeded with `seed`, so any case is reproducible on its own. */
export function caseSeed(seed: number, index: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
}
