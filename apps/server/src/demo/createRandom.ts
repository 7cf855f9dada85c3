/** The draws the demo generator makes, all from one seeded sequence. */
export interface Random {
  /** A number in [0, 1). */
  next: () => number;
  /** An integer from `min` to `max`, both included. */
  int: (min: number, max: number) => number;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  /** One item of `list`. */
  pick: <T>(list: readonly T[]) => T;
}

/**
 * A seeded generator (mulberry32): small, fast and good enough to make test data that
 * looks varied. Each helper draws exactly one number, so the order of calls is the
 * dataset: reordering two draws changes every record after them.
 *
 * @example
 * const random = createRandom(1);
 * random.pick(["fo_north", "fo_south"]);
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
