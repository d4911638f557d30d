import { z } from 'zod';
import { ConfigError, engineEnv, engineSettings, kafkaEnv, parseEnv } from './index';

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
});
