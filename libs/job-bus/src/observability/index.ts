export {
  REQUEST_ID_HEADER,
  correlationIdFrom,
  currentCorrelationId,
  isSaneCorrelationId,
  withCorrelationId,
} from './correlation';
export {
  LOG_FORMATS,
  configureLogging,
  createLogger,
  logger,
  prettyLine,
  type LogFormat,
  type LogLevelSetting,
  type LoggingOptions,
} from './logger';
export { jobMode, observedJobHandler, type JobOutcome, type ObservedHandlerOptions } from './observed-handler';
