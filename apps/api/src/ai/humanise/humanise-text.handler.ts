import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { toolRunDecider, toolRunStreamId } from '@inkprint/ai-domain';
import {
  DEFAULT_TONE,
  humaniserVerdict,
  round1,
  scoreBadge,
  type HumanisationResult,
  type HumaniserEvaluation,
  type HumaniseResponse,
  type Tone,
} from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { TextVault } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { AiJobs } from '../shared/ai-jobs';
import { checkPlanLimit, keepText, vaultKeys, wordCount } from '../shared/submissions';
import { textHash } from '../shared/text-hash';
import { TEXT_VAULT } from '../shared/tokens';
import { ToolUsers, type CallerCredentials } from '../shared/tool-users';

export class HumaniseText extends Command<HumaniseResponse> {
  constructor(
    readonly caller: CallerCredentials,
    readonly input: { text: string; tone?: Tone; clientTrim: boolean },
  ) {
    super();
  }
}

/** What the worker's humaniser answers (libs/humaniser HumaniseResult), as far as the API reads it. */
interface EngineHumanisation {
  humanised: string;
  notes: string;
  original: string;
  words: number;
  tone: Tone;
  appliedTone: string;
  evaluation?: { aiProbability?: unknown; confidence?: unknown } | null;
  before?: { aiProbability?: unknown; confidence?: unknown } | null;
  similarity: { score: number };
  changes: Record<string, number>;
  engine: string;
  timings: { durationMs: number };
}

/** The detector's evaluation as the product shows it, or null when the worker gave none (never fabricated). */
export function productEvaluation(raw: EngineHumanisation['evaluation']): HumaniserEvaluation | null {
  const p = raw?.aiProbability;
  const confidence = raw?.confidence;
  if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 1 || typeof confidence !== 'number') return null;
  const aiPercent = round1(p * 100);
  return {
    aiProbability: p,
    aiPercent,
    humanPercent: round1(100 - aiPercent),
    confidence: round1(confidence),
    verdict: humaniserVerdict(p),
    badge: scoreBadge(p),
  };
}

/**
 * `POST /ai/humanise`: plan limit, one humaniser request from the daily quota, the humanise job at the plan's
 * priority, the input and the rewrite to the purgeable vault (the rewrite's hash lets the web app ask for a free
 * evaluation of it), the scores to the event log.
 */
@CommandHandler(HumaniseText)
export class HumaniseTextHandler implements ICommandHandler<HumaniseText> {
  constructor(
    private readonly users: ToolUsers,
    private readonly jobs: AiJobs,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller: credentials, input }: HumaniseText): Promise<HumaniseResponse> {
    const caller = await this.users.resolve(credentials);
    checkPlanLimit(caller.plan, 'humaniser', input.text);
    const tone = input.tone ?? DEFAULT_TONE;
    const words = wordCount(input.text);
    const run = await this.jobs.counted(caller, 'humaniser', words, (requestId) =>
      this.jobs.request<EngineHumanisation>(
        caller,
        { kind: 'humanise', payload: { text: input.text, tone } },
        requestId,
      ),
    );
    const engine = run.result;
    if (typeof engine?.humanised !== 'string')
      throw new DomainError('JOB_FAILED', 'The rewrite failed (502). Please try again.', 502);
    const at = this.clock.now().toISOString();
    const owner = caller.user;
    const hash = textHash(input.text);
    const rewriteHash = textHash(engine.humanised);
    await keepText(
      this.vault,
      { key: vaultKeys.text(owner, hash), kind: 'text', owner, text: input.text, at },
      { key: vaultKeys.rewrite(owner, rewriteHash), kind: 'rewrite', owner, text: engine.humanised, at },
    );
    const evaluation = productEvaluation(engine.evaluation);
    const before = productEvaluation(engine.before);
    await handleCommand(
      this.store,
      toolRunStreamId(run.requestId),
      toolRunDecider,
      {
        type: 'RecordHumanisation',
        data: {
          requestId: run.requestId,
          user: owner,
          plan: caller.plan.slug,
          textHash: hash,
          rewriteHash,
          characters: input.text.length,
          words: engine.words,
          tone,
          appliedTone: engine.appliedTone,
          engine: engine.engine,
          scoreBefore: before?.aiProbability ?? null,
          scoreAfter: evaluation?.aiProbability ?? null,
          confidenceAfter: evaluation?.confidence ?? null,
          similarity: engine.similarity?.score ?? 0,
          durationMs: engine.timings?.durationMs ?? 0,
          clientTrim: input.clientTrim,
          at,
        },
      },
      { newStream: true, metadata: { actor: owner, correlationId: run.requestId } },
    );
    const result: HumanisationResult = {
      humanised: engine.humanised,
      notes: engine.notes,
      original: engine.original,
      words: engine.words,
      tone,
      appliedTone: engine.appliedTone,
      evaluation,
      before,
      similarity: engine.similarity?.score ?? 0,
      changes: engine.changes ?? {},
      engine: engine.engine,
      timings: { durationMs: engine.timings?.durationMs ?? 0 },
    };
    return { ...(await this.users.usageOf(caller)), result };
  }
}
