import { randomUUID } from 'node:crypto';
import { Partitioners, type Admin, type Consumer, type Kafka, type Producer } from 'kafkajs';
import { newJobEnvelope, type JobBus, type JobBusHealth, type JobRequest, type RequestOptions } from '../port/job-bus';
import { JobBusClosedError, JobBusUnavailableError, JobFailedError, JobTimeoutError } from '../port/errors';
import { createKafka, type KafkaConnectionOptions } from './kafka-client';
import { DEFAULT_TOPIC_PREFIX, ensureTopics, JobBusTopics } from './topics';
import { decodeReply, encodeJob, HEADER_CORRELATION_ID, HEADER_JOB_KIND, HEADER_REPLY_TO, headerString } from './codec';
import { waitForGroupJoin } from './group-join';

export interface KafkaJobBusOptions extends KafkaConnectionOptions {
  /** Prefix of topics and groups; default "inkprint". */
  topicPrefix?: string;
  /** Identifies this API instance; names its reply topic. Default: a random UUID. */
  instanceId?: string;
  /** Partitions of each job topic when this instance has to create it. Default 4. */
  jobTopicPartitions?: number;
  /** Delete the reply topic and its group on close (instances with random ids leave nothing behind). Default true. */
  deleteReplyTopicOnClose?: boolean;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  kind: string;
}

/**
 * The API side of the Kafka job bus: publishes a job to the topic of its priority with a correlation id (the job
 * id) and a reply-to header, and resolves the request when the matching reply arrives on this instance's reply
 * topic. A reply whose correlation id is unknown (duplicate after a worker retry, or late after a timeout) is ignored.
 */
export class KafkaJobBus implements JobBus {
  readonly instanceId: string;
  private readonly topics: JobBusTopics;
  private readonly kafka: Kafka;
  private producer?: Producer;
  private consumer?: Consumer;
  private readonly pending = new Map<string, Pending>();
  private state: 'new' | 'started' | 'closed' = 'new';
  private starting?: Promise<void>;
  private ignored = 0;

  constructor(private readonly options: KafkaJobBusOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.topics = new JobBusTopics(options.topicPrefix ?? DEFAULT_TOPIC_PREFIX);
    this.kafka = createKafka(options, `inkprint-api-${this.instanceId}`);
  }

  get replyTopic(): string {
    return this.topics.replies(this.instanceId);
  }

  /** Replies ignored because nobody waited for them (duplicates and late replies). */
  get ignoredReplies(): number {
    return this.ignored;
  }

  /** Creates the topics, connects, and waits until the reply consumer is in its group. Idempotent. */
  start(): Promise<void> {
    if (this.state === 'closed') return Promise.reject(new JobBusClosedError());
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<void> {
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, this.topics.allJobTopics(), this.options.jobTopicPartitions ?? 4);
      await ensureTopics(admin, [this.replyTopic], 1);
    } finally {
      await admin.disconnect();
    }
    // Not the idempotent producer: it allows one request in flight, which queues a burst of jobs (a high job would
    // wait behind every low one still being sent). A duplicated job costs a second run; its reply is ignored.
    this.producer = this.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
      retry: { retries: 5 },
    });
    await this.producer.connect();
    this.consumer = this.kafka.consumer({ groupId: this.topics.replyGroup(this.instanceId), maxWaitTimeInMs: 500 });
    await this.consumer.connect();
    // The reply topic is this instance's own and new: reading it from the beginning loses nothing.
    await this.consumer.subscribe({ topics: [this.replyTopic], fromBeginning: true });
    const joined = waitForGroupJoin(this.consumer, 30_000);
    await this.consumer.run({ eachMessage: async ({ message }) => this.onReply(message.value, message.headers) });
    await joined;
    this.state = 'started';
  }

  /** Healthy once started: the reply consumer is in its group and the producer is connected. */
  async health(): Promise<JobBusHealth> {
    if (this.state === 'closed') throw new JobBusClosedError();
    if (this.state !== 'started') throw new Error('Kafka job bus is still connecting');
    return { kind: 'kafka', replyTopic: this.replyTopic, waiting: this.pending.size, ignoredReplies: this.ignored };
  }

  async request<Result = unknown>(job: JobRequest, options: RequestOptions = {}): Promise<Result> {
    if (this.state === 'closed') throw new JobBusClosedError();
    // Built (and the priority checked) before connecting: a bad request never opens a connection.
    const { envelope, timeoutMs } = newJobEnvelope(job, options);
    await this.start();
    const result = new Promise<Result>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending.delete(envelope.id)) {
          reject(new JobTimeoutError(envelope.id, envelope.kind, envelope.priority, timeoutMs));
        }
      }, timeoutMs);
      this.pending.set(envelope.id, { resolve: resolve as (v: unknown) => void, reject, timer, kind: job.kind });
    });
    try {
      await this.producer!.send({
        topic: this.topics.jobs(job.priority),
        acks: -1,
        messages: [
          {
            key: envelope.id,
            value: encodeJob(envelope),
            headers: {
              [HEADER_CORRELATION_ID]: envelope.id,
              [HEADER_REPLY_TO]: this.replyTopic,
              [HEADER_JOB_KIND]: envelope.kind,
            },
          },
        ],
      });
    } catch (error) {
      const pending = this.pending.get(envelope.id);
      if (pending) {
        clearTimeout(pending.timer);
        this.pending.delete(envelope.id);
      }
      // Kafka refused or could not be reached after the producer's retries: the job was not queued.
      throw new JobBusUnavailableError(envelope.id, error);
    }
    return result;
  }

  /** Fails the waiting requests, disconnects, and removes this instance's reply topic. */
  async close(): Promise<void> {
    if (this.state === 'closed') return;
    const wasStarting = this.starting;
    this.state = 'closed';
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new JobBusClosedError(id));
    }
    this.pending.clear();
    await wasStarting?.catch(() => undefined);
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
    if (wasStarting && (this.options.deleteReplyTopicOnClose ?? true)) {
      const admin = this.kafka.admin();
      try {
        await admin.connect();
        await admin.deleteGroups([this.topics.replyGroup(this.instanceId)]).catch(() => undefined);
        await admin.deleteTopics({ topics: [this.replyTopic] }).catch(() => undefined);
      } finally {
        await admin.disconnect();
      }
    }
  }

  private onReply(value: Buffer | null, headers: import('kafkajs').IHeaders | undefined): void {
    let reply;
    try {
      reply = decodeReply(value);
    } catch {
      this.ignored++;
      return;
    }
    const id = headerString(headers, HEADER_CORRELATION_ID) ?? reply.jobId;
    const pending = this.pending.get(id);
    if (!pending) {
      this.ignored++;
      return;
    }
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(new JobFailedError(id, pending.kind, reply.error.message, reply.error.code));
  }
}
