import { availableParallelism } from 'node:os';
import {
  ConfigError,
  DETECTOR_ENGINES,
  engineEnv,
  engineSettings,
  kafkaEnv,
  logFormatEnv,
  logFormatFor,
  logLevelEnv,
  parseEnv,
  workerMetricsEnv,
  workerConcurrencyEnv,
  type DetectorEngineChoice,
  type EngineSettings,
  type LogFormatSetting,
  type LogLevel,
} from '@inkprint/config';
import { z } from 'zod';

export { DETECTOR_ENGINES, type DetectorEngineChoice };

/** The detector worker's variables: the Kafka and engine fragments it shares with the API, and its own defaults. */
const workerEnvSchema = z.object({
  ...kafkaEnv,
  ...workerConcurrencyEnv(Math.max(1, availableParallelism() - 1)),
  ...engineEnv,
  ...logLevelEnv,
  ...logFormatEnv,
  ...workerMetricsEnv,
  NODE_ENV: z.string().optional(),
  KAFKA_BROKERS: z
    .string({
      error:
        'is required: the detector worker consumes jobs from Kafka (host:port[,host:port]). ' +
        'Without Kafka, the API runs the in-process job bus and needs no separate worker.',
    })
    .pipe(kafkaEnv.KAFKA_BROKERS.unwrap()),
  KAFKA_CLIENT_ID: z.string().min(1).default('inkprint-detector-worker'),
});

/** Settings of the detector worker, read once at start-up. */
export interface WorkerConfig {
  kafkaBrokers: string[];
  kafkaClientId: string;
  topicPrefix: string;
  /** Jobs run at once = worker threads. */
  concurrency: number;
  /** Detector engine, models folder, humaniser LLM: handed to the job handlers in every worker thread. */
  engines: EngineSettings;
  /** Port of the worker's own GET /metrics; absent: no endpoint (WORKER_METRICS_PORT unset or 0). */
  metricsPort?: number;
  /** LOG_LEVEL and LOG_FORMAT (json in production, pretty elsewhere); absent when the API hosts the worker. */
  logging?: { level: LogLevel; format: LogFormatSetting };
}

export class WorkerConfigError extends ConfigError {
  constructor(problems: readonly string[]) {
    super(problems, 'detector-worker configuration');
    this.name = 'WorkerConfigError';
  }
}

/** Validates every variable and reports all problems at once, each naming its variable. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  let e: z.output<typeof workerEnvSchema>;
  try {
    e = parseEnv(workerEnvSchema, env, 'detector-worker configuration');
  } catch (error) {
    if (error instanceof ConfigError) throw new WorkerConfigError(error.problems);
    throw error;
  }
  return {
    kafkaBrokers: e.KAFKA_BROKERS,
    kafkaClientId: e.KAFKA_CLIENT_ID,
    topicPrefix: e.KAFKA_TOPIC_PREFIX,
    concurrency: e.WORKER_CONCURRENCY,
    engines: engineSettings(e),
    ...(e.WORKER_METRICS_PORT ? { metricsPort: e.WORKER_METRICS_PORT } : {}),
    logging: { level: e.LOG_LEVEL, format: logFormatFor(e.LOG_FORMAT, e.NODE_ENV) },
  };
}
