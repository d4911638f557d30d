import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { KafkaJobWorker, observedJobHandler } from '@inkprint/job-bus';
import { WorkerThreadPool } from '@inkprint/thread-pool';
import { serveMetrics, WorkerMetrics } from './observability';
import { JOB_HANDLER_MODULE } from './jobs/job-handler';
import type { WorkerConfig } from './config/worker-config';

export const WORKER_CONFIG = Symbol('WORKER_CONFIG');

/**
 * Joins the Kafka consumer groups and runs jobs in worker threads; stops gracefully on shutdown. Each job writes one
 * log line (kind, mode, priority, ms, outcome, correlationId) and, with WORKER_METRICS_PORT, feeds GET /metrics.
 */
@Injectable()
export class JobWorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DetectorWorker');
  private readonly pool: WorkerThreadPool;
  readonly worker: KafkaJobWorker;
  readonly metrics = new WorkerMetrics();
  private metricsServer?: { port: number; close: () => Promise<void> };

  constructor(@Inject(WORKER_CONFIG) private readonly config: WorkerConfig) {
    this.pool = new WorkerThreadPool({
      handlerModule: JOB_HANDLER_MODULE,
      threads: config.concurrency,
      handlerOptions: config.engines,
    });
    this.worker = new KafkaJobWorker({
      brokers: config.kafkaBrokers,
      clientId: config.kafkaClientId,
      topicPrefix: config.topicPrefix,
      concurrency: config.concurrency,
      logger: { warn: (m: string) => this.logger.warn(m), error: (m: string) => this.logger.error(m) },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort) {
      this.metricsServer = await serveMetrics(this.metrics, this.config.metricsPort);
      this.logger.log(`metrics at http://0.0.0.0:${this.metricsServer.port}/metrics`);
    }
    await this.worker.serve(
      observedJobHandler((job) => this.pool.run(job), {
        onStart: (job) => this.metrics.started(job.kind),
        onDone: (outcome) => this.metrics.finished(outcome),
      }),
    );
    this.logger.log(
      `serving jobs from ${this.config.kafkaBrokers.join(',')} (topics ${this.config.topicPrefix}.jobs.*, ` +
        `${this.config.concurrency} worker threads)`,
    );
  }

  async onApplicationShutdown(signal?: string): Promise<void> {
    this.logger.log(`shutting down${signal ? ` on ${signal}` : ''}: finishing jobs in progress`);
    await this.worker.close();
    await this.pool.close();
    await this.metricsServer?.close();
  }
}
