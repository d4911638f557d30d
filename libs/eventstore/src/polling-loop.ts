/**
 * Runs `step` repeatedly until stopped; after a step that made no progress it waits `intervalMs`, or less when
 * `wake()` is called. After a step that made progress it runs again at once, or after `settleMs` (also cut short by
 * `wake()`), so that under a steady stream of events each step finds more of them. Shared by the projection runner
 * and log subscriptions (through PollingWorker).
 */
export class PollingLoop {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    /** Returns true when it made progress (then it runs again at once). */
    private readonly step: () => Promise<boolean>,
    private readonly intervalMs: number,
    private readonly settleMs = 0,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const progressed = await this.step();
        const wait = progressed ? this.settleMs : this.intervalMs;
        if ((!progressed || wait > 0) && this.running) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            this.wakeUp = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wakeUp = undefined;
        }
      }
    })();
  }

  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }
}

/**
 * A log consumer that runs in the background on a PollingLoop (the projection runner, log subscriptions): `start()`
 * polls until `stop()`, `wake()` cuts the current wait short.
 */
export abstract class PollingWorker {
  private readonly polling: PollingLoop;

  constructor(intervalMs: number, settleMs = 0) {
    this.polling = new PollingLoop(() => this.poll(), intervalMs, settleMs);
  }

  /** One round of the background loop: true when it made progress (then the next round follows at once). */
  protected abstract poll(): Promise<boolean>;

  /** Polls the log in the background until stop(). */
  start(): void {
    this.polling.start();
  }

  /** Shortens the current wait, e.g. after an append so that readers follow writes closely. */
  wake(): void {
    this.polling.wake();
  }

  async stop(): Promise<void> {
    await this.polling.stop();
  }
}
