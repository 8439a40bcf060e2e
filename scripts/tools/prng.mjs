// A small seeded random number generator (mulberry32) for tools that must make the same data on
// every run: the benchmark's posts, the made-up phone photo.

/** A function returning numbers in [0, 1), the same sequence for the same seed everywhere. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
