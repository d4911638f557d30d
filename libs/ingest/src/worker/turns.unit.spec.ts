import { Turns } from './turns';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 39 item 4, the attack: slow files hold both extraction threads and the next file times out while it waits.
 * `job` plays the pool's part: a job of `workMs` under a limit of `limitMs` counted from when the pool is called.
 */
async function job(turns: Turns | undefined, workMs: number, limitMs: number): Promise<'done' | 'timeout'> {
  const release = turns ? await turns.take() : undefined;
  try {
    return await Promise.race([
      sleep(workMs).then(() => 'done' as const),
      sleep(limitMs).then(() => 'timeout' as const),
    ]);
  } finally {
    release?.();
  }
}

describe('Turns: the extraction time limit counts from the job start, not the queue', () => {
  it('two slow files on both threads: the third, queued behind them, still gets its whole time limit', async () => {
    const turns = new Turns(2);
    const results = await Promise.all([job(turns, 300, 400), job(turns, 300, 400), job(turns, 300, 400)]);
    expect(results).toEqual(['done', 'done', 'done']);
  });

  it('(the attack without turns: the queued file times out having never run)', async () => {
    // Two threads, the pool's timer started at the call: the third job starts at 300 ms with 100 ms left.
    const threads = new Turns(2);
    const started = [job(threads, 300, 400), job(threads, 300, 400)];
    const third = (async () => {
      const release = await threads.take();
      release();
      return 'started-late';
    })();
    const queuedLimit = sleep(400).then(() => 'timeout');
    expect(await Promise.race([third.then(() => sleep(300)).then(() => 'done'), queuedLimit])).toBe('timeout');
    await Promise.all(started);
  });

  it('a queued job whose caller gives up leaves the queue without taking a turn', async () => {
    const turns = new Turns(1);
    const release = await turns.take();
    const controller = new AbortController();
    const waiting = turns.take(controller.signal);
    expect(turns.queued).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toThrow('Extraction aborted');
    expect(turns.queued).toBe(0);
    release();
    const next = await turns.take();
    next();
  });

  it('closing fails the jobs still waiting', async () => {
    const turns = new Turns(1);
    const release = await turns.take();
    const waiting = turns.take();
    turns.failWaiting(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    release();
  });
});
