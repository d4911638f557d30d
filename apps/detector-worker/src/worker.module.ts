import { Module, type DynamicModule } from '@nestjs/common';
import { JobWorkerService, WORKER_CONFIG } from './job-worker.service';
import type { WorkerConfig } from './config/worker-config';

/** The detector worker: no HTTP, just the Kafka job consumer. */
@Module({})
export class WorkerModule {
  static forConfig(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      providers: [{ provide: WORKER_CONFIG, useValue: config }, JobWorkerService],
      exports: [JobWorkerService],
    };
  }
}
