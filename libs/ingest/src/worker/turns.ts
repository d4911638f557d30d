/**
 * Turns at the extraction threads (issue 39 item 4): a job waits here for a free thread and only then goes to the
 * pool, whose time limit runs from the call. So a file's time limit counts from when its extraction starts, not
 * while it waits behind other files (three slow files used to time out a fourth that never got to run).
 */
export class Turns {
  private running = 0;
  private readonly waiting: { start: () => void; fail: (error: Error) => void }[] = [];

  constructor(private readonly size: number) {}

  /** Resolves with `release` once a turn is free (call it when the job settles); rejects if `signal` aborts first. */
  take(signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      const go = () => {
        this.running++;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.running--;
          this.next();
        });
      };
      if (signal?.aborted) return reject(abortReason(signal));
      if (this.running < this.size) return go();
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(abortReason(signal!));
      };
      const entry = {
        start: () => (signal?.removeEventListener('abort', onAbort), go()),
        fail: (error: Error) => (signal?.removeEventListener('abort', onAbort), reject(error)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Jobs waiting for a turn (not yet started). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Fails every job still waiting (the threads are closing). */
  failWaiting(error: Error): void {
    for (const entry of this.waiting.splice(0)) entry.fail(error);
  }

  private next(): void {
    while (this.running < this.size && this.waiting.length > 0) this.waiting.shift()!.start();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('Extraction aborted');
}
