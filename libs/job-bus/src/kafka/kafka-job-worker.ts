import {
  Partitioners,
  type Consumer,
  type EachBatchPayload,
  type Kafka,
  type KafkaMessage,
  type Producer,
} from 'kafkajs';
import type { JobEnvelope, JobHandler, JobWorker } from '../port/job-bus';
import { JobBusClosedError, toJobErrorInfo } from '../port/errors';
import { PRIORITIES_HIGHEST_FIRST, type JobPriority } from '../port/priority';
import { PriorityScheduler } from '../in-process/priority-scheduler';
import { createKafka, type KafkaConnectionOptions } from './kafka-client';
import { DEFAULT_TOPIC_PREFIX, ensureTopics, JobBusTopics } from './topics';
import { decodeJob, HEADER_CORRELATION_ID, HEADER_REPLY_TO, headerString, type JobReply } from './codec';
import { waitForGroupJoin } from './group-join';
import { OrderedCommitTracker } from './ordered-commit-tracker';

export interface KafkaJobWorkerOptions extends KafkaConnectionOptions {
  topicPrefix?: string;
  /** Jobs this worker process runs at once. Default 2. */
  concurrency?: number;
  /** Partitions of each job topic when this worker has to create it. Default 4. */
  jobTopicPartitions?: number;
  /**
   * Jobs of one priority handed to the local scheduler ahead of a free slot. Default 2 x concurrency: the next
   * high job is already queued when a slot frees, so the slot never goes to a lower priority in between.
   */
  bufferPerPriority?: number;
  /** Where operational messages go; default console. */
  logger?: Pick<Console, 'warn' | 'error'>;
}

export interface KafkaJobWorkerStats {
  completed: number;
  failed: number;
  /** Jobs skipped because their requester had already given up (deadline passed). */
  expired: number;
  /** Messages that could not be parsed (skipped). */
  malformed: number;
}

/**
 * The worker side of the Kafka job bus.
 *
 * Priority design: one consumer (and consumer group) per priority topic, so a backlog in `low` never sits in front
 * of a `high` message in a fetch. Each consumer hands at most `bufferPerPriority` (2 x concurrency) jobs at a time
 * to one local strict-priority scheduler shared by all priorities, and keeps fetching meanwhile (its batch handler
 * returns as soon as the jobs are handed over). Whenever a slot frees, the scheduler takes the highest waiting
 * priority. Lower-priority messages beyond a consumer's buffer stay in Kafka (back-pressure: its fetch loop waits),
 * so at most 5 x bufferPerPriority jobs sit in this process and a high job waits only for the jobs already running.
 *
 * Delivery: at-least-once. Offsets are committed manually, per partition and in order, only once every job up to
 * that offset has run and its reply was acknowledged by Kafka; a crash or rebalance replays uncommitted jobs and the
 * requester ignores the duplicate reply. Jobs whose deadline has passed are skipped: nobody waits for them any more.
 */
export class KafkaJobWorker implements JobWorker {
  private readonly topics: JobBusTopics;
  private readonly kafka: Kafka;
  private readonly scheduler: PriorityScheduler;
  private readonly concurrency: number;
  private readonly consumers = new Map<JobPriority, Consumer>();
  private readonly permits: Map<JobPriority, Permits>;
  private readonly commits = new Map<JobPriority, OrderedCommitTracker>();
  private producer?: Producer;
  private handler?: JobHandler;
  private closing = false;
  private readonly counters: KafkaJobWorkerStats = { completed: 0, failed: 0, expired: 0, malformed: 0 };
  private readonly logger: Pick<Console, 'warn' | 'error'>;

  constructor(private readonly options: KafkaJobWorkerOptions) {
    this.concurrency = options.concurrency ?? 2;
    this.scheduler = new PriorityScheduler(this.concurrency);
    this.topics = new JobBusTopics(options.topicPrefix ?? DEFAULT_TOPIC_PREFIX);
    this.kafka = createKafka(options, 'inkprint-detector-worker');
    this.logger = options.logger ?? console;
    const buffer = options.bufferPerPriority ?? 2 * this.concurrency;
    if (!Number.isInteger(buffer) || buffer < 1) throw new RangeError(`bufferPerPriority must be a positive integer`);
    this.permits = new Map(PRIORITIES_HIGHEST_FIRST.map((p) => [p, new Permits(buffer)]));
  }

  stats(): KafkaJobWorkerStats & { queued: number; running: number } {
    return { ...this.counters, queued: this.scheduler.queued(), running: this.scheduler.running };
  }

