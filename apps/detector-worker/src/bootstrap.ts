import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import { loadWorkerConfig } from './config/worker-config';
import { WorkerModule } from './worker.module';

/** Validates the configuration (throws WorkerConfigError listing every problem), then starts the worker. */
export async function startDetectorWorker(
  env: NodeJS.ProcessEnv = process.env,
  logger: LogLevel[] | false = ['log', 'warn', 'error'],
): Promise<INestApplicationContext> {
  const config = loadWorkerConfig(env);
  const app = await NestFactory.createApplicationContext(WorkerModule.forConfig(config), { logger });
  app.enableShutdownHooks();
  return app;
}
