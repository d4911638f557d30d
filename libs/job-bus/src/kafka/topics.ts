import type { Admin, ITopicConfig } from 'kafkajs';
import { JOB_PRIORITIES, type JobPriority } from '../port/priority';

/** Default prefix of every topic and consumer group of the job bus. */
export const DEFAULT_TOPIC_PREFIX = 'inkprint';

/**
 * Names on the broker:
 * - `<prefix>.jobs.<priority>`: one topic per priority (keyed by job id),
 * - `<prefix>.job-replies.<instanceId>`: the replies for one API instance,
 * - consumer groups `<prefix>.detector-worker.<priority>` (one per priority, so each priority has its own fetch loop).
 */
export class JobBusTopics {
  constructor(readonly prefix: string = DEFAULT_TOPIC_PREFIX) {
    if (!/^[A-Za-z0-9._-]+$/.test(prefix)) throw new Error(`invalid Kafka topic prefix "${prefix}"`);
  }

  jobs(priority: JobPriority): string {
    return `${this.prefix}.jobs.${priority}`;
  }

  allJobTopics(): string[] {
    return JOB_PRIORITIES.map((p) => this.jobs(p));
  }

  replies(instanceId: string): string {
    return `${this.prefix}.job-replies.${instanceId}`;
  }

  workerGroup(priority: JobPriority): string {
    return `${this.prefix}.detector-worker.${priority}`;
  }

  replyGroup(instanceId: string): string {
    return `${this.prefix}.api-replies.${instanceId}`;
  }
}

/** Creates the topics that do not exist yet (the broker runs with auto-creation off). Safe to race. */
export async function ensureTopics(admin: Admin, topics: readonly string[], numPartitions: number): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing: ITopicConfig[] = topics.filter((t) => !existing.has(t)).map((topic) => ({ topic, numPartitions }));
  if (missing.length === 0) return;
  await createTopicsAndWait(admin, missing);
}

/**
 * Creates topics and waits until every partition has a leader. Not `waitForLeaders: true`: on a fresh KRaft broker
 * kafkajs's wait fails at once with UNKNOWN_TOPIC_OR_PARTITION while metadata propagates, so we poll ourselves.
 */
export async function createTopicsAndWait(admin: Admin, topics: ITopicConfig[], timeoutMs = 30_000): Promise<void> {
  await admin.createTopics({ topics, waitForLeaders: false });
  const names = topics.map((t) => t.topic);
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics: names });
      if (
        meta.length === names.length &&
        meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))
      )
        return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    if (Date.now() > until) throw new Error(`Kafka topics ${names.join(', ')} got no leaders within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
