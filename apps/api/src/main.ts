import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { logFormatEnv, logFormatFor, parseEnv } from '@inkprint/config';
import { z } from 'zod';
import { createApp } from './app.factory';
import { ConfigError, loadConfig, redactUrl } from './config';

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
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const logger = new Logger('Inkprint');
  logger.log(
    `Inkprint listening on http://${host.includes(':') ? `[${host}]` : host}:${port} (API docs at /api/docs, admin at /admin)`,
  );
  logger.log(
    `database: ${config.databaseUrl ? `PostgreSQL ${redactUrl(config.databaseUrl)}` : `PGlite in ${config.dataDir}`}; ` +
      `job bus: ${config.kafkaBrokers ? `Kafka ${config.kafkaBrokers.join(',')}` : 'in-process'}; worker: ${config.workerMode}`,
  );
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(
    `Inkprint failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
