/**
 * ONNX runs one at a time, in the order they were asked for: a session already uses the configured threads, and
 * input buffers and the head's intermediates are large or shared. A failed run does not hold up the ones after it.
 */
export class SerialRuns {
  private queue: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Settles once the runs asked for so far have (before a session is released). */
  async idle(): Promise<void> {
    await this.queue;
  }
}
