// A seeded PRNG for the corpus generator: the same seed and scale must give the same bytes on
// every machine, so benchmark numbers from two runs (or two people) describe the same code.

/** FNV-1a over the seed text: a stable 32-bit start state for any seed string. */
function hashSeed(seed) {
  let hash = 0x811c9dc5;
  for (const char of String(seed)) {
    hash ^= char.codePointAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * mulberry32: small, fast, and good enough to vary generated code; not for anything secret.
 * @param {string | number} seed
 */
export function createRandom(seed) {
  let state = hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random = {
    next,
    /** An integer in [min, max], both inclusive. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    /** `count` distinct items, in a random order. */
    sample(items, count) {
      const pool = [...items];
      const chosen = [];
      while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
      return chosen;
    },
    /** A child generator: adding a domain must not shift the random choices of the others. */
    fork: (label) => createRandom(`${seed}/${label}`),
  };
  return random;
}
