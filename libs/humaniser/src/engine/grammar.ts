// The humaniser's grammar measure (issue 26 item 4): LanguageTool's HTTP API (`POST {url}/v2/check`), run locally by
// scripts/languagetool.sh (LANGUAGETOOL_URL). A test-and-bench tool: the product's humanise() never calls it.
//
// What counts as an error: every LanguageTool match except its style suggestions (issue type `style`: wordiness,
// repeated words nearby, "And" openers) and locale hints (`locale-violation`: British spellings in en-US). So grammar,
// agreement, a/an, misspellings (names the dictionary lacks included, on both sides alike), punctuation, typography
// and whitespace all count: a rewrite that adds any of them is worse.
import { wordCount } from '../core/document';

export interface GrammarMatch {
  rule: string;
  issueType: string;
  category: string;
  message: string;
  /** The flagged text. */
  text: string;
  offset: number;
}

export interface GrammarReport {
  words: number;
  errors: number;
  /** Errors per 100 words (0 for an empty text). */
  per100Words: number;
  /** Of those, LanguageTool's `grammar` issue type (agreement, verb forms, a/an excluded: that is `misspelling`). */
  grammar: number;
  matches: GrammarMatch[];
}

const NOT_ERRORS = new Set(['style', 'locale-violation']);

export function languageToolUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.LANGUAGETOOL_URL?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\//.test(url)) throw new Error(`LANGUAGETOOL_URL must be an http(s) URL, got "${url}"`);
  return url.replace(/\/+$/, '');
}

interface LtResponse {
  matches: {
    message: string;
    offset: number;
    length: number;
    rule: { id: string; issueType: string; category: { id: string } };
  }[];
}

export class GrammarChecker {
  constructor(
    readonly url: string,
    private readonly options: { language?: string; timeoutMs?: number } = {},
  ) {}

  async check(text: string): Promise<GrammarReport> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs ?? 60_000);
    try {
      const res = await fetch(`${this.url}/v2/check`, {
        method: 'POST',
        body: new URLSearchParams({ text, language: this.options.language ?? 'en-US' }),
        signal: controller.signal,
      });
      if (!res.ok) throw new Error(`LanguageTool answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const body = (await res.json()) as LtResponse;
      const matches = body.matches
        .filter((m) => !NOT_ERRORS.has(m.rule.issueType))
        .map((m) => ({
          rule: m.rule.id,
          issueType: m.rule.issueType,
          category: m.rule.category.id,
          message: m.message,
          text: text.slice(m.offset, m.offset + m.length),
          offset: m.offset,
        }));
      const words = wordCount(text);
      return {
        words,
        errors: matches.length,
        per100Words: words ? (100 * matches.length) / words : 0,
        grammar: matches.filter((m) => m.issueType === 'grammar').length,
        matches,
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The matches a rewrite added: (rule, flagged text) pairs found in the rewrite more often than in the input, e.g.
 * { rule: 'EN_A_VS_AN', text: 'an' } when "a one-size-fits-all approach" became "an one-size-fits-all approach".
 */
export function addedMatches(before: GrammarReport, after: GrammarReport): GrammarMatch[] {
  const key = (m: GrammarMatch): string => `${m.rule}|${m.text}`;
  const left = new Map<string, number>();
  for (const m of before.matches) left.set(key(m), (left.get(key(m)) ?? 0) + 1);
  const added: GrammarMatch[] = [];
  for (const m of after.matches) {
    const n = left.get(key(m)) ?? 0;
    if (n > 0) left.set(key(m), n - 1);
    else added.push(m);
  }
  return added;
}
