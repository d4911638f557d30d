// BERT uncased WordPiece tokenisation, read from a Hugging Face `tokenizer.json` (model.type "WordPiece"), matching
// the Rust `tokenizers` library (parity fixtures: ml/fixtures/wordpiece-parity.json, written by
// `python -m inkprint_ml.encoder_fixtures` with tokenizers 0.23.3):
//
//   1. added tokens ([CLS], [SEP], [MASK] … with normalized=false) are matched in the raw text first and kept whole;
//   2. BertNormalizer: drop NUL, U+FFFD and control/format/unassigned characters (tab, CR, LF count as spaces), map
//      whitespace to a space, put spaces around CJK ideographs, strip accents (NFD, drop Mn marks) and lower-case
//      (both follow `lowercase` when `strip_accents` is null, as in BERT uncased);
//   3. BertPreTokenizer: split on whitespace, and every punctuation character (Unicode P* or ASCII punctuation, which
//      includes $ + < = > ^ ` | ~) is a word of its own;
//   4. WordPiece: greedy longest-match-first over the vocabulary with the `##` continuation prefix; a word with no
//      full cover, or longer than max_input_chars_per_word (100) characters, becomes [UNK];
//   5. [CLS] … [SEP], truncated to maxLength ids (256 for all-MiniLM-L6-v2's sentence-transformers config).

export interface WordPieceJson {
  added_tokens?: { id: number; content: string; special?: boolean; normalized?: boolean }[];
  normalizer?: {
    type?: string;
    clean_text?: boolean;
    handle_chinese_chars?: boolean;
    strip_accents?: boolean | null;
    lowercase?: boolean;
  } | null;
  model: {
    type: string;
    vocab: Record<string, number>;
    unk_token?: string;
    continuing_subword_prefix?: string;
    max_input_chars_per_word?: number;
  };
}

export interface WordPieceOptions {
  /** Largest sequence, [CLS] and [SEP] included (default 256). */
  maxLength?: number;
}

export interface Encoding {
  ids: number[];
  tokens: string[];
}

const SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);

/** Rust char::is_whitespace (Unicode White_Space). */
export function isBertWhitespace(cp: number): boolean {
  return SPACE.has(cp) || (cp >= 0x2000 && cp <= 0x200a);
}

const OTHER = /^\p{C}$/u;
/** tokenizers' is_control: categories Cc, Cf, Cn, Co (Cs), except tab, LF and CR (whitespace). */
export function isBertControl(ch: string): boolean {
  if (ch === '\t' || ch === '\n' || ch === '\r') return false;
  return OTHER.test(ch);
}

const PUNCT = /^\p{P}$/u;
/** tokenizers' is_bert_punc: ASCII punctuation (33-47, 58-64, 91-96, 123-126) or Unicode P*. */
export function isBertPunctuation(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126))
    return true;
  return PUNCT.test(ch);
}

/** The CJK ideograph blocks BertNormalizer pads with spaces (handle_chinese_chars). */
export function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b920 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

const MARK = /\p{Mn}/gu;

export class WordPieceTokenizer {
  readonly maxLength: number;
  readonly clsId: number;
  readonly sepId: number;
  readonly padId: number;
  readonly unkId: number;
  private readonly vocab: Map<string, number>;
  private readonly unk: string;
  private readonly prefix: string;
  private readonly maxWordChars: number;
  private readonly added: Map<string, number>;
  private readonly addedRe: RegExp | undefined;
  private readonly clean: boolean;
  private readonly chinese: boolean;
  private readonly stripAccents: boolean;
  private readonly lowercase: boolean;

