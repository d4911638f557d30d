// A buildResult input for unit specs (core/result.ts): one 300-word English chunk and sentence read at 0.9 in
// moderate, with the default thresholds and length policy; `over` replaces any field.
import { N_DENSE } from '../core/dense-features';
import type { ResultInput } from '../core/result';

export const resultInput = (over: Partial<ResultInput> = {}): ResultInput => ({
  probability: 0.9,
  chunkProbabilities: [0.9],
  chunks: [{ start: 0, end: 10, words: 300 }],
  sentences: [{ start: 0, end: 10, text: 'x', words: 300, probability: 0.9 }],
  words: 300,
  characters: 1800,
  dense: new Float64Array(N_DENSE),
  aiWordsFound: [],
  language: 'English',
  mode: 'moderate',
  modeLabel: 'Moderate (chunked)',
  engine: 'inkprint-onnx-v1',
  engineReliability: 1,
  thresholds: { human: 0.35, ai: 0.65 },
  lengthPolicy: { minWords: 50, reliableWords: 200 },
  chunkSizeWords: 200,
  timings: { durationMs: 1, normalizeMs: 0, featuresMs: 0, inferenceMs: 1 },
  ...over,
});
