import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import { configureLogging } from '@inkprint/job-bus';
import { PinoNestLogger } from './observability';
import { loadWorkerConfig, type WorkerConfig } from './config/worker-config';
import { WorkerModule } from './worker.module';

/**
 * Starts the worker from its environment: validated first (WorkerConfigError lists every problem). Its logs, Nest's
 * included, go through pino on stdout (LOG_LEVEL, LOG_FORMAT).
 */
export function startDetectorWorker(env: NodeJS.ProcessEnv): Promise<INestApplicationContext> {
  const config = loadWorkerConfig(env);
  const logging = config.logging ?? { level: 'info', format: 'json' };
  configureLogging({ level: logging.level, format: logging.format, name: 'detector-worker' });
  return startDetectorWorkerWith(config, logging.level === 'silent' ? false : new PinoNestLogger());
}

/** Starts the worker from a configuration already validated (the API hosting a worker in its process). */
export async function startDetectorWorkerWith(
  config: WorkerConfig,
  logger: LogLevel[] | false | PinoNestLogger = ['log', 'warn', 'error'],
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forConfig(config), { logger });
  app.enableShutdownHooks();
  return app;
}