  constructor(json: WordPieceJson, options: WordPieceOptions = {}) {
    if (json?.model?.type !== 'WordPiece' || typeof json.model.vocab !== 'object')
      throw new Error('WordPieceTokenizer: tokenizer.json has no WordPiece model');
    this.vocab = new Map(Object.entries(json.model.vocab));
    this.unk = json.model.unk_token ?? '[UNK]';
    this.prefix = json.model.continuing_subword_prefix ?? '##';
    this.maxWordChars = json.model.max_input_chars_per_word ?? 100;
    this.added = new Map((json.added_tokens ?? []).map((t) => [t.content, t.id]));
    const literal = [...this.added.keys()]
      .sort((a, b) => b.length - a.length)
      .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    this.addedRe = literal.length ? new RegExp(literal.join('|'), 'g') : undefined;
    const n = json.normalizer ?? {};
    this.clean = n.clean_text ?? true;
    this.chinese = n.handle_chinese_chars ?? true;
    this.lowercase = n.lowercase ?? true;
    this.stripAccents = n.strip_accents ?? this.lowercase;
    const id = (t: string): number => {
      const v = this.added.get(t) ?? this.vocab.get(t);
      if (v === undefined) throw new Error(`WordPieceTokenizer: vocabulary lacks ${t}`);
      return v;
    };
    this.clsId = id('[CLS]');
    this.sepId = id('[SEP]');
    this.padId = id('[PAD]');
    this.unkId = id(this.unk);
    this.maxLength = options.maxLength ?? 256;
    if (!(Number.isInteger(this.maxLength) && this.maxLength >= 2))
      throw new Error(`WordPieceTokenizer: bad maxLength ${this.maxLength}`);
  }

  /** BertNormalizer. */
  normalize(text: string): string {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (this.clean) {
        if (cp === 0 || cp === 0xfffd || isBertControl(ch)) continue;
        if (isBertWhitespace(cp)) {
          out += ' ';
          continue;
        }
      }
      out += this.chinese && isCjk(cp) ? ` ${ch} ` : ch;
    }
    if (this.stripAccents) out = out.normalize('NFD').replace(MARK, '');
    // per character, as tokenizers does (no final-sigma context: 'ΟΔΟΣ' -> 'οδοσ')
    if (this.lowercase) out = Array.from(out, (c) => c.toLowerCase()).join('');
    return out;
  }

  /** BertPreTokenizer over normalised text: whitespace-separated words, punctuation characters on their own. */
  preTokenize(normalized: string): string[] {
    const words: string[] = [];
    let cur = '';
    for (const ch of normalized) {
      if (isBertWhitespace(ch.codePointAt(0) ?? 0)) {
        if (cur) words.push(cur);
        cur = '';
      } else if (isBertPunctuation(ch)) {
        if (cur) words.push(cur);
        words.push(ch);
        cur = '';
      } else cur += ch;
    }
    if (cur) words.push(cur);
    return words;
  }

  /** WordPiece pieces of one pre-tokenised word. */
  wordPieces(word: string): string[] {
    const chars = Array.from(word);
    if (chars.length > this.maxWordChars) return [this.unk];
    const pieces: string[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: string | undefined;
      while (start < end) {
        const sub = (start > 0 ? this.prefix : '') + chars.slice(start, end).join('');
        if (this.vocab.has(sub)) {
          found = sub;
          break;
        }
        end--;
      }
      if (found === undefined) return [this.unk];
      pieces.push(found);
      start = end;
    }
    return pieces;
  }

  /** Tokens of the text without [CLS]/[SEP] and without truncation. */
  tokenize(text: string): string[] {
    const tokens: string[] = [];
    const plain = (part: string): void => {
      for (const w of this.preTokenize(this.normalize(part))) tokens.push(...this.wordPieces(w));
    };
    if (!this.addedRe) plain(text);
    else {
      let last = 0;
      for (const m of text.matchAll(this.addedRe)) {
        plain(text.slice(last, m.index));
        tokens.push(m[0]);
        last = (m.index ?? 0) + m[0].length;
      }
      plain(text.slice(last));
    }
    return tokens;
  }

  private idOf(token: string): number {
    return this.added.get(token) ?? this.vocab.get(token) ?? this.unkId;
  }

  /** [CLS] pieces [SEP], cut to maxLength ids (the pieces beyond maxLength - 2 are dropped). */
  encode(text: string): Encoding {
    const tokens = ['[CLS]', ...this.tokenize(text).slice(0, this.maxLength - 2), '[SEP]'];
    return { tokens, ids: tokens.map((t) => this.idOf(t)) };
  }

  /**
   * The whole text as consecutive windows of maxLength - 2 pieces, each wrapped in [CLS] … [SEP] (a long paragraph
   * is embedded as the mean of its windows instead of being cut).
   */
  encodeWindows(text: string): number[][] {
    const ids = this.tokenize(text).map((t) => this.idOf(t));
    const step = this.maxLength - 2;
    const out: number[][] = [];
    for (let s = 0; s < Math.max(1, ids.length); s += step)
      out.push([this.clsId, ...ids.slice(s, s + step), this.sepId]);
    return out;
  }
}
