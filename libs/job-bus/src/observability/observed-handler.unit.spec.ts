import { Writable } from 'node:stream';
import { InProcessJobBus } from '../in-process/in-process-job-bus';
import { correlationIdFrom, withCorrelationId } from './correlation';
import { configureLogging, prettyLine } from './logger';
import { observedJobHandler, type JobOutcome } from './observed-handler';

function sink(): { lines: () => Array<Record<string, unknown>>; stream: Writable } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { lines, stream };
}

describe('correlation ids', () => {
  it('keeps a sane X-Request-Id and replaces anything else with a uuid', () => {
    expect(correlationIdFrom('abc-123')).toBe('abc-123');
    expect(correlationIdFrom(['A.b_9'])).toBe('A.b_9');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), 'abc\n', '<script>']) {
      expect(correlationIdFrom(bad)).toMatch(uuid);
    }
    expect(correlationIdFrom('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('goes from the requester onto the envelope, into the handler scope and onto the job log line', async () => {
    const { lines, stream } = sink();
    configureLogging({ destination: stream, level: 'info' });
    const outcomes: JobOutcome[] = [];
    const bus = new InProcessJobBus({ concurrency: 1 });
    await bus.serve(
      observedJobHandler(
        (job) => {
          if (job.kind === 'fail') throw new TypeError('nope');
          return { seen: job.correlationId, timings: { durationMs: 7 } };
        },
        { onDone: (outcome) => outcomes.push(outcome) },
      ),
    );
    try {
      const result = await withCorrelationId('abc-123', () =>
        bus.request({ kind: 'detect', priority: 'low', payload: { mode: 'quick' }, correlationId: 'tool-run-1' }),
      );
      expect(result).toEqual({ seen: 'abc-123', timings: { durationMs: 7 } });
      // Outside any scope the request's own id stays; an envelope without one (older senders) logs the job id.
      await bus.request({ kind: 'detect', priority: 'low', payload: {}, correlationId: 'tool-run-2' });
      await expect(bus.request({ kind: 'fail', priority: 'high', payload: {} })).rejects.toMatchObject({
        code: 'JOB_FAILED',
      });
    } finally {
      await bus.close();
    }
    const jobs = lines().filter((line) => line.msg === 'job');
    expect(jobs).toHaveLength(3);
    expect(jobs[0]).toMatchObject({ kind: 'detect', mode: 'quick', priority: 'low', outcome: 'ok' });
    expect(jobs[0]!.correlationId).toBe('abc-123');
    expect(jobs[1]!.correlationId).toBe('tool-run-2');
    expect(jobs[2]).toMatchObject({ kind: 'fail', mode: 'none', priority: 'high', outcome: 'TypeError' });
    expect(jobs[2]!.correlationId).toBe(jobs[2]!.jobId);
    expect(typeof jobs[0]!.ms).toBe('number');
    expect(outcomes.map((o) => [o.outcome, o.engineMs])).toEqual([
      ['ok', 7],
      ['ok', 7],
      ['TypeError', undefined],
    ]);
  });

  it('pretty format: one readable line with the context and the fields', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 'info',
        time: '2026-01-02T03:04:05.678Z',
        pid: 1,
        context: 'HTTP',
        msg: 'request',
        status: 200,
      }),
    );
    expect(line).toBe('03:04:05.678 INFO [HTTP] request status=200');
    expect(prettyLine('not json')).toBe('not json');
  });
});
