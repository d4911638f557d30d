import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { describeWithService } from '@inkprint/testing';
import { KafkaJobBus } from '@inkprint/job-bus';
import { startDetectorWorker } from './bootstrap';

jest.setTimeout(120_000);

const TEXT =
  'The committee reviewed the proposal in detail and concluded that further analysis is required. ' +
  'In addition, the budget should be revisited before the next meeting, and every stakeholder must be consulted.';

describeWithService('kafka', 'detector-worker app', (brokers) => {
  it('joins the consumer groups, serves detect jobs from Kafka and shuts down gracefully', async () => {
    const topicPrefix = `inkprint-test-${randomUUID().slice(0, 8)}`;
    const app = await startDetectorWorker(
      {
        KAFKA_BROKERS: brokers,
        KAFKA_TOPIC_PREFIX: topicPrefix,
        WORKER_CONCURRENCY: '2',
        DETECTOR_ENGINE: 'heuristic',
      },
      false,
    );
    const bus = new KafkaJobBus({ brokers, topicPrefix, logLevel: logLevel.ERROR });
    try {
      const result = await bus.request<{ mode: string; score: number }>(
        { kind: 'detect', priority: 'dedicated', payload: { text: TEXT, mode: 'strong' } },
        { timeoutMs: 60_000 },
      );
      expect(result.mode).toBe('strong');
      await expect(bus.request({ kind: 'nope', priority: 'low', payload: {} })).rejects.toMatchObject({
        code: 'JOB_FAILED',
        workerErrorCode: 'JOB_UNKNOWN_KIND',
      });
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
