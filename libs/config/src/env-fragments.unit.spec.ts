import { z } from 'zod';
import {
  ConfigError,
  engineEnv,
  engineSettings,
  kafkaEnv,
  logFormatEnv,
  logFormatFor,
  parseEnv,
  workerMetricsEnv,
} from './index';

const schema = z.object({ ...kafkaEnv, ...engineEnv });

describe('shared configuration fragments', () => {
  it('parses Kafka and engine variables into settings', () => {
    const env = parseEnv(schema, {
      KAFKA_BROKERS: ' 127.0.0.1:19092, kafka-2:9092 ',
      DETECTOR_ENGINE: 'onnx',
      INKPRINT_MODELS_DIR: '/srv/models',
      HUMANISER_LLM_URL: 'https://llm.example.com/v1/chat/completions',
      HUMANISER_LLM_TIMEOUT_MS: '5000',
      HUMANISER_LLM_API_KEY: 'sk-secret',
    });
    expect(env.KAFKA_BROKERS).toEqual(['127.0.0.1:19092', 'kafka-2:9092']);
    expect(engineSettings(env)).toEqual({
      detectorEngine: 'onnx',
      modelsDir: '/srv/models',
      humaniserLlm: { url: 'https://llm.example.com/v1/chat/completions', apiKey: 'sk-secret', timeoutMs: 5000 },
    });
  });

  it('defaults to the auto engine, the repository models and no LLM; empty values count as unset', () => {
    expect(engineSettings(parseEnv(schema, { DETECTOR_ENGINE: '', HUMANISER_LLM_URL: ' ' }))).toEqual({
      detectorEngine: 'auto',
    });
  });

  it('names every bad variable at once and never echoes a secret', () => {
    const error = (() => {
      try {
        parseEnv(schema, {
          KAFKA_BROKERS: 'localhost',
          DETECTOR_ENGINE: 'gpu',
          HUMANISER_LLM_URL: 'ftp://x',
          HUMANISER_LLM_API_KEY: '',
          HUMANISER_LLM_TIMEOUT_MS: '-1',
        });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DETECTOR_ENGINE',
      'HUMANISER_LLM_TIMEOUT_MS',
      'HUMANISER_LLM_URL',
      'KAFKA_BROKERS',
    ]);
    expect(error!.problems.join('\n')).toContain('(got "gpu")');
  });

  it('reads LOG_FORMAT (json in production, pretty elsewhere when unset) and WORKER_METRICS_PORT', () => {
    const ops = z.object({ ...logFormatEnv, ...workerMetricsEnv });
    const unset = parseEnv(ops, {});
    expect(logFormatFor(unset.LOG_FORMAT, 'production')).toBe('json');
    expect(logFormatFor(unset.LOG_FORMAT, 'development')).toBe('pretty');
    expect(unset.WORKER_METRICS_PORT).toBeUndefined();
    const set = parseEnv(ops, { LOG_FORMAT: 'json', WORKER_METRICS_PORT: '9464' });
    expect(logFormatFor(set.LOG_FORMAT, 'development')).toBe('json');
    expect(set.WORKER_METRICS_PORT).toBe(9464);
    expect(() => parseEnv(ops, { LOG_FORMAT: 'xml', WORKER_METRICS_PORT: '70000' })).toThrow(
      /LOG_FORMAT[\s\S]*WORKER_METRICS_PORT|WORKER_METRICS_PORT[\s\S]*LOG_FORMAT/,
    );
  });
});
