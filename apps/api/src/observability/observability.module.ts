import { Global, Module } from '@nestjs/common';
import { ApiMetrics } from './api-metrics';
import { MetricsController } from './metrics.controller';

/** Metrics (GET /metrics); global so feature modules can inject ApiMetrics and record their own series. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [{ provide: ApiMetrics, useFactory: () => new ApiMetrics() }],
  exports: [ApiMetrics],
})
export class ObservabilityModule {}
