import { availableParallelism } from 'node:os';
import { parseBrokers } from '@inkprint/job-bus';

export const DETECTOR_ENGINES = ['auto', 'onnx', 'heuristic'] as const;
export type DetectorEngineChoice = (typeof DETECTOR_ENGINES)[number];

/** Settings of the detector worker, read once at start-up from the environment. */
export interface WorkerConfig {
  kafkaBrokers: string[];
  kafkaClientId: string;
  topicPrefix: string;
  /** Jobs run at once = worker threads. */
  concurrency: number;
  detectorEngine: DetectorEngineChoice;
  modelsDir?: string;
}

export class WorkerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid detector-worker configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'WorkerConfigError';
  }
}

/** Validates every variable and reports all problems at once, each naming its variable. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const problems: string[] = [];
  let kafkaBrokers: string[] = [];
  if (!env.KAFKA_BROKERS?.trim()) {
    problems.push(
      'KAFKA_BROKERS is required: the detector worker consumes jobs from Kafka (host:port[,host:port]). ' +
        'Without Kafka, the API runs the in-process job bus and needs no separate worker.',
    );
  } else {
    try {
      kafkaBrokers = parseBrokers(env.KAFKA_BROKERS);
    } catch (error) {
      problems.push(`KAFKA_BROKERS: ${(error as Error).message}`);
    }
  }
  const concurrencyText = env.WORKER_CONCURRENCY ?? String(Math.max(1, availableParallelism() - 1));
  const concurrency = Number(concurrencyText);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    problems.push(`WORKER_CONCURRENCY must be a whole number from 1 to 64, got "${concurrencyText}"`);
  }
  const topicPrefix = env.KAFKA_TOPIC_PREFIX ?? 'inkprint';
  if (!/^[A-Za-z0-9._-]+$/.test(topicPrefix)) {
    problems.push(`KAFKA_TOPIC_PREFIX may hold only letters, digits, ".", "_" and "-", got "${topicPrefix}"`);
  }
  const detectorEngine = (env.DETECTOR_ENGINE ?? 'auto') as DetectorEngineChoice;
  if (!DETECTOR_ENGINES.includes(detectorEngine)) {
    problems.push(`DETECTOR_ENGINE must be one of ${DETECTOR_ENGINES.join(', ')}, got "${env.DETECTOR_ENGINE}"`);
  }
  if (problems.length > 0) throw new WorkerConfigError(problems);
  return {
    kafkaBrokers,
    kafkaClientId: env.KAFKA_CLIENT_ID ?? 'inkprint-detector-worker',
    topicPrefix,
    concurrency,
    detectorEngine,
    ...(env.INKPRINT_MODELS_DIR ? { modelsDir: env.INKPRINT_MODELS_DIR } : {}),
  };
}
