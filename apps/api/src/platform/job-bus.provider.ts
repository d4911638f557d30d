import { Logger } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { KafkaJobBus, type JobBus, type JobBusHealth, type JobRequest, type RequestOptions } from '@inkprint/job-bus';
import { createEmbeddedJobBus, startDetectorWorkerWith } from '@inkprint/detector-worker';
import type { AppConfig } from '../config';

/**
 * The API's job bus, picked by configuration:
 * - no KAFKA_BROKERS: the in-process bus; detector jobs run in this process's worker threads;
 * - KAFKA_BROKERS: the Kafka bus (topics per priority, replies to this instance); with WORKER_MODE=embedded this
 *   process also hosts a detector worker in its consumer group, otherwise `apps/detector-worker` runs on its own.
 */
export class ApiJobBus implements JobBus {
  private constructor(
    private readonly bus: JobBus,
    private readonly worker: INestApplicationContext | undefined,
  ) {}

  static async create(config: AppConfig): Promise<ApiJobBus> {
    if (!config.kafkaBrokers) {
      return new ApiJobBus(
        createEmbeddedJobBus({ concurrency: config.workerConcurrency, engines: config.engines }),
        undefined,
      );
    }
    const bus = new KafkaJobBus({
      brokers: config.kafkaBrokers,
      clientId: `${config.kafkaClientId}-api`,
      topicPrefix: config.kafkaTopicPrefix,
    });
    let worker: INestApplicationContext | undefined;
    try {
      await bus.start();
      if (config.workerMode === 'embedded') {
        worker = await startDetectorWorkerWith(
          {
            kafkaBrokers: [...config.kafkaBrokers],
            kafkaClientId: `${config.kafkaClientId}-worker`,
            topicPrefix: config.kafkaTopicPrefix,
            concurrency: config.workerConcurrency,
            engines: config.engines,
          },
          ['warn', 'error'],
        );
      }
    } catch (error) {
      await bus.close();
      throw error;
    }
    new Logger('JobBus').log(
      `Kafka job bus on ${config.kafkaBrokers.join(',')} (${config.workerMode === 'embedded' ? 'detector worker in this process' : 'external detector workers'})`,
    );
    return new ApiJobBus(bus, worker);
  }

  private observer: <R>(job: JobRequest, run: () => Promise<R>) => Promise<R> = (_job, run) => run();

  /** Every request goes through `observer` (the metrics: latency, in-flight jobs, engine time). */
  observeWith(observer: <R>(job: JobRequest, run: () => Promise<R>) => Promise<R>): void {
    this.observer = observer;
  }

  request<Result = unknown>(job: JobRequest, options?: RequestOptions): Promise<Result> {
    return this.observer(job, () => this.bus.request<Result>(job, options));
  }

  async health(): Promise<JobBusHealth> {
    const health = await this.bus.health();
    return this.bus instanceof KafkaJobBus ? { ...health, worker: this.worker ? 'in-process' : 'external' } : health;
  }

  async close(): Promise<void> {
    await this.bus.close();
    await this.worker?.close();
  }
}
