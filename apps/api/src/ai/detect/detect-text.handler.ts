import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  expiresAfter,
  historyDisplay,
  TEXT_RETENTION_MS,
  toolRunDecider,
  toolRunStreamId,
  type DetectionFacts,
} from '@inkprint/ai-domain';
import {
  DetectionResult,
  INVALID_DETECTION_RESPONSE,
  type DetectionMode,
  type DetectResponse,
} from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { TextVault } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { AiJobs } from '../shared/ai-jobs';
import { checkPlanLimit, textEntry, vaultKeys, wordCount } from '../shared/submissions';
import { textHash } from '../shared/text-hash';
import { MODEL_VERSION, TEXT_VAULT } from '../shared/tokens';
import { ToolUsers, type CallerCredentials, type ToolCaller } from '../shared/tool-users';

export interface DetectInput {
  text: string;
  mode: DetectionMode;
  /** X-Internal-Humanise-Detection: the humaniser evaluating a rewrite it gave this caller (not counted, no history). */
  internalEvaluation: boolean;
  /** X-Client-Trim: the client trimmed the text to the plan's limit. */
  clientTrim: boolean;
  source?: DetectionFacts['source'];
}

export class DetectText extends Command<DetectResponse> {
  constructor(
    readonly caller: CallerCredentials,
    readonly input: DetectInput,
  ) {
    super();
  }
}

type EngineResult = Omit<DetectionResult, 'cached'>;

/**
 * `POST /ai/detect?mode=`: plan limit, one request from the daily quota, the detect job at the plan's priority (or
 * the cache: same text, mode and model version within 48 h, still counted), the text to the purgeable vault, the
 * scores to the event log, and the answer with usage and the history entry.
 */
@CommandHandler(DetectText)
export class DetectTextHandler implements ICommandHandler<DetectText> {
  constructor(
    private readonly users: ToolUsers,
    private readonly jobs: AiJobs,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MODEL_VERSION) private readonly modelVersion: string,
  ) {}

  async execute({ caller: credentials, input }: DetectText): Promise<DetectResponse> {
    const caller = await this.users.resolve(credentials);
    checkPlanLimit(caller.plan, 'detector', input.text);
    const hash = textHash(input.text);
    if (input.internalEvaluation && (await this.isRewriteOf(caller, hash))) {
      const result = await this.jobs.request<EngineResult>(
        caller,
        { kind: 'detect', payload: { text: input.text, mode: input.mode } },
        `eval-${hash.slice(0, 12)}`,
      );
      return { ...(await this.users.usageOf(caller)), result: { ...checked(result), cached: false }, history: null };
    }
    const cacheKey = vaultKeys.detection(hash, input.mode, this.modelVersion);
    const run = await this.jobs.counted(caller, 'detector', wordCount(input.text), async (requestId) => {
      const now = this.clock.now();
      const hit = await this.vault.get<EngineResult>(cacheKey, now);
      const result = hit
        ? checked(hit.body)
        : checked(
            await this.jobs.request<EngineResult>(
              caller,
              { kind: 'detect', payload: { text: input.text, mode: input.mode } },
              requestId,
            ),
          );
      return { result, cached: Boolean(hit), at: now.toISOString() };
    });
    const { result, cached, at } = run.result;
    const expiresAt = expiresAfter(at, TEXT_RETENTION_MS);
    const owner = caller.user;
    // The text for 48 h and, when fresh, the result under its cache key: one write.
    await this.vault.put(
      textEntry({ key: vaultKeys.text(owner, hash), kind: 'text', owner, text: input.text, at }),
      ...(!cached && this.cacheable(result)
        ? [{ key: cacheKey, kind: 'detection' as const, owner, body: result, createdAt: at, expiresAt }]
        : []),
    );
    const facts: DetectionFacts = {
      requestId: run.requestId,
      user: owner,
      plan: caller.plan.slug,
      textHash: hash,
      characters: input.text.length,
      words: result.words,
      engine: result.engine,
      modelVersion: this.modelVersion,
      durationMs: result.timings.durationMs,
      cached,
      clientTrim: input.clientTrim,
      source: input.source ?? 'paste',
      score: result.score,
      aiProbability: result.aiProbability,
      confidence: result.confidence,
      mode: result.mode,
      modeLabel: result.modeLabel,
      at,
    };
    await handleCommand(
      this.store,
      toolRunStreamId(run.requestId),
      toolRunDecider,
      { type: 'RecordDetection', data: facts },
      {
        newStream: true,
        metadata: { actor: owner, correlationId: run.requestId },
      },
    );
    return {
      ...(await this.users.usageOf(caller)),
      result: { ...result, cached },
      history: { id: run.requestId, createdAt: at, expiresAt, display: historyDisplay(facts) },
    };
  }

  /** Only a rewrite /ai/humanise gave this caller may be evaluated for free. */
  private async isRewriteOf(caller: ToolCaller, hash: string): Promise<boolean> {
    return Boolean(await this.vault.get(vaultKeys.rewrite(caller.user, hash), this.clock.now()));
  }

  /** A fallback answer (the model did not load) is never cached under the model's version. */
  private cacheable(result: EngineResult): boolean {
    return this.modelVersion === 'heuristic' || result.engine !== 'heuristic';
  }
}

/** Spec §5: the score must be a number 0..1, else the run fails with 'Invalid detection response structure'. */
function checked(result: EngineResult): EngineResult {
  const score = (result as { score?: unknown } | null)?.score;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1)
    throw new DomainError('JOB_FAILED', INVALID_DETECTION_RESPONSE, 502);
  return result;
}
