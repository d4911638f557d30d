import { handleJob } from './job-handler';
import { closeDetector } from './detect.handler';
import { configureEngines } from './engine-settings';
import { DETECTION_MODES, DetectJobResult, HumaniseJobResult } from '@inkprint/contracts';
import type { JobEnvelope } from '@inkprint/job-bus';

const TEXT =
  'The committee reviewed the proposal in detail and concluded that further analysis is required. ' +
  'In addition, the budget should be revisited before the next meeting, and every stakeholder must be consulted.';

function job(kind: string, payload: unknown): JobEnvelope {
  return {
    id: 'j1',
    kind,
    priority: 'normal',
    payload,
    requestedAt: new Date().toISOString(),
    deadline: Date.now() + 45_000,
  };
}

describe('detector-worker job handler', () => {
  beforeAll(() => {
    configureEngines({ detectorEngine: 'heuristic' });
  });
  afterAll(async () => {
    await closeDetector();
    configureEngines(undefined);
  });

  it('runs a detect job through the detector engine', async () => {
    const result = DetectJobResult.parse(await handleJob(job('detect', { text: TEXT, mode: 'fast' })));
    expect(result.mode).toBe('fast');
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(1);
  });

  it("answers every mode with exactly the job contract's result (nothing the API's schema would drop)", async () => {
    for (const mode of DETECTION_MODES) {
      const raw = await handleJob(job('detect', { text: TEXT, mode }));
      expect(DetectJobResult.parse(raw)).toEqual(raw);
    }
  });

  it('fails bad payloads, unknown modes and unknown kinds with catalogue codes', async () => {
    await expect(handleJob(job('detect', {}))).rejects.toMatchObject({ code: 'JOB_INVALID_PAYLOAD' });
    await expect(handleJob(job('detect', { text: TEXT, mode: 'turbo' }))).rejects.toMatchObject({
      code: 'JOB_INVALID_PAYLOAD',
    });
    await expect(handleJob(job('translate', { text: TEXT }))).rejects.toMatchObject({ code: 'JOB_UNKNOWN_KIND' });
  });

  it("runs a humanise job through the humaniser engine and the thread's detector", async () => {
    const text =
      'Moreover, it is important to note that the committee utilized numerous tools in 2024 to review the proposal. ' +
      'Furthermore, the budget should be revisited in order to ensure that every one of the 12 stakeholders is consulted.';
    const raw = await handleJob(job('humanise', { text, tone: 'casual' }));
    const result = HumaniseJobResult.parse(raw);
    expect(result.original).toBe(text);
    expect(result.tone).toBe('casual');
    expect(result.humanised).not.toBe(text);
    expect(result.humanised).toContain('2024');
    expect(result.humanised).not.toMatch(/Moreover|Furthermore/);
    expect(result.notes.length).toBeGreaterThan(0);
    expect(result.evaluation?.aiProbability).toBeGreaterThanOrEqual(0);
    // What the result tells the writer besides the rewrite: the share of words changed, the lowest sentence
    // similarity (null without the sentence encoder), and, when the engine checked, the sentences still read as AI.
    expect(result.changedWords).toBeGreaterThan(0);
    expect(result.changedWords).toBeLessThanOrEqual(1);
    const meaning = (raw as unknown as { meaning: { encoder: string | null; sentenceMin?: number } }).meaning;
    expect(result.lowestSentenceSimilarity).toBe(meaning.encoder === null ? null : meaning.sentenceMin);
    const guided = (raw as unknown as { guided?: { stillAi: string[] } }).guided;
    expect(result.stillAi).toEqual(guided?.stillAi);
    for (const sentence of result.stillAi ?? []) expect(result.humanised).toContain(sentence);
    expect(raw).toMatchObject({
      evaluation: { engine: 'heuristic', badge: expect.stringMatching(/^(humanised|borderline|ai)$/) },
    });
  });

  it('fails bad humanise payloads with catalogue codes', async () => {
    await expect(handleJob(job('humanise', {}))).rejects.toMatchObject({ code: 'JOB_INVALID_PAYLOAD' });
    await expect(handleJob(job('humanise', { text: TEXT, tone: 'pirate' }))).rejects.toMatchObject({
      code: 'JOB_INVALID_PAYLOAD',
    });
    await expect(handleJob(job('humanise', { text: 'x'.repeat(20_001) }))).rejects.toMatchObject({
      code: 'HUMANISER_CHAR_LIMIT',
    });
  });
});
