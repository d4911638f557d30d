import { PollingWorker } from './polling-loop';
import type { EventStore } from './port/event-store';
import type { CheckpointStore, LogConsumer } from './port/subscription';

export interface EventLogSubscriptionOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Polls the committed global log for one named consumer: hands each batch to the consumer, then saves the
 * checkpoint. A crash between the two redelivers the batch (at-least-once), so consumers dedupe by event id.
 */
export class EventLogSubscription extends PollingWorker {
  constructor(
    private readonly store: EventStore,
    private readonly checkpoints: CheckpointStore,
    readonly consumerName: string,
    private readonly consumer: LogConsumer,
    private readonly options: EventLogSubscriptionOptions = {},
  ) {
    super(options.pollIntervalMs ?? 250);
  }

  protected async poll(): Promise<boolean> {
    try {
      return (await this.runOnce()) > 0;
    } catch (error) {
      this.options.onError?.(error);
      return false;
    }
  }

  /** Delivers at most one batch; returns how many events it delivered. */
  async runOnce(): Promise<number> {
    const from = await this.checkpoints.load(this.consumerName);
    const events = await this.store.readAll(from, this.options.batchSize ?? 500);
    if (events.length === 0) return 0;
    await this.consumer.handle(events);
    await this.checkpoints.save(this.consumerName, events[events.length - 1].globalPosition);
    return events.length;
  }
}
