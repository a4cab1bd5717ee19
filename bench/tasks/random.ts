// A small seeded random source (mulberry32) so every generated task, fault and jitter draw is the same
// on every machine for the same seed.

/** A deterministic source of random numbers and the draws the generator needs. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements, in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** Mixes any number of integers into one 32-bit seed (so task i of seed s has its own stream). */
export function mixSeed(...parts: readonly number[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    hash = Math.imul(hash ^ (part >>> 0), 0x01000193) >>> 0;
    hash = Math.imul(hash ^ (hash >>> 15), 0x85ebca6b) >>> 0;
  }
  return hash >>> 0;
}

/** A random source seeded with `seed`. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, Math.min(count, pool.length));
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    sample,
  };
}

/** A 32-bit hash of a string (FNV-1a), to seed streams by name. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash >>> 0;
}

/** A standard normal draw (Box–Muller) from a uniform source. */
export function normal(random: Random): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