  async serve(handler: JobHandler): Promise<void> {
    if (this.closing) throw new JobBusClosedError();
    if (this.handler) throw new Error('KafkaJobWorker is already serving');
    this.handler = handler;
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, this.topics.allJobTopics(), this.options.jobTopicPartitions ?? 4);
    } finally {
      await admin.disconnect();
    }
    // Replies need no idempotence (requesters drop duplicates); bounded retries, then `sendReply` decides.
    this.producer = this.kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, retry: { retries: 5 } });
    await this.producer.connect();
    const joins: Promise<void>[] = [];
    for (const priority of PRIORITIES_HIGHEST_FIRST) {
      const consumer = this.kafka.consumer({
        groupId: this.topics.workerGroup(priority),
        maxWaitTimeInMs: 250,
        sessionTimeout: 30_000,
        heartbeatInterval: 3_000,
      });
      this.consumers.set(priority, consumer);
      this.commits.set(
        priority,
        new OrderedCommitTracker((topic, partition, offset) =>
          consumer.commitOffsets([{ topic, partition, offset }]).catch((error: unknown) => {
            // After a rebalance the partition may belong to another member, which replays from the last commit.
            this.logger.warn(`job-bus: offset commit ${topic}[${partition}]@${offset} failed: ${String(error)}`);
          }),
        ),
      );
      await consumer.connect();
      await consumer.subscribe({ topics: [this.topics.jobs(priority)], fromBeginning: true });
      joins.push(waitForGroupJoin(consumer, 60_000));
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: this.options.jobTopicPartitions ?? 4,
        eachBatch: (payload) => this.consumeBatch(priority, payload),
      });
    }
    await Promise.all(joins);
  }

  /** Stops fetching, lets running and buffered jobs finish and reply, commits their offsets, then disconnects. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const [priority, consumer] of this.consumers) consumer.pause([{ topic: this.topics.jobs(priority) }]);
    await this.scheduler.whenIdle();
    await Promise.all([...this.commits.values()].map((c) => c.flushed()));
    await Promise.all([...this.consumers.values()].map((c) => c.disconnect()));
    await this.producer?.disconnect();
  }

  private async consumeBatch(priority: JobPriority, payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    const permits = this.permits.get(priority)!;
    const commits = this.commits.get(priority)!;
    // Waiting for a permit can outlast the session timeout when higher priorities keep the slots: stay in the group.
    const beat = setInterval(() => void heartbeat().catch(() => undefined), 3_000);
    try {
      for (const message of batch.messages) {
        if (this.closing || !isRunning() || isStale()) return;
        await permits.acquire();
        if (this.closing || !isRunning() || isStale()) {
          permits.release();
          return;
        }
        const done = commits.track(batch.topic, batch.partition, message.offset);
        void this.scheduler
          .schedule(priority, () => this.process(message))
          .promise.catch((error: unknown) =>
            this.logger.error(`job-bus: job at offset ${message.offset}: ${String(error)}`),
          )
          .finally(() => {
            permits.release();
            done();
          });
        // Moves the fetch position on; the commit follows only when the job is done (see OrderedCommitTracker).
        resolveOffset(message.offset);
      }
    } finally {
      clearInterval(beat);
    }
  }

  private async process(message: KafkaMessage): Promise<void> {
    let job: JobEnvelope;
    try {
      job = decodeJob(message.value);
    } catch (error) {
      this.counters.malformed++;
      this.logger.warn(`job-bus: skipping malformed job message at offset ${message.offset}: ${String(error)}`);
      return;
    }
    const replyTo = headerString(message.headers, HEADER_REPLY_TO);
    if (job.deadline < Date.now()) {
      this.counters.expired++;
      return;
    }
    let reply: JobReply;
    try {
      reply = { jobId: job.id, ok: true, result: await this.handler!(job), ...echo(job) };
      this.counters.completed++;
    } catch (error) {
      reply = { jobId: job.id, ok: false, error: toJobErrorInfo(error), ...echo(job) };
      this.counters.failed++;
    }
    if (!replyTo) {
      this.logger.warn(`job-bus: job ${job.id} has no reply-to header; result dropped`);
      return;
    }
    await this.sendReply(job, replyTo, reply);
  }

  /** Retries until Kafka acknowledges the reply or nobody waits for it any more (deadline passed). */
  private async sendReply(job: JobEnvelope, replyTo: string, reply: JobReply): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.producer!.send({
          topic: replyTo,
          acks: -1,
          messages: [{ key: job.id, value: JSON.stringify(reply), headers: { [HEADER_CORRELATION_ID]: job.id } }],
        });
        return;
      } catch (error) {
        if (job.deadline < Date.now()) {
          this.logger.warn(
            `job-bus: reply for job ${job.id} to ${replyTo} dropped after its deadline: ${String(error)}`,
          );
          return;
        }
        await new Promise((r) => setTimeout(r, Math.min(2_000, 100 * 2 ** attempt)));
      }
    }
  }
}

/** Counting semaphore. */
class Permits {
  private waiters: Array<() => void> = [];
  constructor(private available: number) {}

  acquire(): Promise<void> {
    if (this.available > 0) {
      this.available--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.available++;
  }
}

function echo(job: JobEnvelope): { correlationId?: string } {
  return job.correlationId ? { correlationId: job.correlationId } : {};
}
