export { ApiMetrics, routeTemplate } from './api-metrics';
export { correlationMiddleware, correlationScope } from './correlation.middleware';
export { ObservabilityModule } from './observability.module';
export { metricsAccess } from './metrics-token';
