import * as path from 'node:path';
import { threadId } from 'node:worker_threads';
import {
  HandlerError,
  ThreadDiedError,
  ThreadPoolClosedError,
  ThreadTimeoutError,
  WorkerThreadPool,
  type WorkerThreadPoolOptions,
} from './worker-thread-pool';

const HANDLER = path.join(__dirname, 'testing/pool-test-handler.ts');

interface Echoed {
  value: unknown;
  threadId: number;
  options: unknown;
}

describe('WorkerThreadPool', () => {
  const pools: WorkerThreadPool[] = [];
  const poolOf = (options: Partial<WorkerThreadPoolOptions> = {}) => {
    const pool = new WorkerThreadPool({ handlerModule: HANDLER, threads: 1, ...options });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('runs jobs in other threads, at most `threads` at once, with handlerOptions in workerData', async () => {
    const pool = poolOf({ threads: 2, handlerOptions: { mode: 'fast' } });
    const echoed = await pool.run<Echoed>({ kind: 'echo', value: { n: 1 } });
    expect(echoed).toEqual({ value: { n: 1 }, threadId: expect.any(Number), options: { mode: 'fast' } });
    expect(echoed.threadId).not.toBe(threadId);
    const started = Date.now();
    const three = await Promise.all([1, 2, 3].map(() => pool.run<{ threadId: number }>({ kind: 'sleep', ms: 300 })));
    // Two run together, the third waits for a thread: about 600 ms, two distinct threads.
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(new Set(three.map((r) => r.threadId)).size).toBe(2);
  });

  it('resolves @inkprint/* to their sources inside a thread running a .ts handler', async () => {
    const resolved = await poolOf().run<string>({ kind: 'resolve', request: '@inkprint/contracts' });
    expect(resolved).toBe(path.resolve(__dirname, '../../contracts/src/index.ts'));
  });

  it("carries the handler's error across the thread: name, message, code, status, details", async () => {
    const failed = await poolOf()
      .run({ kind: 'fail', code: 'FILE_EMPTY', status: 422, details: { reason: 'empty' } })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(HandlerError);
    expect(failed).toMatchObject({ name: 'RangeError', message: 'refused on purpose', code: 'FILE_EMPTY' });
    expect((failed as HandlerError).info).toMatchObject({ status: 422, details: { reason: 'empty' } });
  });

  it('fails the job of a thread that dies and replaces the thread', async () => {
    const pool = poolOf();
    const first = await pool.run<Echoed>({ kind: 'echo', value: 1 });
    await expect(pool.run({ kind: 'exit' })).rejects.toThrow(new ThreadDiedError('exit code 3'));
    const next = await pool.run<Echoed>({ kind: 'echo', value: 2 });
    expect(next.value).toBe(2);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('kills a thread past its heap limit (memoryMb)', async () => {
    const died = await poolOf({ memoryMb: 32 })
      .run({ kind: 'grow' })
      .catch((error: unknown) => error);
    expect(died).toBeInstanceOf(ThreadDiedError);
    expect((died as ThreadDiedError).detail).toMatch(/memory/i);
  });

  it('stops a thread past the time limit and drops a queued job past its own', async () => {
    const pool = poolOf();
    const slow = pool.run({ kind: 'sleep', ms: 5000 }, { timeoutMs: 200 }).catch((error: unknown) => error);
    const queued = pool.run({ kind: 'echo', value: 'late' }, { timeoutMs: 100 }).catch((error: unknown) => error);
    const started = Date.now();
    expect(await queued).toEqual(new ThreadTimeoutError(100));
    expect(await slow).toEqual(new ThreadTimeoutError(200));
    expect(Date.now() - started).toBeLessThan(1000);
    // The stopped thread is replaced for the next job.
    await expect(pool.run<Echoed>({ kind: 'echo', value: 'next' })).resolves.toMatchObject({ value: 'next' });
  });

  it("gives up a job when its signal aborts, with the signal's reason", async () => {
    const pool = poolOf();
    const controller = new AbortController();
    const running = pool.run({ kind: 'sleep', ms: 5000 }, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    expect(await running).toEqual(new Error('client went away'));
    await expect(pool.run({ kind: 'echo', value: 1 }, { signal: controller.signal })).rejects.toThrow(
      'client went away',
    );
  });

  it('closes gracefully: the running job finishes, queued ones are rejected, new ones refused', async () => {
    const pool = poolOf();
    const running = pool.run<{ threadId: number }>({ kind: 'sleep', ms: 200 });
    const queued = pool.run({ kind: 'echo', value: 1 }).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 50));
    await pool.close();
    await expect(running).resolves.toMatchObject({ threadId: expect.any(Number) });
    expect(await queued).toBeInstanceOf(ThreadPoolClosedError);
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(ThreadPoolClosedError);
  });

  it('refuses a handler module that does not exist, and a thread count that is not a positive integer', () => {
    expect(() => new WorkerThreadPool({ handlerModule: '/nowhere/handler.js', threads: 1 })).toThrow(
      'Job handler module not found: /nowhere/handler.js',
    );
    expect(() => new WorkerThreadPool({ handlerModule: HANDLER, threads: 0 })).toThrow(RangeError);
  });
});
