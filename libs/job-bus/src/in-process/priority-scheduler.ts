import { JOB_PRIORITIES, PRIORITIES_HIGHEST_FIRST, type JobPriority } from '../port/priority';

export interface ScheduledTask<T> {
  /** Settles with the task's outcome; rejects with the cancel reason when cancelled before it started. */
  readonly promise: Promise<T>;
  /** Removes the task if it has not started. Returns false when it is already running or done. */
  cancel(reason: Error): boolean;
}

interface Entry {
  run: () => void;
  reject: (reason: Error) => void;
  state: 'queued' | 'running' | 'done';
}

/**
 * Strict-priority scheduler: a free slot always goes to the oldest task of the highest non-empty priority.
 * At most `concurrency` tasks run at once. Pure logic: no threads or I/O here.
 */
export class PriorityScheduler {
  private readonly queues = new Map<JobPriority, Entry[]>(JOB_PRIORITIES.map((p) => [p, []]));
  private active = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    }
  }

  get running(): number {
    return this.active;
  }

  /** Number of tasks waiting, per priority and in total. */
  queued(priority?: JobPriority): number {
    if (priority) return this.queues.get(priority)!.length;
    let total = 0;
    for (const q of this.queues.values()) total += q.length;
    return total;
  }

  schedule<T>(priority: JobPriority, task: () => Promise<T> | T): ScheduledTask<T> {
    const queue = this.queues.get(priority);
    if (!queue) throw new RangeError(`unknown priority ${String(priority)}`);
    let entry!: Entry;
    const promise = new Promise<T>((resolve, reject) => {
      entry = {
        state: 'queued',
        reject,
        run: () => {
          entry.state = 'running';
          this.active++;
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              entry.state = 'done';
              this.active--;
              this.pump();
            });
        },
      };
    });
    queue.push(entry);
    this.pump();
    return {
      promise,
      cancel: (reason: Error) => {
        if (entry.state !== 'queued') return false;
        const index = queue.indexOf(entry);
        if (index >= 0) queue.splice(index, 1);
        entry.state = 'done';
        entry.reject(reason);
        this.pump();
        return true;
      },
    };
  }

  /** Rejects every queued task (running ones continue). Returns how many were rejected. */
  rejectQueued(reason: (priority: JobPriority) => Error): number {
    let count = 0;
    for (const [priority, queue] of this.queues) {
      for (const entry of queue.splice(0)) {
        entry.state = 'done';
        entry.reject(reason(priority));
        count++;
      }
    }
    this.pump();
    return count;
  }

  /** Resolves when nothing is running or queued. */
  whenIdle(): Promise<void> {
    if (this.active === 0 && this.queued() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.active < this.concurrency) {
      const next = this.takeNext();
      if (!next) break;
      next.run();
    }
    if (this.active === 0 && this.queued() === 0 && this.idleWaiters.length > 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private takeNext(): Entry | undefined {
    for (const priority of PRIORITIES_HIGHEST_FIRST) {
      const queue = this.queues.get(priority)!;
      if (queue.length > 0) return queue.shift();
    }
    return undefined;
  }
}
