export * from './process-metrics';
