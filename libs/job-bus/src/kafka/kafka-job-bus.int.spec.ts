import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { describeWithService } from '@inkprint/testing';
import { KafkaJobBus } from './kafka-job-bus';
import { KafkaJobWorker } from './kafka-job-worker';
import { JobBusTopics } from './topics';
import { HEADER_CORRELATION_ID, HEADER_REPLY_TO } from './codec';
import { WorkerThreadPool } from '@inkprint/thread-pool';
import { jobBusBehaviour, TEST_HANDLER_MODULE } from '../testing/job-bus-behaviour';
import { parseBrokers } from './kafka-client';
import { JobBusClosedError, JobBusUnavailableError } from '../port/errors';

jest.setTimeout(120_000);

/** Test topics are throw-away: remove them so the development broker does not accumulate partitions. */
async function deleteTestTopics(brokers: string, prefix: string): Promise<void> {
  const admin = new Kafka({ brokers: parseBrokers(brokers), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${prefix}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

describeWithService('kafka', 'Kafka job bus', (brokers) => {
  const CONCURRENCY = 2;

  describe('shared behaviour', () => {
    jobBusBehaviour({
      concurrency: CONCURRENCY,
      backlogSettleMs: 300,
      requestTimeoutMs: 60_000,
      setup: async () => {
        const topicPrefix = `inkprint-test-${randomUUID().slice(0, 8)}`;
        const pool = new WorkerThreadPool({ handlerModule: TEST_HANDLER_MODULE, threads: CONCURRENCY });
        const worker = new KafkaJobWorker({ brokers, topicPrefix, concurrency: CONCURRENCY, logLevel: logLevel.ERROR });
        await worker.serve((job) => pool.run(job));
        const bus = new KafkaJobBus({ brokers, topicPrefix, logLevel: logLevel.ERROR });
        await bus.start();
        return {
          bus,
          close: async () => {
            await worker.close();
            await pool.close();
            await bus.close();
            await deleteTestTopics(brokers, topicPrefix);
          },
        };
      },
    });
  });

  describe('Kafka specifics', () => {
    const topicPrefix = `inkprint-test-${randomUUID().slice(0, 8)}`;
    let bus: KafkaJobBus;
    let worker: KafkaJobWorker;

    beforeAll(async () => {
      worker = new KafkaJobWorker({ brokers, topicPrefix, concurrency: 2, logLevel: logLevel.ERROR });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      await worker.serve(require(TEST_HANDLER_MODULE).handleJob);
      bus = new KafkaJobBus({ brokers, topicPrefix, logLevel: logLevel.ERROR });
      await bus.start();
    });
    afterAll(async () => {
      await worker?.close();
      await bus?.close();
      await deleteTestTopics(brokers, topicPrefix);
    });

    it('creates one topic per priority and a reply topic for the instance', async () => {
      const admin = new Kafka({ brokers: parseBrokers(brokers), logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      const names = await admin.listTopics();
      await admin.disconnect();
      const topics = new JobBusTopics(topicPrefix);
      expect(names).toEqual(expect.arrayContaining([...topics.allJobTopics(), bus.replyTopic]));
    });

    it('ignores duplicate replies (at-least-once redelivery)', async () => {
      const result = await bus.request<{ jobId: string }>({ kind: 'echo', priority: 'normal', payload: { n: 1 } });
      const producer = new Kafka({ brokers: parseBrokers(brokers), logLevel: logLevel.NOTHING }).producer();
      await producer.connect();
      const before = bus.ignoredReplies;
      const duplicate = JSON.stringify({ jobId: result.jobId, ok: true, result: { tampered: true } });
      await producer.send({
        topic: bus.replyTopic,
        messages: [
          { key: result.jobId, value: duplicate, headers: { [HEADER_CORRELATION_ID]: result.jobId } },
          { key: result.jobId, value: duplicate, headers: { [HEADER_CORRELATION_ID]: result.jobId } },
        ],
      });
      await producer.disconnect();
      const deadline = Date.now() + 10_000;
      while (bus.ignoredReplies < before + 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(bus.ignoredReplies).toBe(before + 2);
      // The bus still answers normally afterwards.
      await expect(bus.request({ kind: 'echo', priority: 'low', payload: { n: 2 } })).resolves.toMatchObject({
        echo: { n: 2 },
      });
    });

    it('a job Kafka will not take fails as JobBusUnavailableError (a JobBusClosedError: 503), not a raw Kafka error', async () => {
      const prefix = `inkprint-test-${randomUUID().slice(0, 8)}`;
      const lonely = new KafkaJobBus({ brokers, topicPrefix: prefix, logLevel: logLevel.NOTHING });
      await lonely.start();
      try {
        // The low topic disappears under the started bus: the producer gives up after its retries.
        const admin = new Kafka({ brokers: parseBrokers(brokers), logLevel: logLevel.NOTHING }).admin();
        await admin.connect();
        await admin.deleteTopics({ topics: [new JobBusTopics(prefix).jobs('low')] });
        await admin.disconnect();
        const failure = await lonely.request({ kind: 'echo', priority: 'low', payload: {} }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(JobBusUnavailableError);
        expect(failure).toBeInstanceOf(JobBusClosedError);
        expect((failure as Error).message).toMatch(/could not be published/);
        expect((await lonely.health()).waiting).toBe(0);
      } finally {
        await lonely.close();
        await deleteTestTopics(brokers, prefix);
      }
    });

    it('skips jobs whose requester already gave up', async () => {
      const expiredBefore = worker.stats().expired;
      // Occupy both slots, then queue a job that will have expired by the time it can start.
      const busy = [1, 2].map(() => bus.request({ kind: 'sleep', priority: 'dedicated', payload: { ms: 800 } }));
      await new Promise((r) => setTimeout(r, 200));
      await expect(
        bus.request({ kind: 'echo', priority: 'low', payload: {} }, { timeoutMs: 200 }),
      ).rejects.toMatchObject({
        code: 'JOB_TIMEOUT',
      });
      await Promise.all(busy);
      const deadline = Date.now() + 10_000;
      while (worker.stats().expired === expiredBefore && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(worker.stats().expired).toBe(expiredBefore + 1);
    });

    it('echoes the correlation id in the reply; an envelope without one (an older sender) still runs', async () => {
      const kafka = new Kafka({ brokers: parseBrokers(brokers), logLevel: logLevel.NOTHING });
      const replyTopic = `${topicPrefix}.test-replies-${randomUUID().slice(0, 8)}`;
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic: replyTopic, numPartitions: 1 }], waitForLeaders: true });
      await admin.disconnect();
      const consumer = kafka.consumer({ groupId: `${replyTopic}.reader`, maxWaitTimeInMs: 200 });
      const replies: Array<Record<string, unknown>> = [];
      await consumer.connect();
      await consumer.subscribe({ topics: [replyTopic], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          replies.push(JSON.parse(message.value!.toString()) as Record<string, unknown>);
        },
      });
      const producer = kafka.producer();
      await producer.connect();
      try {
        const envelope = (id: string, correlationId?: string) => ({
          id,
          kind: 'echo',
          priority: 'normal',
          payload: {},
          ...(correlationId ? { correlationId } : {}),
          requestedAt: new Date().toISOString(),
          deadline: Date.now() + 60_000,
        });
        const withId = randomUUID();
        const without = randomUUID();
        await producer.send({
          topic: new JobBusTopics(topicPrefix).jobs('normal'),
          messages: [
            {
              key: withId,
              value: JSON.stringify(envelope(withId, 'abc-123')),
              headers: { [HEADER_REPLY_TO]: replyTopic },
            },
            { key: without, value: JSON.stringify(envelope(without)), headers: { [HEADER_REPLY_TO]: replyTopic } },
          ],
        });
        const deadline = Date.now() + 30_000;
        while (replies.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        const byJob = new Map(replies.map((reply) => [reply.jobId, reply]));
        expect(byJob.get(withId)).toMatchObject({ ok: true, correlationId: 'abc-123' });
        expect(byJob.get(without)).toMatchObject({ ok: true });
        expect(byJob.get(without)).not.toHaveProperty('correlationId');
      } finally {
        await producer.disconnect();
        await consumer.disconnect();
      }
    });
  });
});
