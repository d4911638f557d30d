import { DETECTION_MIN_WORDS, detectionWords, TOO_SHORT_LABEL } from '@inkprint/contracts/ai/verdicts';

/**
 * The detector's minimum length, checked before sending: a text with words but fewer than the minimum is not sent
 * (the API would answer 'Too short to judge' without counting it) and the button says so. Blank text is not
 * 'too short': it keeps the spec's 'Paste some text first.'.
 */
export function tooShortToJudge(text: string): { words: number; min: number } | null {
  const words = detectionWords(text);
  return words > 0 && words < DETECTION_MIN_WORDS ? { words, min: DETECTION_MIN_WORDS } : null;
}

/** The detector button while the text is too short: 'Too short to judge · 4 of 50 words'. */
export const tooShortButtonLabel = ({ words, min }: { words: number; min: number }): string =>
  `${TOO_SHORT_LABEL} · ${words} of ${min} words`;

/** Spec §4/§5/§9 "Over-limit": what a run does with a text of a given length against the plan's limit. */
export const OVER_LIMIT_RATIO = 1.1;
export const OVER_LIMIT_MESSAGE = 'Reduce your input or upgrade for higher limits.';
export const BLANK_INPUT_MESSAGE = 'Paste some text first.';

export type LengthCheck =
  /** Empty or only whitespace: 'Paste some text first.'. */
  | { kind: 'blank' }
  | { kind: 'within' }
  /** Above the limit by at most 10%: 'Trim to limit and continue' is offered. */
  | { kind: 'trim'; max: number; over: number }
  /** Above 110% of the limit: the over-limit modal. */
  | { kind: 'over'; max: number; over: number };

export function checkLength(text: string, max: number): LengthCheck {
  if (text.trim().length === 0) return { kind: 'blank' };
  const length = text.length;
  if (length <= max) return { kind: 'within' };
  if (length <= max * OVER_LIMIT_RATIO) return { kind: 'trim', max, over: length - max };
  return { kind: 'over', max, over: length - max };
}

/** The text cut to the limit (the API counts UTF-16 code units too); a split surrogate pair is dropped whole. */
export function clipToLimit(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/** The counter under the input: '1,234 / 4,000'. */
export function counterLabel(length: number, max: number): string {
  return `${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`;
}
