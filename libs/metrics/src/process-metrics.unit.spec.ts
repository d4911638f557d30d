import { LATENCY_BUCKETS, ProcessMetrics } from './index';

class SomeMetrics extends ProcessMetrics {
  readonly jobs = this.counter('test_jobs_total', 'Jobs', ['kind']);
  readonly took = this.histogram('test_job_seconds', 'Job time', ['kind']);
  readonly running = this.gauge('test_jobs_running', 'Jobs running', ['kind']);

  constructor(options: { defaultMetrics?: boolean } = {}) {
    super();
    this.collectProcessMetrics('test_', options);
  }
}

describe('ProcessMetrics', () => {
  it("keeps each process's metrics on its own registry, its own before Node's process metrics", async () => {
    const a = new SomeMetrics();
    const b = new SomeMetrics({ defaultMetrics: false });
    a.jobs.inc({ kind: 'detect' });
    a.took.observe({ kind: 'detect' }, 0.2);
    const { contentType, body } = await a.text();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('test_jobs_total{kind="detect"} 1');
    expect(body).toContain(
      `test_job_seconds_bucket{le="${LATENCY_BUCKETS[LATENCY_BUCKETS.length - 1]}",kind="detect"} 1`,
    );
    expect(body.indexOf('test_jobs_running')).toBeLessThan(body.indexOf('test_process_cpu'));
    expect((await b.text()).body).not.toContain('test_process_cpu');
    expect((await b.text()).body).toContain('# HELP test_jobs_total Jobs');
  });
});
