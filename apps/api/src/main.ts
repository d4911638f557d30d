import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { languageModelStatus } from '@inkprint/detector';
import { logFormatEnv, logFormatFor, parseEnv } from '@inkprint/config';
import { z } from 'zod';
import { createApp } from './app.factory';
import { ConfigError, listenUrl, loadConfig, redactUrl, type AppConfig } from './config';

async function bootstrap(): Promise<void> {
  let config;
  let logFormat;
  try {
    config = loadConfig(process.env);
    logFormat = logFormatFor(parseEnv(z.object(logFormatEnv), process.env).LOG_FORMAT, config.nodeEnv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\nSee docs/api.md for the configuration variables.\n`);
    process.exit(1);
  }
  const app = await createApp(config, { logFormat });
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const logger = new Logger('Inkprint');
  logger.log(`Inkprint listening on ${listenUrl(config.host, port)} (API docs at /api/docs, admin at /admin)`);
  logger.log(
    `database: ${config.databaseUrl ? `PostgreSQL ${redactUrl(config.databaseUrl)}` : `PGlite in ${config.dataDir}`}; ` +
      `job bus: ${config.kafkaBrokers ? `Kafka ${config.kafkaBrokers.join(',')}` : 'in-process'}; worker: ${config.workerMode}`,
  );
  logger.log(`detector: ${describeLanguageModel(config)}`);
}

/** One line on the language model the detector will use, or why it runs on the n-gram models alone (GET /health too). */
function describeLanguageModel(config: AppConfig): string {
  const lm = languageModelStatus({ modelsDir: config.engines.modelsDir, languageModel: config.engines.languageModel });
  if (!lm) return 'n-gram models (no mode uses a language model)';
  return lm.available
    ? `${lm.name} in ${lm.modes.join(', ')} (loaded on first use)`
    : `n-gram models only, without ${lm.name}: ${lm.reason}`;
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(
    `Inkprint failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
