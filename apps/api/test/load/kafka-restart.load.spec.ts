import { Kafka, logLevel } from 'kafkajs';
import { describeWithService } from '@inkprint/testing';
import { Cluster, LOAD_SECONDS, PrivateKafka, requireBuiltApps, sleep, waitUntil } from './support/cluster';
import {
  detect,
  enterpriseSession,
  waitIfShed,
  metricSum,
  summarise,
  formatReport,
  type Outcome,
} from './support/load-client';

/** What a detection may answer while the job bus is down: the spec's error codes, never a hang or a bare 500. */
const CLEAR_ERRORS = new Set(['JOB_TIMEOUT', 'JOB_FAILED', 'SERVICE_UNAVAILABLE']);

/**
 * The Kafka broker restarted while detections run (its own broker, scripts/kafka.sh with KAFKA_BASE, so the shared
 * one stays up for other suites). Every request gets an answer (200, or a spec error code); afterwards the
 * domain-event topic holds every committed event at least once and nothing else: after dedup by event id it equals
 * the event store.
 */
describeWithService('postgres', 'the Kafka broker restarted under load (distributed)', (postgresUrl) => {
  describeWithService('kafka', 'API + 2 worker processes on a private broker', () => {
    const kafka = new PrivateKafka();
    let cluster: Cluster;
    let token: string;

    beforeAll(async () => {
      requireBuiltApps();
      await kafka.start();
      cluster = new Cluster({ postgresUrl, brokers: kafka.brokers, workers: 2, label: 'kafkarestart' });
      await cluster.start();
      token = (await enterpriseSession(cluster.base, 'kafkarestart')).accessToken;
    }, 300_000);
    afterAll(async () => {
      await cluster?.close();
      await kafka.stop();
    });

    it('every request is answered 200 or with a spec error code; the topic equals the event store after dedup', async () => {
      const outcomes: Outcome[] = [];
      let issuing = true;
      const started = performance.now();
      const load = Promise.all(
        Array.from({ length: 10 }, async () => {
          while (issuing) {
            const outcome = await detect(cluster.base, { bearer: token });
            outcomes.push(outcome);
            await waitIfShed(outcome);
          }
        }),
      );
      await sleep(3_000);
      const before = outcomes.filter((o) => o.status === 200).length;
      await kafka.restart();
      // Keep the load on after the broker is back until the bus answers again (and at least LOAD_SECONDS in all).
      const backAt = outcomes.length;
      await waitUntil('answers after the restart', async () => outcomes.slice(backAt).some((o) => o.status === 200));
      await sleep(Math.max(2_000, LOAD_SECONDS * 1000 - (performance.now() - started)));
      issuing = false;
      await load;
      const report = summarise(10, (performance.now() - started) / 1000, outcomes);
      process.stdout.write(`${formatReport('kafka restart', report)} (${before} answered before the restart)\n`);

      const unclear = outcomes.filter((o) => o.status !== 200 && !(o.status >= 500 && CLEAR_ERRORS.has(o.code!)));
      if (unclear.length) process.stdout.write(`API log:\n${cluster.api.log().slice(-4000)}\n`);
      expect(unclear.map((o) => `${o.status} ${o.code}`)).toEqual([]);
      expect(report.answered).toBeGreaterThan(before);

      // Every answered request's detection is in the event store.
      const runIds = outcomes.filter((o) => o.status === 200).map((o) => o.runId!);
      const recorded = await cluster.sql<{ id: string }>(
        `select metadata->>'correlationId' as id from es_events
         where event_type = 'DetectionRecorded' and metadata->>'correlationId' = any($1)`,
        [runIds],
      );
      expect(new Set(recorded.map((r) => r.id)).size).toBe(runIds.length);

      // The relay catches up, then the topic holds exactly the store's events once deduped by id.
      await waitUntil(
        'the relay to catch up',
        async () => metricSum(await (await fetch(`${cluster.base}/metrics`)).text(), 'inkprint_relay_lag_events') === 0,
        120_000,
      );
      const stored = new Set(
        (await cluster.sql<{ id: string }>(`select event_id::text as id from es_events`)).map((r) => r.id),
      );
      const { ids, messages } = await readDomainEvents(kafka.brokers, stored.size);
      process.stdout.write(
        `domain events: ${stored.size} stored, ${messages} messages on the topic, ${ids.size} distinct (${
          messages - ids.size
        } duplicates removed by dedup)\n`,
      );
      expect([...stored].filter((id) => !ids.has(id))).toEqual([]);
      expect([...ids].filter((id) => !stored.has(id))).toEqual([]);
    });
  });
});

/** Reads inkprint.domain-events from the beginning until `expected` distinct event ids arrived (or 60 s). */
async function readDomainEvents(brokers: string, expected: number): Promise<{ ids: Set<string>; messages: number }> {
  const client = new Kafka({ brokers: [brokers], clientId: 'load-test-reader', logLevel: logLevel.NOTHING });
  const consumer = client.consumer({ groupId: `load-test-reader-${Date.now()}`, maxWaitTimeInMs: 250 });
  const ids = new Set<string>();
  let messages = 0;
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: ['inkprint.domain-events'], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        messages++;
        ids.add((JSON.parse(String(message.value)) as { id: string }).id);
      },
    });
    await waitUntil('the domain events on the topic', async () => ids.size >= expected, 60_000).catch(() => undefined);
    // A moment more, so duplicates behind the last new id are counted too.
    await sleep(1_000);
  } finally {
    await consumer.disconnect();
  }
  return { ids, messages };
}
