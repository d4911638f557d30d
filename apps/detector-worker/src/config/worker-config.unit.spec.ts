import { loadWorkerConfig, WorkerConfigError } from './worker-config';

describe('loadWorkerConfig', () => {
  it('reads a valid environment', () => {
    const config = loadWorkerConfig({ KAFKA_BROKERS: '127.0.0.1:19092, kafka-2:9092', WORKER_CONCURRENCY: '3' });
    expect(config).toMatchObject({
      kafkaBrokers: ['127.0.0.1:19092', 'kafka-2:9092'],
      concurrency: 3,
      topicPrefix: 'inkprint',
      engines: { detectorEngine: 'auto' },
      logging: { level: 'info', format: 'pretty' },
    });
    expect(config.metricsPort).toBeUndefined();
  });

  it('reads the metrics port and the log format (json by default in production)', () => {
    const config = loadWorkerConfig({
      KAFKA_BROKERS: 'kafka:9092',
      WORKER_METRICS_PORT: '9464',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({ metricsPort: 9464, logging: { level: 'info', format: 'json' } });
    expect(loadWorkerConfig({ KAFKA_BROKERS: 'kafka:9092', WORKER_METRICS_PORT: '0' }).metricsPort).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadWorkerConfig({ WORKER_CONCURRENCY: 'many', DETECTOR_ENGINE: 'gpu', KAFKA_TOPIC_PREFIX: 'bad prefix' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WorkerConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/KAFKA_BROKERS: is required/);
    expect(message).toMatch(/WORKER_CONCURRENCY: must be a whole number/);
    expect(message).toMatch(/DETECTOR_ENGINE: must be one of auto, onnx, heuristic/);
    expect(message).toMatch(/KAFKA_TOPIC_PREFIX/);
  });

  it('rejects a malformed broker list', () => {
    expect(() => loadWorkerConfig({ KAFKA_BROKERS: 'localhost' })).toThrow(/KAFKA_BROKERS.*host:port/);
  });
});

describe('engine settings', () => {
  it('carries the models folder and the humaniser LLM to the job handlers', () => {
    const config = loadWorkerConfig({
      KAFKA_BROKERS: 'kafka:9092',
      DETECTOR_ENGINE: 'onnx',
      INKPRINT_MODELS_DIR: '/srv/models',
      HUMANISER_LLM_URL: 'http://127.0.0.1:8080/v1/chat/completions',
    });
    expect(config.engines).toEqual({
      detectorEngine: 'onnx',
      modelsDir: '/srv/models',
      humaniserLlm: { url: 'http://127.0.0.1:8080/v1/chat/completions' },
    });
  });
});
