import { Module } from '@nestjs/common';

/**
 * Placeholder owned by the platform lead, who replaces it with the event store, projections and job bus wiring.
 * AppConfig (APP_CONFIG) and HealthIndicatorRegistry are global, so this module can inject both.
 */
@Module({})
export class PlatformModule {}
