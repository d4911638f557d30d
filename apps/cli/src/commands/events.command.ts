import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import type { EventStore, RecordedEvent } from '@inkprint/eventstore';
import { EventStoreTables, PostgresCheckpointStore, PostgresEventStore } from '@inkprint/eventstore-postgresql';
import { DOMAIN_EVENTS_TOPIC, DomainEventRelay } from '@inkprint/domain-event-relay';
import { count, elapsed, OpsProgress } from '../ops/progress';
import { openInkprintData, type InkprintData } from '../ops/runtime';

export interface ReplayRange {
  /** A checkpoint: replay the events after it (exclusive; 0 = from the first event). */
  from?: bigint;
  /** The last position to replay (inclusive, in log order). */
  to?: bigint;
}

/** Publishes one batch (the relay's own encoding, producer and topic). */
export type PublishBatch = (events: readonly RecordedEvent[]) => Promise<void>;

/**
 * Re-publishes the event log, or a range of it, exactly as the domain-event relay publishes it (same message per
 * event: key = stream id, value and headers with the event id). Consumers dedupe by event id (docs/domain-events.md),
 * so a replay adds nothing they have seen and restores what they missed. The relay's checkpoint is not touched.
 */
export async function replayEvents(
  log: EventStore,
  publish: PublishBatch,
  range: ReplayRange,
  progress: Writable & { isTTY?: boolean },
  batchSize = 500,
): Promise<{ events: number; last?: bigint }> {
  let position = range.from ?? 0n;
  const total =
    range.to === undefined
      ? await log.countAfter(position)
      : (await log.countAfter(position)) - (await log.countAfter(range.to));
  const bar = new OpsProgress(progress, 'replaying events', 'events');
  let published = 0;
  let last: bigint | undefined;
  for (;;) {
    const batch = await log.readAll(position, batchSize);
    if (batch.length === 0) break;
    let inRange = batch;
    let done = false;
    if (range.to !== undefined) {
      const to = range.to;
      const cut: RecordedEvent[] = [];
      const lastOfBatch = batch[batch.length - 1]!.globalPosition;
      // Log order: when the batch's last event is not after `to`, none of it is.
      const whole = lastOfBatch === to || !(await log.isAfter(lastOfBatch, to));
      for (const event of whole ? [] : batch) {
        if (event.globalPosition !== to && (await log.isAfter(event.globalPosition, to))) {
          done = true;
          break;
        }
        cut.push(event);
      }
      inRange = whole ? batch : cut;
    }
    if (inRange.length > 0) {
      await publish(inRange);
      published += inRange.length;
      last = inRange[inRange.length - 1]!.globalPosition;
      bar.update(published, Math.max(total, published));
    }
    if (done || batch.length < batchSize) break;
    position = batch[batch.length - 1]!.globalPosition;
  }
  return { events: published, ...(last !== undefined ? { last } : {}) };
}

/**
 * Opens a DomainEventRelay on the log as stored (personal fields sealed, as the relay publishes it) for its topic,
 * encoding and idempotent producer, and replays `range` through it. The relay's checkpoint is neither read nor moved.
 */
export async function replayToTopic(
  data: InkprintData,
  options: ReplayRange & { brokers: string; topic: string; clientId?: string },
  progress: Writable & { isTTY?: boolean },
): Promise<{ events: number; last?: bigint }> {
  const log = data.store.inner;
  const tables = log instanceof PostgresEventStore ? log.tables : new EventStoreTables();
  const relay = new DomainEventRelay(log, new PostgresCheckpointStore(data.db.sql, tables), {
    brokers: options.brokers,
    topic: options.topic,
    clientId: options.clientId ?? 'inkprint-replay',
  });
  try {
    await relay.connect();
    return await replayEvents(log, (batch) => relay.handle(batch), options, progress);
  } finally {
    await relay.stop();
  }
}

function position(value: string): bigint {
  if (!/^\d+$/.test(value)) throw new Error(`a position is a whole number (got "${value}")`);
  return BigInt(value);
}

export function register(program: Command): void {
  const events = program.command('events').description('The event log');
  events
    .command('replay')
    .description('Re-publish the event log, or a range of it, to the domain-event Kafka topic the relay uses')
    .requiredOption('--to-topic [topic]', `publish to the relay's topic (default ${DOMAIN_EVENTS_TOPIC})`)
    .option('--from <position>', 'start after this checkpoint position (exclusive; default: the first event)', position)
    .option('--to <position>', 'stop after the event at this position (inclusive; default: the last event)', position)
    .addHelpText(
      'after',
      "\nNeeds KAFKA_BROKERS (and the database variables of the API). Messages are exactly the relay's (key = stream id,\n" +
        '`id` and the event-id header = event id): consumers dedupe by event id, so replaying is safe. Positions are\n' +
        'the `globalPosition` of the messages. Examples:\n' +
        '  inkprint events replay --to-topic\n  inkprint events replay --to-topic --from 1200 --to 1850',
    )
    .action(async (options: { toTopic: string | true; from?: bigint; to?: bigint }) => {
      const brokers = (process.env.KAFKA_BROKERS ?? '').trim();
      if (!brokers) throw new Error('KAFKA_BROKERS is not set: the domain-event topic lives in Kafka');
      const topic = options.toTopic === true ? DOMAIN_EVENTS_TOPIC : options.toTopic;
      const data = await openInkprintData();
      try {
        const started = Date.now();
        const result = await replayToTopic(
          data,
          { ...options, brokers, topic, clientId: `${process.env.KAFKA_CLIENT_ID || 'inkprint'}-replay` },
          process.stderr,
        );
        process.stdout.write(
          `replayed ${count(result.events, 'event')} to ${topic}` +
            `${result.last !== undefined ? ` (last position ${result.last})` : ''} in ${elapsed(started)}\n`,
        );
      } finally {
        await data.close();
      }
    });
}
