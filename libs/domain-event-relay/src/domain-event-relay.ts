import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { createTopicsAndWait } from '@inkprint/job-bus';
import {
  type CheckpointStore,
  EventLogSubscription,
  type EventStore,
  type LogConsumer,
  type RecordedEvent,
} from '@inkprint/eventstore';
import { DOMAIN_EVENTS_TOPIC, toKafkaMessage } from './domain-event-message';

export interface DomainEventRelayOptions {
  /** Kafka brokers ("host:port,host:port" or a list). */
  brokers: string | readonly string[];
  clientId?: string;
  /** Default `inkprint.domain-events`. */
  topic?: string;
  /** Partitions when the relay creates the topic. Default 6. */
  partitions?: number;
  /** Checkpoint name of this relay. Default `kafka-relay:<topic>`. */
  consumerName?: string;
  /** Events read and published per batch. Default 500. */
  batchSize?: number;
  /** Wait when the log has nothing new. Default 250 ms. */
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
  /** kafkajs log level; default WARN. */
  logLevel?: logLevel;
}

/**
 * Publishes the committed event log to Kafka for data teams. It tails the log through the EventStore port with its
 * own checkpoint (CheckpointStore), sends each batch with the idempotent producer (acks=all) and saves the
 * checkpoint only once Kafka has acknowledged the whole batch: at-least-once. After a crash between the two the
 * batch is published again, so consumers dedupe by event id (message value `id`, header `event-id`).
 */
export class DomainEventRelay implements LogConsumer {
  readonly topic: string;
  readonly consumerName: string;
  private readonly kafka: Kafka;
  private producer?: Producer;
  private readonly subscription: EventLogSubscription;
  private readonly store: EventStore;
  private readonly checkpoints: CheckpointStore;
  private started?: Promise<void>;
  private published = 0;

  constructor(
    store: EventStore,
    checkpoints: CheckpointStore,
    private readonly options: DomainEventRelayOptions,
  ) {
    this.store = store;
    this.checkpoints = checkpoints;
    this.topic = options.topic ?? DOMAIN_EVENTS_TOPIC;
    this.consumerName = options.consumerName ?? `kafka-relay:${this.topic}`;
    const brokers = (typeof options.brokers === 'string' ? options.brokers.split(',') : [...options.brokers])
      .map((b) => b.trim())
      .filter(Boolean);
    if (brokers.length === 0) throw new Error('DomainEventRelay needs at least one Kafka broker (KAFKA_BROKERS)');
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'inkprint-domain-event-relay',
      brokers,
      logLevel: options.logLevel ?? logLevel.WARN,
    });
    this.subscription = new EventLogSubscription(store, checkpoints, this.consumerName, this, {
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: options.pollIntervalMs ?? 250,
      onError: options.onError ?? ((error) => console.error(`domain-event relay: ${String(error)}`)),
    });
  }

  /** Committed events not yet published (acknowledged by Kafka and checkpointed): the relay's lag. */
  async lag(): Promise<number> {
    return this.store.countAfter(await this.checkpoints.load(this.consumerName));
  }

  /** Events published since this relay was created (a redelivered batch counts again). */
  get publishedCount(): number {
    return this.published;
  }

  /** Creates the topic if needed and connects the producer. Idempotent. */
  connect(): Promise<void> {
    this.started ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        const topics = await admin.listTopics();
        if (!topics.includes(this.topic)) {
          await createTopicsAndWait(admin, [{ topic: this.topic, numPartitions: this.options.partitions ?? 6 }]);
        }
      } finally {
        await admin.disconnect();
      }
      // Idempotent producer, one request in flight: retries neither duplicate nor reorder within a partition.
      this.producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await this.producer.connect();
    })();
    return this.started;
  }

  /** Starts tailing the log in the background. */
  async start(): Promise<void> {
    await this.connect();
    this.subscription.start();
  }

  /** Publishes at most one batch; returns how many events it published. For tests and one-shot catch-up. */
  async runOnce(): Promise<number> {
    await this.connect();
    return this.subscription.runOnce();
  }

  /** Called by the subscription with each batch in log order; resolves once Kafka acknowledged every message. */
  async handle(events: readonly RecordedEvent[]): Promise<void> {
    if (!this.producer) throw new Error('DomainEventRelay is not connected');
    await this.producer.send({ topic: this.topic, acks: -1, messages: events.map(toKafkaMessage) });
    this.published += events.length;
  }

  /** Wakes the poller (e.g. right after an append) instead of waiting for the poll interval. */
  wake(): void {
    this.subscription.wake();
  }

  async stop(): Promise<void> {
    await this.subscription.stop();
    await this.producer?.disconnect();
  }
}
