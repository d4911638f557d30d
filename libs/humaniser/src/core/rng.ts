// Seeded randomness: every choice the rewriter makes comes from here, seeded by the text and the tone, so the same
// input and tone always give the same output.

/** FNV-1a 32 over the UTF-16 code units of `s` (a seed, not a feature: any stable hash would do). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number | string) {
    this.state = (typeof seed === 'string' ? hash32(seed) : seed >>> 0) || 0x9e3779b9;
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A new generator for a sub-task (a sentence, a variant) that does not disturb this one's sequence. */
  fork(label: string | number): Rng {
    return new Rng(hash32(`${this.state}:${label}`));
  }
}
