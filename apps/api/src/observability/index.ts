export { ApiMetrics, LATENCY_BUCKETS, routeTemplate } from './api-metrics';
export { ObservabilityModule } from './observability.module';
