// Stylometric heuristic engine: a logistic model over the 40 dense features (FEATURES.md section 5),
// fitted by libs/detector/scripts/fit-heuristic.ts on the training families. Used when the ONNX model
// cannot load (engine 'heuristic'), and by every engine to explain a score (rationale signals).
import { DENSE_NAMES, type DenseName } from './dense-features';
import { HEURISTIC_PARAMS } from './heuristic-params';

export interface HeuristicFeatureParams {
  name: DenseName;
  mean: number;
  std: number;
  weight: number;
  humanMean: number;
  aiMean: number;
}

export interface HeuristicParams {
  version: string;
  intercept: number;
  clip: number;
  features: readonly HeuristicFeatureParams[];
  notes: string;
}

export interface Signal {
  feature: DenseName;
  label: string;
  value: number;
  humanMean: number;
  aiMean: number;
  /** The model's weight: positive when more of the feature pushes towards AI. */
  weight: number;
  /** Contribution to the heuristic logit (positive pushes towards AI). */
  contribution: number;
  direction: 'ai' | 'human';
}

export const SIGNAL_LABELS: Readonly<Record<DenseName, string>> = {
  sent_len_mean: 'average sentence length',
  sent_len_std: 'spread of sentence lengths',
  sent_len_cv: 'sentence-length variation (burstiness)',
  sent_short_frac: 'share of short sentences',
  sent_long_frac: 'share of long sentences',
  sent_len_absdiff: 'length change between consecutive sentences',
  word_len_mean: 'average word length',
  word_len_std: 'spread of word lengths',
  long_word_frac: 'share of long words',
  short_word_frac: 'share of short words',
  ttr_seg: 'vocabulary variety',
  hapax_seg: 'share of one-off words',
  function_word_rate: 'function-word rate',
  ai_word_rate: 'vocabulary that chat models overuse',
  transition_start_rate: 'sentences opening with a transition word',
  informal_rate: 'informal words',
  first_person_rate: 'first-person voice',
  second_person_rate: 'second-person address',
  contraction_rate: 'contractions',
  digit_token_rate: 'numbers',
  cap_token_rate: 'capitalised words',
  allcaps_token_rate: 'all-caps words',
  p_comma: 'commas',
  p_period: 'full stops',
  p_semicolon: 'semicolons',
  p_colon: 'colons',
  p_exclam: 'exclamation marks',
  p_question: 'question marks',
  p_emdash: 'em dashes',
  p_endash: 'en dashes',
  p_hyphen: 'hyphens',
  p_paren: 'parentheses',
  p_dquote: 'double quotes',
  p_apostrophe: 'apostrophes',
  p_ellipsis: 'ellipses',
  p_markdown: 'Markdown symbols',
  newline_rate: 'line breaks',
  paragraph_rate: 'paragraph breaks',
  list_line_frac: 'list lines',
  upper_char_ratio: 'share of capital letters',
};

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function heuristicContributions(dense: ArrayLike<number>, params: HeuristicParams = HEURISTIC_PARAMS): Signal[] {
  return params.features.map((f) => {
    const i = DENSE_NAMES.indexOf(f.name);
    const value = dense[i] ?? 0;
    const z = Math.max(-params.clip, Math.min(params.clip, f.std > 0 ? (value - f.mean) / f.std : 0));
    const contribution = f.weight * z;
    return {
      feature: f.name,
      label: SIGNAL_LABELS[f.name],
      value,
      humanMean: f.humanMean,
      aiMean: f.aiMean,
      weight: f.weight,
      contribution,
      direction: contribution >= 0 ? 'ai' : 'human',
    };
  });
}

/** Heuristic AI probability of one text from its dense features. */
export function heuristicProbability(dense: ArrayLike<number>, params: HeuristicParams = HEURISTIC_PARAMS): number {
  const logit = heuristicContributions(dense, params).reduce((s, c) => s + c.contribution, params.intercept);
  // A linear model extrapolates wildly on outliers; cap it so it never claims more than ~98% either way.
  return sigmoid(Math.max(-MAX_LOGIT, Math.min(MAX_LOGIT, logit)));
}

export const MAX_LOGIT = 4;

/**
 * Whether the model uses a feature the way the classes differ: more of it pushes towards AI exactly when AI text
 * has more of it. For the features where the fitted weight runs against the class means (collinear features,
 * e.g. sentence-length spread or question marks) no one-line "more X than typical ... writing" is true both of the
 * text and of the model, so they are never listed as signals.
 */
export function modelAgreesWithClasses(s: Pick<Signal, 'weight' | 'humanMean' | 'aiMean'>): boolean {
  return s.weight !== 0 && s.aiMean !== s.humanMean && s.weight > 0 === s.aiMean > s.humanMean;
}

/**
 * The strongest signals for a rationale: the largest contributions in the direction of the verdict first,
 * then the largest in the other direction. A signal only counts when the model uses the feature the way the
 * classes differ and the text is on the AI (or human) side of the midpoint between the class means, so the
 * wording of `describeSignal` ("more X than typical human writing" for AI, "... than typical AI writing" for
 * human) is true of the text and points the way the model reads it.
 */
export function strongestSignals(
  dense: ArrayLike<number>,
  towards: 'ai' | 'human',
  limit = 3,
  params: HeuristicParams = HEURISTIC_PARAMS,
): { supporting: Signal[]; opposing: Signal[] } {
  const all = heuristicContributions(dense, params).filter((s) => {
    if (Math.abs(s.contribution) < 0.15 || !modelAgreesWithClasses(s)) return false;
    const mid = (s.humanMean + s.aiMean) / 2;
    const aiHigher = s.aiMean >= s.humanMean;
    const onAiSide = aiHigher ? s.value > mid : s.value < mid;
    return s.direction === 'ai' ? onAiSide : !onAiSide;
  });
  const by = (d: 'ai' | 'human'): Signal[] =>
    all.filter((s) => s.direction === d).sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  const other = towards === 'ai' ? 'human' : 'ai';
  return { supporting: by(towards).slice(0, limit), opposing: by(other).slice(0, Math.max(1, limit - 1)) };
}

const MEASURES = /^(average|share|spread|sentence-length|length change|vocabulary variety|function-word)/;
const UNCOUNTABLE = new Set<DenseName>(['ai_word_rate', 'first_person_rate', 'second_person_rate']);

/**
 * One signal in words, measured against the class it points away from: a sign of AI is compared with typical
 * human writing, a sign of a human writer with typical AI writing (never "more semicolons than typical human
 * writing" offered as a sign of a human writer).
 */
export function describeSignal(s: Signal, examples: readonly string[] = []): string {
  const reference = s.direction === 'ai' ? s.humanMean : s.aiMean;
  const higher = s.value > reference;
  const fmt = (x: number): string =>
    Math.abs(x) >= 10 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(1) : x.toFixed(3);
  const quantity = MEASURES.test(s.label)
    ? higher
      ? 'higher'
      : 'lower'
    : UNCOUNTABLE.has(s.feature)
      ? higher
        ? 'more'
        : 'less'
      : higher
        ? 'more'
        : 'fewer';
  const eg =
    examples.length > 0
      ? `, e.g. ${examples
          .slice(0, 3)
          .map((w) => `"${w}"`)
          .join(', ')}`
      : '';
  const typical = s.direction === 'ai' ? 'typical human writing' : 'typical AI writing';
  return `${quantity} ${s.label} than ${typical} (${fmt(s.value)} vs ${fmt(reference)}${eg})`;
}
