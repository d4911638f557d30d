// The WordPiece steps on a small hand-written vocabulary (the parity with Hugging Face `tokenizers` on the real
// all-MiniLM-L6-v2 vocabulary is sentence-encoder.int.spec.ts).
import { isBertPunctuation, WordPieceTokenizer, type WordPieceJson } from './wordpiece';

const VOCAB = [
  '[PAD]',
  '[UNK]',
  '[CLS]',
  '[SEP]',
  '[MASK]',
  'un',
  '##aff',
  '##able',
  'the',
  'cafe',
  'naive',
  ',',
  '.',
  '$',
  '東',
  'a',
  '##b',
];
const JSON_: WordPieceJson = {
  added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'].map((content) => ({
    id: VOCAB.indexOf(content),
    content,
    special: true,
    normalized: false,
  })),
  normalizer: {
    type: 'BertNormalizer',
    clean_text: true,
    handle_chinese_chars: true,
    strip_accents: null,
    lowercase: true,
  },
  model: {
    type: 'WordPiece',
    vocab: Object.fromEntries(VOCAB.map((t, i) => [t, i])),
    unk_token: '[UNK]',
    max_input_chars_per_word: 10,
  },
};

describe('WordPieceTokenizer', () => {
  const tok = new WordPieceTokenizer(JSON_, { maxLength: 8 });

  it('splits greedily longest-match-first with the ## prefix', () => {
    expect(tok.wordPieces('unaffable')).toEqual(['un', '##aff', '##able']);
    expect(tok.wordPieces('ab')).toEqual(['a', '##b']);
  });

  it('makes a word [UNK] when no full cover exists or it is longer than max_input_chars_per_word', () => {
    expect(tok.wordPieces('unx')).toEqual(['[UNK]']);
    expect(tok.wordPieces('abbbbbbbbbb')).toEqual(['[UNK]']);
    expect(tok.wordPieces('abbbbbbbbb')).toHaveLength(10);
  });

  it('lower-cases, strips accents, pads CJK and drops control characters', () => {
    expect(tok.normalize('Café NAÏVE\u200b\u0007')).toBe('cafe naive');
    expect(tok.normalize('x東y')).toBe('x 東 y');
    expect(tok.normalize('a\tb\u00a0c')).toBe('a b c');
  });

  it('isolates punctuation, ASCII symbols included', () => {
    expect(tok.preTokenize('the,cafe. $5')).toEqual(['the', ',', 'cafe', '.', '$', '5']);
    expect(isBertPunctuation('~')).toBe(true);
    expect(isBertPunctuation('“')).toBe(true);
    expect(isBertPunctuation('a')).toBe(false);
  });

  it('keeps special tokens written in the text whole, and wraps and truncates to maxLength', () => {
    expect(tok.encode('the [MASK] cafe').tokens).toEqual(['[CLS]', 'the', '[MASK]', 'cafe', '[SEP]']);
    const long = tok.encode('the the the the the the the the the');
    expect(long.ids).toHaveLength(8);
    expect(long.tokens[0]).toBe('[CLS]');
    expect(long.tokens[7]).toBe('[SEP]');
    expect(tok.encodeWindows('the the the the the the the the the').map((w) => w.length)).toEqual([8, 5]);
  });

  it('refuses a tokenizer.json without a WordPiece model', () => {
    expect(() => new WordPieceTokenizer({ model: { type: 'BPE', vocab: {} } })).toThrow(/WordPiece/);
  });
});
