import type { EventStore } from '@inkprint/eventstore';
import type { ProjectionRunner } from './projection-runner';

export interface ReadModelFreshnessOptions {
  /** How long a read waits for its projections before answering from what is there. Default 5 s. */
  timeoutMs?: number;
  /** Pause between two looks at the checkpoints. Default 15 ms. */
  pollMs?: number;
  onTimeout?: (names: readonly string[]) => void;
}

/**
 * Read-your-writes over asynchronous projections: a command answers the log position it wrote, and a read that must
 * see it waits (bounded) until the named projections' checkpoints have passed that position. The runner's own loop
 * does the projecting; this only wakes it and watches the checkpoints.
 */
export class ReadModelFreshness {
  private readonly timeoutMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly store: EventStore,
    private readonly options: ReadModelFreshnessOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.pollMs = options.pollMs ?? 15;
  }

  /** Waits until every named projection has applied the event at `position` (null: nothing was written). */
  async waitForPosition(names: readonly string[], position: bigint | null): Promise<boolean> {
    if (position === null) return true;
    return this.waitUntil(names, async () => {
      const checkpoints = await this.runner.checkpoints(names);
      for (const checkpoint of checkpoints.values()) if (await this.store.isAfter(position, checkpoint)) return false;
      return true;
    });
  }

  /** Waits until the named projections have consumed every event committed so far (reads of others' writes). */
  async waitForHead(names: readonly string[]): Promise<boolean> {
    return this.waitUntil(names, async () => {
      const checkpoints = await this.runner.checkpoints(names);
      for (const checkpoint of checkpoints.values()) if ((await this.store.countAfter(checkpoint)) > 0) return false;
      return true;
    });
  }

  private async waitUntil(names: readonly string[], caughtUp: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      if (await caughtUp()) return true;
      if (Date.now() >= deadline) {
        this.options.onTimeout?.(names);
        return false;
      }
      this.runner.wake();
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }
}
