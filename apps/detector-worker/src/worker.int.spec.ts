import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import { describeWithService } from '@inkprint/testing';
import { KafkaJobBus } from '@inkprint/job-bus';
import { startDetectorWorker } from './bootstrap';

jest.setTimeout(120_000);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const TEXT =
  'The committee reviewed the proposal in detail and concluded that further analysis is required. ' +
  'In addition, the budget should be revisited before the next meeting, and every stakeholder must be consulted.';

describeWithService('kafka', 'detector-worker app', (brokers) => {
  it('joins the consumer groups, serves detect jobs from Kafka, counts them at /metrics and shuts down gracefully', async () => {
    const topicPrefix = `inkprint-test-${randomUUID().slice(0, 8)}`;
    const metricsPort = await freePort();
    const app = await startDetectorWorker({
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      WORKER_CONCURRENCY: '2',
      DETECTOR_ENGINE: 'heuristic',
      LOG_LEVEL: 'silent',
      WORKER_METRICS_PORT: String(metricsPort),
    });
    const scrape = async (): Promise<string> => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const bus = new KafkaJobBus({ brokers, topicPrefix, logLevel: logLevel.ERROR });
    try {
      expect(await scrape()).not.toContain('inkprint_worker_job_duration_seconds_count{');
      const result = await bus.request<{ mode: string; score: number }>(
        { kind: 'detect', priority: 'dedicated', payload: { text: TEXT, mode: 'strong' } },
        { timeoutMs: 60_000 },
      );
      expect(result.mode).toBe('strong');
      await expect(bus.request({ kind: 'nope', priority: 'low', payload: {} })).rejects.toMatchObject({
        code: 'JOB_FAILED',
        workerErrorCode: 'JOB_UNKNOWN_KIND',
      });
      const metrics = await scrape();
      expect(metrics).toContain(
        'inkprint_worker_job_duration_seconds_count{kind="detect",mode="strong",outcome="ok"} 1',
      );
      expect(metrics).toMatch(/inkprint_worker_jobs_total\{kind="nope",mode="none",outcome="\w+"\} 1/);
      expect(metrics).toMatch(/inkprint_worker_engine_seconds_count\{kind="detect",mode="strong"\} 1/);
      expect(metrics).toContain('inkprint_worker_jobs_in_flight{kind="detect"} 0');
      expect(metrics).toContain('inkprint_worker_process_cpu_seconds_total');
    } finally {
      await app.close();
      await bus.close();
      const admin = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${topicPrefix}.`));
      if (topics.length > 0) await admin.deleteTopics({ topics });
      await admin.disconnect();
    }
  });
});
