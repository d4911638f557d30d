import { z } from 'zod';
import { parseEnv } from './parse-env';

/**
 * Variables more than one process reads (the API, the detector worker, the CLI), declared once. Each process
 * composes its own schema from these: `z.object({ ...kafkaEnv, ...engineEnv, ...rest })`.
 */
const brokerPattern = /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:]+\]:\d{1,5}$/;

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const logLevelEnv = {
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
};

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormatSetting = (typeof LOG_FORMATS)[number];

/**
 * LOG_FORMAT: `json` (one JSON object a line, for log shippers) or `pretty` (one readable line). Unset: json when
 * NODE_ENV=production, pretty otherwise.
 */
export const logFormatEnv = {
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
};

export function logFormatFor(format: LogFormatSetting | undefined, nodeEnv: string | undefined): LogFormatSetting {
  return format ?? (nodeEnv === 'production' ? 'json' : 'pretty');
}

/**
 * WORKER_METRICS_PORT: the detector worker's Prometheus endpoint (GET /metrics on a port of its own). Unset or 0:
 * no endpoint (the default; the API hosting the worker in embedded mode has its own /metrics).
 */
export const workerMetricsEnv = {
  WORKER_METRICS_PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535 (0 or unset: no metrics endpoint)' })
    .int({ error: 'must be a port number from 0 to 65535 (0 or unset: no metrics endpoint)' })
    .min(0, { error: 'must be a port number from 0 to 65535 (0 or unset: no metrics endpoint)' })
    .max(65535, { error: 'must be a port number from 0 to 65535 (0 or unset: no metrics endpoint)' })
    .optional(),
};

export const kafkaEnv = {
  KAFKA_BROKERS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((broker) => broker.trim())
        .filter((broker) => broker.length > 0),
    )
    .refine((brokers) => brokers.length > 0 && brokers.every((broker) => brokerPattern.test(broker)), {
      error: 'must be a comma-separated list of host:port pairs, such as localhost:9092,kafka-2:9092',
    })
    .optional(),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'may hold only letters, digits, ".", "_" and "-"' })
    .default('inkprint'),
};

export const workerConcurrencyEnv = (fallback: number) => ({
  WORKER_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 64' })
    .int({ error: 'must be a whole number from 1 to 64' })
    .min(1, { error: 'must be a whole number from 1 to 64' })
    .max(64, { error: 'must be a whole number from 1 to 64' })
    .default(fallback),
});

export const DETECTOR_ENGINES = ['auto', 'onnx', 'heuristic'] as const;
export type DetectorEngineChoice = (typeof DETECTOR_ENGINES)[number];
export const LANGUAGE_MODEL_CHOICES = ['auto', 'off'] as const;
export type LanguageModelChoice = (typeof LANGUAGE_MODEL_CHOICES)[number];

/** The engines' settings: which detector engine, where its models are, and the humaniser's optional LLM. */
export const engineEnv = {
  DETECTOR_ENGINE: z.enum(DETECTOR_ENGINES, { error: `must be one of ${DETECTOR_ENGINES.join(', ')}` }).default('auto'),
  INKPRINT_MODELS_DIR: z.string().optional(),
  INKPRINT_LANGUAGE_MODEL: z
    .enum(LANGUAGE_MODEL_CHOICES, { error: `must be one of ${LANGUAGE_MODEL_CHOICES.join(', ')}` })
    .default('auto'),
  HUMANISER_LLM_URL: z
    .string()
    .regex(/^https?:\/\//, { error: 'must be an http(s) URL of an OpenAI-compatible chat completions endpoint' })
    .optional(),
  HUMANISER_LLM_MODEL: z.string().optional(),
  HUMANISER_LLM_API_KEY: z.string().optional(),
  HUMANISER_LLM_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a positive number of milliseconds' })
    .positive({ error: 'must be a positive number of milliseconds' })
    .optional(),
};

/** What the detector/humaniser job handlers need (passed to worker threads as plain data). */
export interface EngineSettings {
  detectorEngine: DetectorEngineChoice;
  modelsDir?: string;
  /**
   * The language model of the moderate, strong and forensic cascades (models/lm, `npm run models:fetch`): 'auto'
   * uses it when present.
   */
  languageModel?: LanguageModelChoice;
  humaniserLlm?: { url: string; model?: string; apiKey?: string; timeoutMs?: number };
}

type EngineEnv = z.output<ReturnType<typeof z.object<typeof engineEnv>>>;

export function engineSettings(env: EngineEnv): EngineSettings {
  return {
    detectorEngine: env.DETECTOR_ENGINE,
    ...(env.INKPRINT_LANGUAGE_MODEL === 'off' ? { languageModel: 'off' as const } : {}),
    ...(env.INKPRINT_MODELS_DIR ? { modelsDir: env.INKPRINT_MODELS_DIR } : {}),
    ...(env.HUMANISER_LLM_URL
      ? {
          humaniserLlm: {
            url: env.HUMANISER_LLM_URL,
            ...(env.HUMANISER_LLM_MODEL ? { model: env.HUMANISER_LLM_MODEL } : {}),
            ...(env.HUMANISER_LLM_API_KEY ? { apiKey: env.HUMANISER_LLM_API_KEY } : {}),
            ...(env.HUMANISER_LLM_TIMEOUT_MS ? { timeoutMs: env.HUMANISER_LLM_TIMEOUT_MS } : {}),
          },
        }
      : {}),
  };
}

/**
 * The engines' settings of a process that reads no other variable (the `inkprint` command line): `engineEnv`
 * checked by `parseEnv`, so a bad variable is named the way the API and the worker name it.
 */
export function readEngineSettings(env: NodeJS.ProcessEnv, what = 'engine settings'): EngineSettings {
  return engineSettings(parseEnv(z.object(engineEnv), env, what));
}
