import { threadId } from 'node:worker_threads';
import { JobFailedError } from '@inkprint/job-bus';
import { createEmbeddedJobBus } from './embedded';

const TEXT =
  'The committee reviewed the proposal in detail and concluded that further analysis is required. ' +
  'In addition, the budget should be revisited before the next meeting, and every stakeholder must be consulted.';

describe('embedded job bus with the detector-worker handler in worker threads', () => {
  const previousEngine = process.env.DETECTOR_ENGINE;
  beforeAll(() => {
    process.env.DETECTOR_ENGINE = 'heuristic';
  });
  afterAll(() => {
    if (previousEngine === undefined) delete process.env.DETECTOR_ENGINE;
    else process.env.DETECTOR_ENGINE = previousEngine;
  });

  it('detects text off the main thread and propagates job errors', async () => {
    const bus = createEmbeddedJobBus({ concurrency: 2 });
    try {
      let ticks = 0;
      const interval = setInterval(() => ticks++, 5);
      const results = await Promise.all(
        (['low', 'high'] as const).map((priority) =>
          bus.request<{ score: number; mode: string }>({
            kind: 'detect',
            priority,
            payload: { text: TEXT, mode: 'moderate' },
          }),
        ),
      );
      clearInterval(interval);
      expect(results.map((r) => r.mode)).toEqual(['moderate', 'moderate']);
      expect(ticks).toBeGreaterThan(0);
      const failure = bus.request({ kind: 'humanise', priority: 'normal', payload: { text: TEXT, tone: 'pirate' } });
      await expect(failure).rejects.toBeInstanceOf(JobFailedError);
      await expect(failure).rejects.toMatchObject({ workerErrorCode: 'JOB_INVALID_PAYLOAD' });
    } finally {
      await bus.close();
    }
    expect(threadId).toBe(0);
  });
});
