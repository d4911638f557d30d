import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ApiMetrics } from './api-metrics';
import { MetricsController } from './metrics.controller';
import { QuotaRefusalsInterceptor } from './quota-refusals.interceptor';

/** Metrics (GET /metrics); global so feature modules can inject ApiMetrics and record their own series. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [
    { provide: ApiMetrics, useFactory: () => new ApiMetrics() },
    { provide: APP_INTERCEPTOR, useClass: QuotaRefusalsInterceptor },
  ],
  exports: [ApiMetrics],
})
export class ObservabilityModule {}
