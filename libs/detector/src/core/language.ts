// Cheap English-or-Unknown detection: share of Latin letters and of very common English words.
export type DetectedLanguage = 'English' | 'Unknown';

const ENGLISH_STOPWORDS = new Set([
  'the',
  'of',
  'and',
  'to',
  'a',
  'in',
  'is',
  'it',
  'that',
  'for',
  'was',
  'on',
  'are',
  'with',
  'as',
  'i',
  'be',
  'this',
  'have',
  'not',
  'but',
  'at',
  'by',
  'from',
  'they',
  'you',
  'we',
  'or',
  'an',
  'he',
  'she',
  'his',
  'her',
  'had',
  'has',
  'were',
  'which',
  'their',
  'there',
  'been',
  'would',
  'will',
  'can',
  'all',
  'if',
  'so',
  'what',
  'my',
  'our',
  'one',
  'about',
  'more',
  'when',
  'who',
  'do',
  'no',
  'also',
  'its',
  'than',
  'them',
  'these',
]);

export interface LanguageEvidence {
  language: DetectedLanguage;
  latinLetterShare: number;
  stopwordShare: number;
}

export function detectLanguage(norm: string, toks: readonly string[]): LanguageEvidence {
  let latin = 0;
  let letters = 0;
  for (const ch of norm) {
    if (/\p{L}/u.test(ch)) {
      letters++;
      if (/[A-Za-z\u00C0-\u024F]/.test(ch)) latin++;
    }
  }
  const latinLetterShare = letters > 0 ? latin / letters : 0;
  let stop = 0;
  for (const t of toks) if (ENGLISH_STOPWORDS.has(t)) stop++;
  const stopwordShare = toks.length > 0 ? stop / toks.length : 0;
  // Ordinary English prose has 35-50% of such words; 15% leaves room for headline-like or technical text.
  // Fewer than 12 words say too little about stop-word use; the script alone decides then.
  const english = toks.length > 0 && latinLetterShare >= 0.85 && (toks.length < 12 || stopwordShare >= 0.15);
  return { language: english ? 'English' : 'Unknown', latinLetterShare, stopwordShare };
}
