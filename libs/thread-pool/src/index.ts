export {
  WorkerThreadPool,
  HandlerError,
  ThreadDiedError,
  ThreadTimeoutError,
  ThreadPoolClosedError,
  type WorkerThreadPoolOptions,
  type RunOptions,
  type ThreadErrorInfo,
} from './worker-thread-pool';
