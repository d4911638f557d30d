// A block of the manifest's `sentence_evidence` (ml/inkprint_ml/sentence_evidence.py): each sentence's own evidence
// and the AI segments (issue 42), with the modes it is for.
import { isDetectionMode, type DetectionMode } from '../core/result';
import { num, obj, str } from './manifest-json';
import type { EncoderPlan, ModelSpec, SentenceEvidencePlan, SentenceInput } from './manifest-plan';

const SENTENCE_INPUT = /^(ngram|encoder):([1-9])(-mean)?$/;

export function parseSentenceEvidence(
  x: unknown,
  models: Record<string, ModelSpec>,
  encoder?: EncoderPlan,
): { plan: SentenceEvidencePlan; modes: DetectionMode[] } {
  const o = obj(x);
  const bad = (why: string): Error => new Error(`manifest: sentence_evidence ${why}`);
  const ngramModel = str(o?.ngram_model);
  if (!ngramModel || models[ngramModel]?.kind !== 'features') throw bad('needs ngram_model, a features model');
  const names = Array.isArray(o?.inputs) ? o.inputs.map(String) : [];
  const inputs = names.map((n): SentenceInput => {
    const m = SENTENCE_INPUT.exec(n);
    if (!m) throw bad(`input "${n}" is not ngram:k or encoder:k (with -mean)`);
    return { source: m[1] as 'ngram' | 'encoder', window: Number(m[2]), relative: m[3] !== undefined };
  });
  if (inputs.some((i) => i.source === 'encoder') && !encoder) throw bad('reads the encoder, which the manifest lacks');
  const coef = Array.isArray(o?.coef) ? o.coef.map(num) : [];
  const intercept = num(o?.intercept);
  if (
    inputs.length === 0 ||
    coef.length !== inputs.length ||
    coef.some((c) => c === undefined) ||
    intercept === undefined
  )
    throw bad('needs inputs, one coef per input and intercept');
  const modes = Array.isArray(o?.modes) ? o.modes.map(String) : [];
  if (modes.length === 0 || !modes.every(isDetectionMode)) throw bad('needs modes, a list of detection modes');
  return {
    plan: {
      ngramModel,
      inputs,
      coef: coef as number[],
      intercept,
      switchPenalty: num(o?.switch_penalty) ?? 0,
      minSegmentWords: num(o?.min_segment_words) ?? 25,
      documentMinScore: num(o?.document_min_score) ?? 0.5,
    },
    modes: modes as DetectionMode[],
  };
}
