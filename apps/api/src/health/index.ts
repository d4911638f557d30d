export * from './health-answer';
export * from './health-indicator';
export * from './health-indicator.registry';
export * from './health.module';
