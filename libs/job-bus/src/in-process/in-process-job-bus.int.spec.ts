import { threadId } from 'node:worker_threads';
import { InProcessJobBus } from './in-process-job-bus';
import { jobBusBehaviour, TEST_HANDLER_MODULE, type TimedResult } from '../testing/job-bus-behaviour';
import { JobBusClosedError } from '../port/errors';

describe('InProcessJobBus (worker threads)', () => {
  jobBusBehaviour({
    concurrency: 2,
    setup: async () => {
      const bus = new InProcessJobBus({ concurrency: 2, handlerModule: TEST_HANDLER_MODULE });
      return { bus, close: () => bus.close() };
    },
  });

  it('runs CPU-heavy handlers off the main event loop', async () => {
    const bus = new InProcessJobBus({ concurrency: 1, handlerModule: TEST_HANDLER_MODULE });
    let ticks = 0;
    const interval = setInterval(() => ticks++, 10);
    const result = await bus.request<TimedResult>({ kind: 'spin', priority: 'normal', payload: { ms: 400 } });
    clearInterval(interval);
    await bus.close();
    expect(result.threadId).not.toBe(threadId);
    // Had the spin run on this thread, no tick could have fired during it.
    expect(ticks).toBeGreaterThanOrEqual(15);
  });

  it('refuses a handler module that does not exist, at construction', () => {
    expect(() => new InProcessJobBus({ handlerModule: '/nowhere/handler.js' })).toThrow(/Job handler module not found/);
  });

  it('shuts down gracefully: running jobs finish, queued ones are rejected, new ones refused', async () => {
    const bus = new InProcessJobBus({ concurrency: 1, handlerModule: TEST_HANDLER_MODULE });
    const running = bus.request<TimedResult>({ kind: 'sleep', priority: 'low', payload: { ms: 200, label: 'r' } });
    await new Promise((r) => setTimeout(r, 50));
    const queued = bus.request({ kind: 'sleep', priority: 'low', payload: { ms: 10 } }).catch((e: unknown) => e);
    await bus.close();
    await expect(running).resolves.toMatchObject({ label: 'r' });
    expect(await queued).toBeInstanceOf(JobBusClosedError);
    await expect(bus.request({ kind: 'echo', priority: 'low', payload: {} })).rejects.toBeInstanceOf(JobBusClosedError);
    await expect(bus.health()).rejects.toBeInstanceOf(JobBusClosedError);
  });
});

describe('InProcessJobBus (inline handler via serve)', () => {
  jobBusBehaviour({
    concurrency: 3,
    setup: async () => {
      const bus = new InProcessJobBus({ concurrency: 3 });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      await bus.serve(require(TEST_HANDLER_MODULE).handleJob);
      return { bus, close: () => bus.close() };
    },
  });
});
