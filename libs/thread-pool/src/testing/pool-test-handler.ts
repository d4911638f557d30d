// Job handler for the pool's tests. TypeScript on purpose: the pool runs it through scripts/ts-register.js.
import { threadId, workerData } from 'node:worker_threads';

export type PoolTestJob =
  | { kind: 'echo'; value: unknown }
  | { kind: 'sleep'; ms: number }
  | { kind: 'fail'; code?: string; status?: number; details?: Record<string, unknown> }
  | { kind: 'exit' }
  | { kind: 'grow' }
  | { kind: 'resolve'; request: string };

export async function handleJob(job: PoolTestJob): Promise<unknown> {
  switch (job.kind) {
    case 'echo':
      return { value: job.value, threadId, options: workerData.handlerOptions };
    case 'sleep':
      await new Promise((resolve) => setTimeout(resolve, job.ms));
      return { threadId };
    case 'fail':
      throw Object.assign(new RangeError('refused on purpose'), {
        code: job.code,
        status: job.status,
        details: job.details,
      });
    case 'exit':
      return process.exit(3);
    case 'grow': {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
    }
    case 'resolve':
      return require.resolve(job.request);
  }
}
