import { Inject, Injectable } from '@nestjs/common';
import { toolRunDecider, toolRunStreamId, type ToolRunCommand } from '@inkprint/ai-domain';
import {
  AI_JOBS,
  INVALID_DETECTION_RESPONSE,
  type AiJobKind,
  type AiJobPayload,
  type AiJobResult,
  type RequestsPayload,
  type UsageFeature,
  type UsagePayload,
} from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { JobBus } from '@inkprint/job-bus';
import { DailyQuota } from '../../usage';
import { CLOCK, type Clock } from '../../platform/clock';
import { IDS, type Ids } from '../../platform/ids';
import { EVENT_STORE, JOB_BUS } from '../../platform/tokens';
import { ToolUsers, type ToolCaller } from './tool-users';
import type { CallerCredentials } from '../../accounts';

/** Spec §9: a request waits at most 45 s for its job. */
export const AI_JOB_TIMEOUT_MS = 45_000;

/** What the API answers when a worker's result does not match the job contract (spec §5 for detections). */
const INVALID_RESULT: Record<AiJobKind, string> = {
  detect: INVALID_DETECTION_RESPONSE,
  humanise: 'The rewrite failed (502). Please try again.',
};

/** The recorded fact names the API key the run was called with (issue 29: usage charged with the key's id). */
function withApiKey<C extends ToolRunCommand | null>(command: C, caller: ToolCaller): C {
  return command && caller.apiKeyId ? { ...command, data: { ...command.data, apiKeyId: caller.apiKeyId } } : command;
}

/** One run in progress: who asked, its request id and time, and the ways out to a worker and to the usage. */
export interface AiRun {
  caller: ToolCaller;
  requestId: string;
  /** ISO time the run started (the recorded facts' `at`). */
  at: string;
  /** Whether the run took a request from the daily quota. */
  counted: boolean;
  /** The job on the bus at the caller's plan priority, awaited 45 s, its answer parsed with the job contract. */
  job<K extends AiJobKind>(kind: K, payload: AiJobPayload<K>): Promise<AiJobResult<K>>;
  /** The caller's usage after this run (spec §3 usage and requests). */
  usage(): Promise<{ usage: UsagePayload; requests: RequestsPayload }>;
}

/** A tool's own steps; `runAiTool` puts them in the one order every tool shares. */
export interface AiTool<Output, Facts, Answer> {
  /** The run's request id when the caller chose it (a batch item's, so a run after a restart finds what it left). */
  requestId?: string;
  /** Refuses before anything is counted (the plan's character limit). */
  check?(caller: ToolCaller): void;
  /** The allowance this run takes one request from; none (an import, a free evaluation): not counted. */
  quota?(caller: ToolCaller): Promise<{ feature: UsageFeature; words: number } | null>;
  run(run: AiRun): Promise<Output>;
  /**
   * Whether a run that answered is charged; false gives its request back before anything is recorded (a text too
   * short to judge: answered, but not counted, cached or kept in the history).
   */
  charged?(output: Output): boolean;
  /** Keeps what the run made (the vault) and says which fact to record; null: nothing recorded. */
  record(output: Output, run: AiRun): Promise<(ToolRunCommand & { data: Facts }) | null>;
  answer(output: Output, run: AiRun, recorded: Facts | null): Promise<Answer>;
}

/**
 * The one path of every AI tool (detect, humanise, import): resolve the caller → check the plan's limit → take one
 * request from the daily quota (atomic: parallel calls never exceed it) → run (a job on the bus) → record the fact
 * on the run's stream → answer. A run the tool does not charge (`charged`: a text too short to judge) gives its
 * request back before recording. Any failure after the quota was taken gives the request back (`QuotaReleased`),
 * including failures after the job ran: a request that returns no result is not charged. Requests cut off by a
 * crash are given back on the next start (InterruptedRuns).
 */
@Injectable()
export class AiToolRunner {
  constructor(
    private readonly users: ToolUsers,
    private readonly dailyQuota: DailyQuota,
    @Inject(JOB_BUS) private readonly bus: JobBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async runAiTool<Output, Facts, Answer>(
    credentials: CallerCredentials,
    tool: AiTool<Output, Facts, Answer>,
  ): Promise<Answer> {
    const caller = await this.users.resolve(credentials);
    tool.check?.(caller);
    const requestId = tool.requestId ?? this.ids.uuid();
    const quota = await tool.quota?.(caller);
    const grant = quota ? await this.dailyQuota.consume(caller.holder, quota.feature, { ...quota, requestId }) : null;
    const run: AiRun = {
      caller,
      requestId,
      at: this.clock.now().toISOString(),
      counted: grant !== null,
      job: (kind, payload) => this.job(caller, requestId, kind, payload),
      usage: () => this.users.usageOf(caller),
    };
    try {
      const output = await tool.run(run);
      if (grant && tool.charged && !tool.charged(output)) {
        await grant.release('no_verdict');
        run.counted = false;
      }
      const command = withApiKey(await tool.record(output, run), caller);
      if (command) {
        await handleCommand(this.store, toolRunStreamId(requestId), toolRunDecider, command, {
          newStream: true,
          metadata: { actor: caller.user, correlationId: requestId },
        });
      }
      return await tool.answer(output, run, command ? command.data : null);
    } catch (error) {
      await grant?.release(error instanceof Error ? error.name : 'failed').catch(() => undefined);
      throw error;
    }
  }

  private async job<K extends AiJobKind>(
    caller: ToolCaller,
    requestId: string,
    kind: K,
    payload: AiJobPayload<K>,
  ): Promise<AiJobResult<K>> {
    const answer = await this.bus.request(
      { kind, payload, priority: caller.plan.priority, correlationId: requestId },
      { timeoutMs: AI_JOB_TIMEOUT_MS },
    );
    const parsed = AI_JOBS[kind].result.safeParse(answer);
    if (!parsed.success) throw new DomainError('JOB_FAILED', INVALID_RESULT[kind], 502);
    return parsed.data as AiJobResult<K>;
  }
}
