import { startDetectorWorker } from './bootstrap';
import { WorkerConfigError } from './config/worker-config';

startDetectorWorker(process.env).catch((error: unknown) => {
  if (error instanceof WorkerConfigError) console.error(error.message);
  else console.error('detector-worker failed to start:', error);
  process.exit(1);
});
