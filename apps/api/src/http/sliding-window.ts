/**
 * A per-key sliding-window counter kept in the process (like the sign-in throttle: with several API processes each
 * allows its own share). `take` counts one use of every key at once, or none when any key is at its limit.
 */
export class SlidingWindow {
  private readonly uses = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  /** Counts one use for each key, or returns the seconds until the fullest key frees a place (nothing counted). */
  take(
    keys: ReadonlyArray<{ key: string; limit: number }>,
    now: number,
  ): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const since = now - this.windowMs;
    const recent = keys.map(({ key, limit }) => ({
      key,
      limit,
      times: (this.uses.get(key) ?? []).filter((at) => at > since),
    }));
    const full = recent.filter((r) => r.times.length >= r.limit);
    if (full.length > 0) {
      const freeAt = Math.max(...full.map((r) => r.times[r.times.length - r.limit] + this.windowMs));
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
    }
    for (const r of recent) this.uses.set(r.key, [...r.times, now]);
    if (this.uses.size > 100_000) this.forgetIdle(since);
    return { ok: true };
  }

  private forgetIdle(since: number): void {
    for (const [key, times] of this.uses) if (times.every((at) => at <= since)) this.uses.delete(key);
  }
}
