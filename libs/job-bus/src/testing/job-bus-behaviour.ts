import * as path from 'node:path';
import type { JobBus } from '../port/job-bus';
import { JobFailedError, JobTimeoutError } from '../port/errors';
import type { JobPriority } from '../port/priority';

/** Module path of the fixture handler (plain JS, loadable in a worker thread). */
export const TEST_HANDLER_MODULE = path.join(__dirname, 'fixtures', 'test-job-handler.js');

export interface TimedResult {
  label?: string;
  threadId: number;
  startedAt: number;
  finishedAt: number;
}

export interface JobBusUnderTest {
  bus: JobBus;
  close(): Promise<void>;
}

export interface BehaviourOptions {
  /** Concurrency the setup gives the worker side. */
  concurrency: number;
  /** Builds a bus whose worker side runs TEST_HANDLER_MODULE with `concurrency`. */
  setup(): Promise<JobBusUnderTest>;
  /** Pause between enqueuing the low backlog and the high jobs (lets a remote backlog land first). */
  backlogSettleMs?: number;
  /** Timeout for the jobs of the priority test. */
  requestTimeoutMs?: number;
}

/** Peak number of overlapping [startedAt, finishedAt) intervals. */
export function peakOverlap(results: readonly TimedResult[]): number {
  const edges = results.flatMap((r) => [
    { t: r.startedAt, d: 1 },
    { t: r.finishedAt, d: -1 },
  ]);
  edges.sort((a, b) => a.t - b.t || a.d - b.d);
  let current = 0;
  let peak = 0;
  for (const e of edges) {
    current += e.d;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** The behaviour every JobBus implementation must show. Call inside a describe block. */
export function jobBusBehaviour(options: BehaviourOptions): void {
  let sut: JobBusUnderTest;
  const timeout = options.requestTimeoutMs ?? 45_000;

  beforeAll(async () => {
    sut = await options.setup();
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('reports itself healthy once it can take jobs', async () => {
    const health = await sut.bus.health();
    expect(['in-process', 'kafka']).toContain(health.kind);
  });

  it('answers each request with its own result (correlation)', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sut.bus.request<{ echo: { n: number }; priority: JobPriority }>(
          { kind: 'echo', priority: i % 2 ? 'normal' : 'medium', payload: { n: i } },
          { timeoutMs: timeout },
        ),
      ),
    );
    expect(results.map((r) => r.echo.n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(results[1].priority).toBe('normal');
  });

  it('propagates a failed job as JobFailedError with the worker message and code', async () => {
    const failure = sut.bus.request(
      { kind: 'fail', priority: 'high', payload: { message: 'model exploded', code: 'DETECTOR_FAILED' } },
      { timeoutMs: timeout },
    );
    await expect(failure).rejects.toBeInstanceOf(JobFailedError);
    await failure.catch((error: JobFailedError) => {
      expect(error.workerMessage).toBe('model exploded');
      expect(error.workerErrorCode).toBe('DETECTOR_FAILED');
      expect(error.code).toBe('JOB_FAILED');
    });
  });

  it('rejects with JobTimeoutError when no result comes in time, and keeps working', async () => {
    const started = Date.now();
    const slow = sut.bus.request({ kind: 'sleep', priority: 'dedicated', payload: { ms: 1500 } }, { timeoutMs: 300 });
    await expect(slow).rejects.toBeInstanceOf(JobTimeoutError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1400);
    await slow.catch((error: JobTimeoutError) => expect(error.timeoutMs).toBe(300));
    // The late result of the timed-out job must not disturb later requests.
    await new Promise((r) => setTimeout(r, 1400));
    const after = await sut.bus.request<{ echo: { ok: boolean } }>(
      { kind: 'echo', priority: 'dedicated', payload: { ok: true } },
      { timeoutMs: timeout },
    );
    expect(after.echo.ok).toBe(true);
  });

  it(`never runs more than ${options.concurrency} jobs at once`, async () => {
    const results = await Promise.all(
      Array.from({ length: options.concurrency * 4 }, (_, i) =>
        sut.bus.request<TimedResult>(
          { kind: 'sleep', priority: 'normal', payload: { ms: 120, label: `c${i}` } },
          { timeoutMs: timeout },
        ),
      ),
    );
    const peak = peakOverlap(results);
    expect(peak).toBeLessThanOrEqual(options.concurrency);
    expect(peak).toBeGreaterThanOrEqual(Math.min(2, options.concurrency));
  });

  it('THE PRIORITY TEST: high-priority jobs overtake a backlog of low-priority ones', async () => {
    const LOW = 40;
    const HIGH = 4;
    const LAST_N = 20;
    const completion: string[] = [];
    const t0 = Date.now();
    const finishedAt: Record<string, number> = {};
    const submit = (priority: JobPriority, label: string) =>
      sut.bus
        .request<TimedResult>({ kind: 'sleep', priority, payload: { ms: 50, label } }, { timeoutMs: timeout })
        .then((r) => {
          completion.push(label);
          finishedAt[label] = Date.now() - t0;
          return r;
        });
    const lows = Array.from({ length: LOW }, (_, i) => submit('low', `low-${i}`));
    await new Promise((r) => setTimeout(r, options.backlogSettleMs ?? 20));
    const highSubmittedAt = Date.now() - t0;
    const highs = Array.from({ length: HIGH }, (_, i) => submit('high', `high-${i}`));
    const [, highResults] = await Promise.all([Promise.all(lows), Promise.all(highs)]);
    const highStarts = highResults.map((r) => r.startedAt - t0);

    const highRanks = completion.map((label, rank) => (label.startsWith('high') ? rank : -1)).filter((r) => r >= 0);
    const lastHighDone = Math.max(...highs.map((_, i) => finishedAt[`high-${i}`]));
    const lowsDoneBeforeHighSubmitted = completion.filter(
      (l) => l.startsWith('low') && finishedAt[l] <= highSubmittedAt,
    ).length;
    const lowsOvertaking = completion.filter(
      (l) => l.startsWith('low') && finishedAt[l] > highSubmittedAt && finishedAt[l] < lastHighDone,
    ).length;
    // Evidence for docs/job-bus.md.
    console.log(
      `[priority-test] ${LOW} low + ${HIGH} high, concurrency ${options.concurrency}: high submitted at ${highSubmittedAt} ms, ` +
        `high started (worker) at ${JSON.stringify(highStarts)} ms, ` +
        `high completion ranks ${JSON.stringify(highRanks)} of ${completion.length}, last high done at ` +
        `${lastHighDone} ms, backlog drained at ${Math.max(...Object.values(finishedAt))} ms; low jobs done before the highs ` +
        `were submitted: ${lowsDoneBeforeHighSubmitted}, between the submission and the last high: ${lowsOvertaking}`,
    );
    expect(completion).toHaveLength(LOW + HIGH);
    // Every high job completes before the last LAST_N low jobs.
    expect(Math.max(...highRanks)).toBeLessThan(LOW + HIGH - LAST_N);
    // Once submitted, the high jobs wait only for jobs already running (ideal: `concurrency`); generous bound for CI.
    expect(lowsOvertaking).toBeLessThanOrEqual(4 * options.concurrency);
  });
}
