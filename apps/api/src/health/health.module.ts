import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthIndicatorRegistry } from './health-indicator.registry';

/** Global so any module (the platform module first) can inject HealthIndicatorRegistry and register its checks. */
@Global()
@Module({ controllers: [HealthController], providers: [HealthIndicatorRegistry], exports: [HealthIndicatorRegistry] })
export class HealthModule {}
