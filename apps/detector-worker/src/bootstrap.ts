import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import { loadWorkerConfig, type WorkerConfig } from './config/worker-config';
import { WorkerModule } from './worker.module';

/** Starts the worker from its environment: validated first (WorkerConfigError lists every problem). */
export function startDetectorWorker(
  env: NodeJS.ProcessEnv,
  logger: LogLevel[] | false = ['log', 'warn', 'error'],
): Promise<INestApplicationContext> {
  return startDetectorWorkerWith(loadWorkerConfig(env), logger);
}

/** Starts the worker from a configuration already validated (the API hosting a worker in its process). */
export async function startDetectorWorkerWith(
  config: WorkerConfig,
  logger: LogLevel[] | false = ['log', 'warn', 'error'],
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forConfig(config), { logger });
  app.enableShutdownHooks();
  return app;
}
