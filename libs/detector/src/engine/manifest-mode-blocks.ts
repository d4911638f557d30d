// The blocks of a mode in the manifest (modes[m]): its score knots, its language-model variant (`lm`) and its stack
// with the fine-tuned encoder (`encoder_stack`), and the `encoder` that stack reads.
import { num, obj, str } from './manifest-json';
import type { EncoderPlan, EncoderStack, LanguageModelPlan, ModelSpec } from './manifest-plan';

/** modes[m].score_knots: [[p, score], ...] non-decreasing in both, from (0, 0) to (1, 1). */
export function parseKnots(mode: string, x: unknown): [number, number][] {
  const bad = (why: string): Error => new Error(`manifest: modes.${mode}.score_knots ${why}`);
  if (!Array.isArray(x) || x.length < 2) throw bad('must be a list of at least two [p, score] pairs');
  const knots = x.map((k): [number, number] => {
    const p = Array.isArray(k) ? num(k[0]) : undefined;
    const s = Array.isArray(k) ? num(k[1]) : undefined;
    if (p === undefined || s === undefined || p < 0 || p > 1 || s < 0 || s > 1)
      throw bad(`has an invalid pair ${JSON.stringify(k)}`);
    return [p, s];
  });
  for (let i = 1; i < knots.length; i++)
    if (knots[i][0] < knots[i - 1][0] || knots[i][1] < knots[i - 1][1]) throw bad('must be non-decreasing');
  if (knots[0][0] !== 0 || knots[knots.length - 1][0] !== 1) throw bad('must start at p = 0 and end at p = 1');
  return knots;
}

export function parseLanguageModel(
  mode: string,
  x: unknown,
  models: Record<string, ModelSpec>,
  hasAggregator: boolean,
): LanguageModelPlan {
  const o = obj(x);
  const lm = obj(o?.language_model);
  const bad = (why: string): Error => new Error(`manifest: modes.${mode}.lm ${why}`);
  const model = str(o?.model);
  if (!model || models[model]?.kind !== 'aggregate') throw bad('must name an aggregate model');
  let gate: [number, number] | undefined;
  if (o?.gate !== undefined) {
    const g = Array.isArray(o.gate) ? o.gate.map(num) : [];
    if (g.length !== 2 || g[0] === undefined || g[1] === undefined || g[0] < 0 || g[1] > 1 || g[0] > g[1])
      throw bad('gate must be [lo, hi] with 0 <= lo <= hi <= 1');
    if (hasAggregator) throw bad('gate (a cascade) is for modes without an aggregator');
    gate = [g[0], g[1]];
  } else if (!hasAggregator) throw bad('needs the mode to have an aggregator (or a gate: a cascade)');
  const body = str(lm?.body);
  const head = str(lm?.head);
  const tokenizer = str(lm?.tokenizer);
  if (!body || !head || !tokenizer) throw bad('language_model needs body, head and tokenizer files');
  return {
    model,
    ...(gate ? { gate } : {}),
    name: str(lm?.name) ?? 'language-model',
    dir: str(lm?.dir) ?? 'lm',
    body,
    head,
    tokenizer,
    maxTokens: num(lm?.max_tokens) ?? 256,
    headBlock: num(lm?.head_block) ?? 64,
    scoreKnots: parseKnots(`${mode}.lm`, o?.score_knots),
    ...agreementMin(mode, 'ai_band_encoder_min', 'aiBandEncoderMin', o?.ai_band_encoder_min),
    ...agreementMin(mode, 'ai_line_agreement_min', 'aiLineAgreementMin', o?.ai_line_agreement_min),
    ...agreementMin(mode, 'ai_band_agreement_min', 'aiBandAgreementMin', o?.ai_band_agreement_min),
  };
}

type AgreementKey = 'aiBandEncoderMin' | 'aiLineAgreementMin' | 'aiBandAgreementMin';

function agreementMin(
  mode: string,
  field: string,
  key: AgreementKey,
  x: unknown,
): Partial<Record<AgreementKey, number>> {
  if (x === undefined) return {};
  const v = num(x);
  if (v === undefined || v < 0 || v > 1) throw new Error(`manifest: modes.${mode}.lm.${field} must be a probability`);
  return { [key]: v };
}

export function parseEncoder(x: unknown): EncoderPlan {
  const o = obj(x);
  const file = str(o?.file);
  const tokenizer = str(o?.tokenizer);
  if (!file || !tokenizer) throw new Error('manifest: encoder needs file and tokenizer');
  return { name: str(o?.name) ?? 'encoder', file, tokenizer, maxTokens: num(o?.max_tokens) ?? 256 };
}

export function parseEncoderStack(
  mode: string,
  x: unknown,
  hasAggregator: boolean,
  encoder?: EncoderPlan,
): EncoderStack {
  const o = obj(x);
  const bad = (why: string): Error => new Error(`manifest: modes.${mode}.encoder_stack ${why}`);
  if (!encoder) throw bad('needs the manifest to name an encoder');
  if (hasAggregator) throw bad('is for modes without an aggregator');
  const c = Array.isArray(o?.coef) ? o.coef.map(num) : [];
  const intercept = num(o?.intercept);
  if (c.length !== 2 || c[0] === undefined || c[1] === undefined || intercept === undefined)
    throw bad('needs coef [a, b] and intercept');
  return { coef: [c[0], c[1]], intercept };
}
