import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { toolRunStreamId } from '@inkprint/ai-domain';
import type { Actor, CheckpointStore, EventStore, RecordedEvent } from '@inkprint/eventstore';
import { DailyQuota } from '../../usage';
import { CLOCK, type Clock } from '../../platform/clock';
import { CHECKPOINTS, EVENT_STORE } from '../../platform/tokens';
import { AI_JOB_TIMEOUT_MS } from './run-ai-tool';

/** A counted request older than this without a result was cut off: the job's 45 s and a minute to record it. */
export const INTERRUPTED_AFTER_MS = AI_JOB_TIMEOUT_MS + 60_000;

const CONSUMER = 'interrupted-ai-runs';
const BATCH = 1_000;
const RECORDED = new Set(['DetectionRecorded', 'HumanisationRecorded', 'TextImported']);

/** A request counted on its quota streams, neither released nor recorded (yet). */
export interface OpenRequest {
  requestId: string;
  /** The quota streams it is still counted on (a guest's request counts on two). */
  streams: string[];
  actor: Actor;
  /** Epoch ms it was counted. */
  at: number;
  /** The log position just before it was counted: a scan from there sees it again. */
  before: bigint;
}

/** Folds one event of the log into the open requests (`previous`: the position read just before it). */
export function trackOpenRequests(open: Map<string, OpenRequest>, event: RecordedEvent, previous: bigint): void {
  const requestId = (event.data as { requestId?: unknown } | null)?.requestId;
  if (typeof requestId !== 'string') return;
  const entry = open.get(requestId);
  if (event.type === 'QuotaConsumed' && event.streamId.startsWith('usage-')) {
    if (entry) entry.streams.push(event.streamId);
    else {
      const at = Date.parse((event.data as { at: string }).at);
      open.set(requestId, { requestId, streams: [event.streamId], actor: event.metadata.actor, at, before: previous });
    }
  } else if (event.type === 'QuotaReleased' && entry) {
    entry.streams = entry.streams.filter((stream) => stream !== event.streamId);
    if (entry.streams.length === 0) open.delete(requestId);
  } else if (RECORDED.has(event.type) && event.streamId === toolRunStreamId(requestId)) {
    open.delete(requestId);
  }
}

/**
 * Issue 25 item 7: a request cut off by a crash (its quota taken, no result recorded, never released) is given back
 * on the next start. The scan reads the log from its own checkpoint; requests still younger than
 * INTERRUPTED_AFTER_MS may be in flight on another API process, so they are checked once more when that old.
 */
@Injectable()
export class InterruptedRuns implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InterruptedRuns.name);
  private recheck?: NodeJS.Timeout;

  constructor(
    private readonly dailyQuota: DailyQuota,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CHECKPOINTS) private readonly checkpoints: CheckpointStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const released = await this.reconcile();
      if (released > 0) this.logger.log(`gave back ${released} request(s) cut off before they answered`);
    } catch (error) {
      this.logger.error(`could not reconcile interrupted requests: ${(error as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    clearTimeout(this.recheck);
  }

  /** Gives back the interrupted requests and returns how many; the younger open ones are checked again later. */
  async reconcile(): Promise<number> {
    const open = new Map<string, OpenRequest>();
    let position = await this.checkpoints.load(CONSUMER);
    for (let batch = await this.store.readAll(position, BATCH); batch.length > 0;) {
      for (const event of batch) {
        trackOpenRequests(open, event, position);
        position = event.globalPosition;
      }
      batch = await this.store.readAll(position, BATCH);
    }
    const cutoff = this.clock.now().getTime() - INTERRUPTED_AFTER_MS;
    const young = [...open.values()].filter((request) => request.at > cutoff);
    let released = 0;
    for (const request of open.values()) {
      if (request.at > cutoff) continue;
      await this.release(request);
      released += 1;
    }
    // A crash before the young ones are checked scans them again from here next time.
    await this.checkpoints.save(CONSUMER, young[0]?.before ?? position);
    if (young.length > 0) {
      const wait = Math.max(0, young[young.length - 1].at - cutoff);
      this.recheck = setTimeout(() => void this.checkAgain(young, position), wait);
      this.recheck.unref();
    }
    return released;
  }

  /** The requests that were in flight at the scan: the ones that still have no result are given back. */
  private async checkAgain(requests: readonly OpenRequest[], position: bigint): Promise<void> {
    try {
      for (const request of requests) {
        if ((await this.store.streamVersion(toolRunStreamId(request.requestId))) === 0) await this.release(request);
      }
      await this.checkpoints.save(CONSUMER, position);
    } catch (error) {
      this.logger.error(`could not check requests in flight at start: ${(error as Error).message}`);
    }
  }

  private release(request: OpenRequest): Promise<void> {
    return this.dailyQuota.releaseInterrupted(request.requestId, request.streams, request.actor);
  }
}
