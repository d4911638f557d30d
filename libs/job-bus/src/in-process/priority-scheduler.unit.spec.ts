import { PriorityScheduler } from './priority-scheduler';
import type { JobPriority } from '../port/priority';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PriorityScheduler', () => {
  it('runs at most `concurrency` tasks at once', async () => {
    const scheduler = new PriorityScheduler(2);
    let running = 0;
    let peak = 0;
    const tasks = Array.from(
      { length: 10 },
      () =>
        scheduler.schedule('normal', async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }).promise,
    );
    await Promise.all(tasks);
    expect(peak).toBe(2);
    expect(scheduler.running).toBe(0);
  });

  it('gives a free slot to the highest priority, FIFO within a priority', async () => {
    const scheduler = new PriorityScheduler(1);
    const gate = deferred();
    const order: string[] = [];
    const first = scheduler.schedule('low', async () => {
      await gate.promise;
      order.push('blocker');
    });
    const queued: Array<[JobPriority, string]> = [
      ['low', 'low-1'],
      ['normal', 'normal-1'],
      ['low', 'low-2'],
      ['dedicated', 'dedicated-1'],
      ['high', 'high-1'],
      ['medium', 'medium-1'],
      ['high', 'high-2'],
    ];
    const all = queued.map(([p, name]) => scheduler.schedule(p, () => void order.push(name)).promise);
    expect(scheduler.queued()).toBe(7);
    expect(scheduler.queued('high')).toBe(2);
    gate.resolve();
    await Promise.all([first.promise, ...all]);
    expect(order).toEqual(['blocker', 'dedicated-1', 'high-1', 'high-2', 'medium-1', 'normal-1', 'low-1', 'low-2']);
  });

  it('cancels a queued task but not a running one', async () => {
    const scheduler = new PriorityScheduler(1);
    const gate = deferred();
    const running = scheduler.schedule('low', () => gate.promise);
    const waiting = scheduler.schedule('low', () => 'never');
    expect(waiting.cancel(new Error('timed out'))).toBe(true);
    await expect(waiting.promise).rejects.toThrow('timed out');
    expect(running.cancel(new Error('x'))).toBe(false);
    gate.resolve();
    await running.promise;
    expect(scheduler.queued()).toBe(0);
  });

  it('propagates task failures and keeps going', async () => {
    const scheduler = new PriorityScheduler(1);
    const failing = scheduler.schedule('high', () => {
      throw new Error('boom');
    });
    const next = scheduler.schedule('high', () => 42);
    await expect(failing.promise).rejects.toThrow('boom');
    await expect(next.promise).resolves.toBe(42);
  });

  it('rejects queued tasks on demand and reports idleness', async () => {
    const scheduler = new PriorityScheduler(1);
    const gate = deferred();
    const running = scheduler.schedule('normal', () => gate.promise);
    const a = scheduler.schedule('low', () => 1);
    const b = scheduler.schedule('high', () => 2);
    expect(scheduler.rejectQueued((p) => new Error(`closed ${p}`))).toBe(2);
    await expect(a.promise).rejects.toThrow('closed low');
    await expect(b.promise).rejects.toThrow('closed high');
    const idle = scheduler.whenIdle();
    gate.resolve();
    await running.promise;
    await idle;
  });

  it('refuses a non-positive concurrency', () => {
    expect(() => new PriorityScheduler(0)).toThrow(RangeError);
  });
});
