import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { describeWithService, realServiceUrl } from '@inkprint/testing';
import { type Database, PostgresCheckpointStore, PostgresEventStore } from '@inkprint/eventstore-postgresql';
import type { CheckpointStore } from '@inkprint/eventstore';
import {
  dropSchema,
  openTestDatabase,
  testSchemaName,
  type TestBackend,
} from '@inkprint/eventstore-postgresql/testing';
import { DomainEventRelay } from './domain-event-relay';
import type { DomainEventMessage } from './domain-event-message';

jest.setTimeout(120_000);

interface Received {
  key: string;
  value: DomainEventMessage;
  headers: Record<string, string>;
  partition: number;
}

/** Reads the whole topic from the beginning until `count` messages arrived. */
async function readTopic(brokers: string, topic: string, count: number): Promise<Received[]> {
  const kafka = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `relay-test-${randomUUID()}`, maxWaitTimeInMs: 200 });
  const received: Received[] = [];
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let done!: () => void;
  const enough = new Promise<void>((resolve) => (done = resolve));
  await consumer.run({
    eachMessage: async ({ message, partition }: { message: KafkaMessage; partition: number }) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
      received.push({ key: message.key!.toString(), value: JSON.parse(message.value!.toString()), headers, partition });
      if (received.length >= count) done();
    },
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([enough, new Promise((r) => (timer = setTimeout(r, 30_000)))]);
  clearTimeout(timer);
  await consumer.disconnect();
  return received;
}

async function deleteTopic(brokers: string, topic: string): Promise<void> {
  const admin = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
}

function relaySuite(label: string, backend: () => TestBackend, brokers: string) {
  describe(label, () => {
    const schema = testSchemaName('relay');
    let db: Database;
    let store: PostgresEventStore;
    let checkpoints: PostgresCheckpointStore;
    const topics: string[] = [];
    const newTopic = () => {
      const topic = `inkprint-test-${randomUUID().slice(0, 8)}.domain-events`;
      topics.push(topic);
      return topic;
    };
    beforeAll(async () => {
      db = await openTestDatabase(backend());
      store = await PostgresEventStore.create(db.sql, { schema });
      checkpoints = new PostgresCheckpointStore(db.sql, store.tables);
    });
    afterAll(async () => {
      for (const topic of topics) await deleteTopic(brokers, topic);
      if (db?.kind === 'postgres') await dropSchema(db, schema);
      await db?.close();
    });

    it('publishes every committed event once, keyed by stream, in stream order, then checkpoints', async () => {
      const topic = newTopic();
      const streams = ['account-a', 'account-b', 'detection-1', 'detection-2', 'plan-x'];
      for (let i = 0; i < 30; i++) {
        await store.appendToStream(
          streams[i % 5],
          [{ type: i % 2 ? 'DetectionRequested' : 'UsageCounted', data: { i } }],
          {
            expectedVersion: 'any',
            metadata: { correlationId: `corr-${i}`, schemaVersion: 1 },
          },
        );
      }
      const relay = new DomainEventRelay(store, checkpoints, {
        brokers,
        topic,
        batchSize: 8,
        partitions: 3,
        logLevel: logLevel.ERROR,
      });
      let batches = 0;
      while ((await relay.runOnce()) > 0) batches++;
      await relay.stop();
      expect(batches).toBe(4);
      const all = await store.readAll(0n, 1000);
      expect(await checkpoints.load(relay.consumerName)).toBe(all[all.length - 1].globalPosition);

      const received = await readTopic(brokers, topic, 30);
      expect(received).toHaveLength(30);
      expect(new Set(received.map((m) => m.value.id))).toEqual(new Set(all.map((e) => e.id)));
      for (const m of received) {
        expect(m.key).toBe(m.value.streamId);
        expect(m.headers['event-id']).toBe(m.value.id);
        expect(m.headers['event-type']).toBe(m.value.type);
        expect(m.headers['schema-version']).toBe('1');
        expect(typeof m.value.globalPosition).toBe('string');
        expect(m.value.metadata.correlationId).toMatch(/^corr-/);
      }
      for (const stream of streams) {
        const versions = received.filter((m) => m.key === stream).map((m) => m.value.streamVersion);
        expect(versions).toEqual([1, 2, 3, 4, 5, 6].slice(0, versions.length));
        expect(new Set(received.filter((m) => m.key === stream).map((m) => m.partition)).size).toBe(1);
      }
    });

    it('republishes a batch whose checkpoint was not saved (at-least-once); dedupe by event id restores the log', async () => {
      const topic = newTopic();
      const consumerName = `relay-${randomUUID()}`;
      const before = await store.readAll(0n, 10_000);
      let failSaves = 1;
      const flaky: CheckpointStore = {
        load: (c) => checkpoints.load(c),
        save: async (c, p) => {
          if (failSaves-- > 0) throw new Error('database went away after Kafka acknowledged');
          await checkpoints.save(c, p);
        },
      };
      const relay = new DomainEventRelay(store, flaky, {
        brokers,
        topic,
        consumerName,
        batchSize: 1000,
        logLevel: logLevel.ERROR,
      });
      await expect(relay.runOnce()).rejects.toThrow('database went away');
      expect(await checkpoints.load(consumerName)).toBe(0n);
      expect(await relay.runOnce()).toBe(before.length);
      expect(await relay.runOnce()).toBe(0);
      await relay.stop();

      const received = await readTopic(brokers, topic, before.length * 2);
      expect(received).toHaveLength(before.length * 2);
      const deduped = new Map(received.map((m) => [m.value.id, m.value]));
      expect([...deduped.keys()].sort()).toEqual(before.map((e) => e.id).sort());
    });

    it('tails the log in the background', async () => {
      const topic = newTopic();
      const relay = new DomainEventRelay(store, checkpoints, {
        brokers,
        topic,
        consumerName: `relay-${randomUUID()}`,
        pollIntervalMs: 50,
        logLevel: logLevel.ERROR,
      });
      await relay.start();
      const existing = (await store.readAll(0n, 10_000)).length;
      await store.appendToStream(`late-${randomUUID()}`, [{ type: 'AccountOpened', data: {} }], {
        expectedVersion: 'no_stream',
      });
      relay.wake();
      const received = await readTopic(brokers, topic, existing + 1);
      await relay.stop();
      expect(received.map((m) => m.value.type)).toContain('AccountOpened');
    });
  });
}

describeWithService('kafka', 'DomainEventRelay', (brokers) => {
  relaySuite('on embedded PGlite', () => ({ kind: 'pglite' }), brokers);
  const postgresUrl = realServiceUrl('postgres');
  if (postgresUrl) relaySuite('on PostgreSQL', () => ({ kind: 'postgres', url: postgresUrl }), brokers);
});
