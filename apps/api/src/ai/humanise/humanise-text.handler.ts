import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { HumanisationFacts } from '@inkprint/ai-domain';
import {
  DEFAULT_TONE,
  humaniserVerdict,
  round1,
  scoreBadge,
  type HumaniseJobEvaluation,
  type HumaniseJobResult,
  type HumaniserEvaluation,
  type HumaniseResponse,
  type Tone,
} from '@inkprint/contracts';
import { type TextVault, vaultKeys } from '@inkprint/text-vault';
import { AiToolRunner } from '../shared/run-ai-tool';
import { checkPlanLimit, keepText, wordCount } from '../shared/submissions';
import { textHash } from '../shared/text-hash';
import { TEXT_VAULT } from '../shared/tokens';
import type { CallerCredentials } from '../../accounts';

export class HumaniseText extends Command<HumaniseResponse> {
  constructor(
    readonly caller: CallerCredentials,
    readonly input: { text: string; tone?: Tone; attempt?: number; clientTrim: boolean },
  ) {
    super();
  }
}

/** The detector's evaluation as the product shows it, or null when the worker gave none (never fabricated). */
export function productEvaluation(raw: HumaniseJobEvaluation | null): HumaniserEvaluation | null {
  if (!raw) return null;
  const aiPercent = round1(raw.aiProbability * 100);
  return {
    aiProbability: raw.aiProbability,
    aiPercent,
    humanPercent: round1(100 - aiPercent),
    confidence: round1(raw.confidence),
    verdict: humaniserVerdict(raw.aiProbability),
    badge: scoreBadge(raw.aiProbability),
  };
}

/**
 * `POST /ai/humanise` through runAiTool: the humanise job at the plan's priority, the input and the rewrite to the
 * purgeable vault (the rewrite's hash lets the web app ask for a free evaluation of it), the scores to the event log.
 */
@CommandHandler(HumaniseText)
export class HumaniseTextHandler implements ICommandHandler<HumaniseText> {
  constructor(
    private readonly runner: AiToolRunner,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
  ) {}

  execute({ caller, input }: HumaniseText): Promise<HumaniseResponse> {
    const tone = input.tone ?? DEFAULT_TONE;
    const hash = textHash(input.text);
    return this.runner.runAiTool<HumaniseJobResult, HumanisationFacts, HumaniseResponse>(caller, {
      check: (who) => checkPlanLimit(who.plan, 'humaniser', input.text),
      quota: async () => ({ feature: 'humaniser', words: wordCount(input.text) }),
      // The seed travels with the job, so 'Regenerate' (attempt 1, 2 …) differs on whichever worker takes it.
      run: (run) => run.job('humanise', { text: input.text, tone, seed: input.attempt ?? 0 }),
      record: async (engine, { caller: { user: owner, plan }, requestId, at }) => {
        const rewriteHash = textHash(engine.humanised);
        await keepText(
          this.vault,
          { key: vaultKeys.text(owner, hash), kind: 'text', owner, text: input.text, at },
          { key: vaultKeys.rewrite(owner, rewriteHash), kind: 'rewrite', owner, text: engine.humanised, at },
        );
        const data: HumanisationFacts = {
          requestId,
          user: owner,
          plan: plan.slug,
          textHash: hash,
          rewriteHash,
          characters: input.text.length,
          words: engine.words,
          tone,
          appliedTone: engine.appliedTone,
          engine: engine.engine,
          scoreBefore: engine.before?.aiProbability ?? null,
          scoreAfter: engine.evaluation?.aiProbability ?? null,
          confidenceAfter: productEvaluation(engine.evaluation)?.confidence ?? null,
          similarity: engine.similarity.score,
          durationMs: engine.timings.durationMs,
          clientTrim: input.clientTrim,
          at,
        };
        return { type: 'RecordHumanisation', data };
      },
      answer: async (engine, run) => ({
        ...(await run.usage()),
        result: {
          ...engine,
          tone,
          evaluation: productEvaluation(engine.evaluation),
          before: productEvaluation(engine.before),
          similarity: engine.similarity.score,
        },
      }),
    });
  }
}
