// Stylometric heuristic engine: a logistic model over the 40 dense features (FEATURES.md section 5),
// fitted by libs/detector/scripts/fit-heuristic.ts on the training families. Used when the ONNX model
// cannot load (engine 'heuristic'), and by every engine to explain a score (rationale signals).
import { DENSE_NAMES, type DenseName } from './features';
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
 * The strongest signals for a rationale: the largest contributions in the direction of the verdict first,
 * then the largest in the other direction. A signal only counts when the text is on the AI (or human) side
 * of the midpoint between the class means, so the wording "higher than typical human text" stays true.
 */
export function strongestSignals(
  dense: ArrayLike<number>,
  towards: 'ai' | 'human',
  limit = 3,
  params: HeuristicParams = HEURISTIC_PARAMS,
): { supporting: Signal[]; opposing: Signal[] } {
  const all = heuristicContributions(dense, params).filter((s) => {
    if (Math.abs(s.contribution) < 0.15) return false;
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

export function describeSignal(s: Signal, examples: readonly string[] = []): string {
  const higher = s.value > s.humanMean;
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
  return `${quantity} ${s.label} than typical human writing (${fmt(s.value)} vs ${fmt(s.humanMean)}${eg})`;
}
