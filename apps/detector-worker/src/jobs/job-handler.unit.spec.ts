import { handleJob } from './job-handler';
import { closeDetector } from './detect.handler';
import type { JobEnvelope } from '@inkprint/job-bus';

const TEXT =
  'The committee reviewed the proposal in detail and concluded that further analysis is required. ' +
  'In addition, the budget should be revisited before the next meeting, and every stakeholder must be consulted.';

function job(kind: string, payload: unknown): JobEnvelope {
  return { id: 'j1', kind, priority: 'normal', payload, requestedAt: new Date().toISOString(), deadline: Date.now() + 45_000 };
}

describe('detector-worker job handler', () => {
  const previousEngine = process.env.DETECTOR_ENGINE;
  beforeAll(() => {
    process.env.DETECTOR_ENGINE = 'heuristic';
  });
  afterAll(async () => {
    await closeDetector();
    if (previousEngine === undefined) delete process.env.DETECTOR_ENGINE;
    else process.env.DETECTOR_ENGINE = previousEngine;
  });

  it('runs a detect job through the detector engine', async () => {
    const result = (await handleJob(job('detect', { text: TEXT, mode: 'fast' }))) as { score: number; mode: string };
    expect(result.mode).toBe('fast');
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(1);
  });

  it('fails bad payloads, unknown modes and unknown kinds with catalogue codes', async () => {
    await expect(handleJob(job('detect', {}))).rejects.toMatchObject({ code: 'JOB_INVALID_PAYLOAD' });
    await expect(handleJob(job('detect', { text: TEXT, mode: 'turbo' }))).rejects.toMatchObject({ code: 'JOB_INVALID_PAYLOAD' });
    await expect(handleJob(job('translate', { text: TEXT }))).rejects.toMatchObject({ code: 'JOB_UNKNOWN_KIND' });
  });

  it('reports the humaniser as unavailable until its engine exists', async () => {
    await expect(handleJob(job('humanise', { text: TEXT, tone: 'casual' }))).rejects.toMatchObject({
      code: 'HUMANISER_UNAVAILABLE',
    });
  });
});
