import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { expiresAfter, historyDisplay, TEXT_RETENTION_MS, type DetectionFacts } from '@inkprint/ai-domain';
import { DetectJobResult, isTooShortToJudge, type DetectionMode, type DetectResponse } from '@inkprint/contracts';
import { textEntry, type TextVault, vaultKeys } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { AiToolRunner, type AiRun } from '../shared/run-ai-tool';
import { checkPlanLimit, wordCount } from '../shared/submissions';
import { textHash } from '../shared/text-hash';
import { MODEL_VERSION, TEXT_VAULT } from '../shared/tokens';
import type { ToolCaller } from '../shared/tool-users';
import type { CallerCredentials } from '../../accounts';

export interface DetectInput {
  text: string;
  mode: DetectionMode;
  /** X-Internal-Humanise-Detection: the humaniser evaluating a rewrite it gave this caller (not counted, no history). */
  internalEvaluation: boolean;
  /** X-Client-Trim: the client trimmed the text to the plan's limit. */
  clientTrim: boolean;
  source?: DetectionFacts['source'];
  /** The run's request id when the caller chose it (a batch item: ai/batches/batch-item-runs.ts). */
  requestId?: string;
}

export class DetectText extends Command<DetectResponse> {
  constructor(
    readonly caller: CallerCredentials,
    readonly input: DetectInput,
  ) {
    super();
  }
}

interface Detected {
  result: DetectJobResult;
  cached: boolean;
}

/**
 * `POST /ai/detect?mode=` through runAiTool: the detect job at the plan's priority (or the cache: same text, mode and
 * model version within 48 h, still counted), the text to the purgeable vault, the scores to the event log, and the
 * answer with usage and the history entry.
 */
@CommandHandler(DetectText)
export class DetectTextHandler implements ICommandHandler<DetectText> {
  constructor(
    private readonly runner: AiToolRunner,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MODEL_VERSION) private readonly modelVersion: string,
  ) {}

  execute({ caller, input }: DetectText): Promise<DetectResponse> {
    const hash = textHash(input.text);
    const cacheKey = vaultKeys.detection(hash, input.mode, this.modelVersion);
    return this.runner.runAiTool<Detected, DetectionFacts, DetectResponse>(caller, {
      requestId: input.requestId,
      check: (who) => checkPlanLimit(who.plan, 'detector', input.text),
      // Evaluating a rewrite /ai/humanise gave this caller is free: not counted, not cached, not recorded.
      quota: async (who) =>
        input.internalEvaluation && (await this.isRewriteOf(who, hash))
          ? null
          : { feature: 'detector', words: wordCount(input.text) },
      run: async (run) => {
        const hit = run.counted
          ? DetectJobResult.safeParse((await this.vault.get(cacheKey, new Date(run.at)))?.body)
          : undefined;
        if (hit?.success) return { result: hit.data, cached: true };
        return { result: await run.job('detect', { text: input.text, mode: input.mode }), cached: false };
      },
      // Too short to judge (spec: no verdict below the minimum length): answered, but the request is given back.
      charged: ({ result }) => !isTooShortToJudge(result),
      record: async ({ result, cached }, run) => {
        if (!run.counted) return null;
        const owner = run.caller.user;
        // The text for 48 h and, when fresh, the result under its cache key: one write.
        await this.vault.put(
          textEntry({ key: vaultKeys.text(owner, hash), kind: 'text', owner, text: input.text, at: run.at }),
          ...(!cached && this.cacheable(result) ? [this.cacheEntry(cacheKey, result, run)] : []),
        );
        return { type: 'RecordDetection', data: this.facts(input, hash, result, cached, run) };
      },
      answer: async ({ result, cached }, run, facts) => ({
        ...(await run.usage()),
        result: { ...result, cached },
        history: facts && {
          id: run.requestId,
          createdAt: facts.at,
          expiresAt: expiresAfter(facts.at, TEXT_RETENTION_MS),
          display: historyDisplay(facts),
        },
      }),
    });
  }

  private facts(
    input: DetectInput,
    hash: string,
    result: DetectJobResult,
    cached: boolean,
    run: AiRun,
  ): DetectionFacts {
    return {
      requestId: run.requestId,
      user: run.caller.user,
      plan: run.caller.plan.slug,
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
      at: run.at,
    };
  }

  private cacheEntry(key: string, body: DetectJobResult, run: AiRun) {
    const owner = run.caller.user;
    const expiresAt = expiresAfter(run.at, TEXT_RETENTION_MS);
    return { key, kind: 'detection' as const, owner, body, createdAt: run.at, expiresAt };
  }

  /** Only a rewrite /ai/humanise gave this caller may be evaluated for free. */
  private async isRewriteOf(caller: ToolCaller, hash: string): Promise<boolean> {
    return Boolean(await this.vault.get(vaultKeys.rewrite(caller.user, hash), this.clock.now()));
  }

  /** A fallback answer (the model did not load) is never cached under the model's version. */
  private cacheable(result: DetectJobResult): boolean {
    return this.modelVersion === 'heuristic' || result.engine !== 'heuristic';
  }
}
