import { Inject, Injectable } from '@nestjs/common';
import type { UsageFeature } from '@inkprint/contracts';
import type { JobBus, JobRequest } from '@inkprint/job-bus';
import { UsageService } from '../../accounts';
import { IDS, type Ids } from '../../platform/ids';
import { JOB_BUS } from '../../platform/tokens';
import type { ToolCaller } from './tool-users';

/** Spec §9: a request waits at most 45 s for its job. */
export const AI_JOB_TIMEOUT_MS = 45_000;

export interface AiJobRun<R> {
  requestId: string;
  result: R;
}

/**
 * The one path from an AI call to a worker: take one request from the caller's daily quota (atomic: parallel calls
 * can never exceed it), run `work` (usually a job on the bus at the plan's priority), and give the request back if
 * the work fails, so a failed or timed-out analysis does not count.
 */
@Injectable()
export class AiJobs {
  constructor(
    private readonly usage: UsageService,
    @Inject(JOB_BUS) private readonly bus: JobBus,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async counted<R>(
    caller: ToolCaller,
    feature: UsageFeature,
    words: number,
    work: (requestId: string) => Promise<R>,
  ): Promise<AiJobRun<R>> {
    const grant = await this.usage.consume(caller.holder, feature, { words, requestId: this.ids.uuid() });
    try {
      return { requestId: grant.requestId, result: await work(grant.requestId) };
    } catch (error) {
      await grant.release(error instanceof Error ? error.name : 'failed').catch(() => undefined);
      throw error;
    }
  }

  /** A job on the bus at the caller's plan priority, awaited up to 45 s. */
  request<R>(caller: ToolCaller, job: Omit<JobRequest, 'priority'>, requestId: string): Promise<R> {
    return this.bus.request<R>(
      { ...job, priority: caller.plan.priority, correlationId: requestId },
      { timeoutMs: AI_JOB_TIMEOUT_MS },
    );
  }
}
