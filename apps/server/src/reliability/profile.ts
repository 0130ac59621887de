/**
 * How hard the reliability tests push (docs/decisions/018). The default profile is quick enough
 * for every CI run; `RELIABILITY_PROFILE=long` runs more crash cycles with more writers and longer
 * write windows. Random choices (kill moments, lines written) come from one seed, printed in the
 * long profile and named in every failure; `RELIABILITY_SEED=<n>` replays a run's choices (the
 * timing of a real process can still differ).
 */
export interface ReliabilityProfile {
  name: 'default' | 'long';
  seed: number;
  /** Kill and restart cycles of the crash test. */
  crashCycles: number;
  /** Concurrent writers in the crash test's write loop. */
  crashWriters: number;
  /** When the kill comes, in ms after the cycle's first acknowledged write: a random moment. */
  killAfterMs: readonly [number, number];
  /** For the crash test as a whole. */
  timeoutMs: number;
}

export function reliabilityProfile(env: NodeJS.ProcessEnv = process.env): ReliabilityProfile {
  const name = env.RELIABILITY_PROFILE === 'long' ? 'long' : 'default';
  const given = Number(env.RELIABILITY_SEED);
  const seed =
    Number.isInteger(given) && given > 0 ? given : 1 + Math.floor(Math.random() * 2 ** 31);
  return name === 'long'
    ? { name, seed, crashCycles: 25, crashWriters: 6, killAfterMs: [0, 4000], timeoutMs: 1_800_000 }
    : { name, seed, crashCycles: 3, crashWriters: 3, killAfterMs: [0, 800], timeoutMs: 300_000 };
}

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast and the same on every machine for one seed. */
export function randomFrom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
