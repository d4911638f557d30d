import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { accountStreamId } from '@inkprint/accounts-domain';
import { reportStreamId } from '@inkprint/ai-domain';
import type { RecordedEvent } from '@inkprint/eventstore';
import { toKafkaMessage, type DomainEventMessage } from '@inkprint/domain-event-relay';
import { describeWithService, realServiceUrl } from '@inkprint/testing';
import { Capture } from '../testing/cli-harness';
import { registerAccount, scratchData, shareReport, type OpsBackend } from '../testing/ops-fixtures';
import { replayToTopic } from './events.command';

jest.setTimeout(120_000);

interface Received {
  key: string;
  value: DomainEventMessage;
  headers: Record<string, string>;
}

/** Reads the whole topic from the beginning until `count` messages arrived (or 20 s passed). */
async function readTopic(brokers: string, topic: string, count: number): Promise<Received[]> {
  const kafka = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `cli-replay-test-${randomUUID()}`, maxWaitTimeInMs: 200 });
  const received: Received[] = [];
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let done!: () => void;
  const enough = new Promise<void>((resolve) => (done = resolve));
  await consumer.run({
    eachMessage: async ({ message }: { message: KafkaMessage }) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
      received.push({ key: message.key!.toString(), value: JSON.parse(message.value!.toString()), headers });
      if (received.length >= count) done();
    },
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([enough, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
  clearTimeout(timer);
  await consumer.disconnect();
  return received;
}

/** A consumer as docs/domain-events.md asks for: dedupe by event id. */
const dedupe = (messages: Received[]) => new Map(messages.map((m) => [m.value.id, m.value]));

function suite(backend: () => OpsBackend, brokers: string) {
  it('re-publishes the log and a range of it as the relay does; dedupe by event id restores exactly the log', async () => {
    const scratch = await scratchData(backend());
    const data = await scratch.open();
    const topic = `inkprint-test-${randomUUID().slice(0, 8)}.domain-events`;
    const admin = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
    try {
      const streams: string[] = [];
      for (const name of ['Ada', 'Grace', 'Edsger', 'Barbara']) {
        streams.push(accountStreamId(await registerAccount(data.store, name)));
      }
      streams.push(reportStreamId(await shareReport(data.store, new Date(), new Date(Date.now() + 3600_000))));
      const written = (await Promise.all(streams.map((id) => data.store.inner.readStream(id)))).flat().length;
      // PostgreSQL shows the log's tail once no older transaction can still commit before it: wait for all of it.
      let log: RecordedEvent[] = [];
      for (let tries = 0; tries < 100 && log.length < written; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        log = await data.store.inner.readAll(0n, 1000);
      }
      expect(log).toHaveLength(written);
      const n = log.length;
      expect(n).toBeGreaterThanOrEqual(5); // each registration records its events, then the report

      const progress = new Capture();
      const all = await replayToTopic(data, { brokers, topic }, progress);
      expect(all).toEqual({ events: n, last: log[n - 1]!.globalPosition });
      expect(progress.text.trim().split('\n').at(-1)).toBe(`replaying events: ${n}/${n} events`);

      // A range: after the first event's position, up to the third's (inclusive).
      const range = await replayToTopic(
        data,
        { brokers, topic, from: log[0]!.globalPosition, to: log[2]!.globalPosition },
        new Capture(),
      );
      expect(range).toEqual({ events: 2, last: log[2]!.globalPosition });

      const received = await readTopic(brokers, topic, n + 2);
      expect(received).toHaveLength(n + 2);
      // Exactly the relay's message for each event: key, value and headers.
      for (const message of received) {
        const event = log.find((e) => e.id === message.value.id)!;
        const expected = toKafkaMessage(event);
        expect(message.key).toBe(expected.key);
        expect(message.value).toEqual(JSON.parse(expected.value));
        expect(message.headers).toEqual(expected.headers);
      }
      // The replayed range was published twice; a consumer deduping by id sees the log once, nothing more.
      const seen = dedupe(received);
      expect([...seen.keys()].sort()).toEqual(log.map((e) => e.id).sort());
      expect(received.filter((m) => m.value.id === log[1]!.id)).toHaveLength(2);
      expect(received.filter((m) => m.value.id === log[0]!.id)).toHaveLength(1);
      // The relay's own checkpoint did not move.
      const checkpoints = await data.db.sql.query('select consumer from es_checkpoints where consumer = $1', [
        `kafka-relay:${topic}`,
      ]);
      expect(checkpoints).toEqual([]);
    } finally {
      await admin.connect();
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.disconnect();
      await data.close();
      await scratch.dispose();
    }
  });
}

describeWithService('kafka', 'inkprint events replay --to-topic', (brokers) => {
  describe('on PGlite', () => suite(() => ({ kind: 'pglite' }), brokers));
  const postgres = realServiceUrl('postgres');
  if (postgres) describe('on PostgreSQL', () => suite(() => ({ kind: 'postgres', baseUrl: postgres }), brokers));
});
