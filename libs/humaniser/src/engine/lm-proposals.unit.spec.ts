// The in-context proposals' rules, with a fake language model: what a sense-mate must be, which token counts as a
// whole word, how the fluency bound refuses, and that protected spans and names are never read as positions.
import { protect, SpanTable } from '../core/protect';
import {
  FLUENCY_BOUND,
  LM_REFUSED,
  proposeInContext,
  senseMates,
  type ProposalLm,
  type ProposalStats,
} from './lm-proposals';

/**
 * A fake Gemma over whitespace words: one token per word with its punctuation, "▁w" after a space, BOS = 0. Its top-k at every
 * position is `likely` (most likely first, log p -1, -2, …); every token it reads costs `cost(word)` nats.
 */
function fakeLm(likely: string[], cost: (w: string) => number = () => -1): ProposalLm & { vocab: string[] } {
  const vocab = ['<bos>'];
  const id = (p: string): number => {
    let i = vocab.indexOf(p);
    if (i < 0) i = vocab.push(p) - 1;
    return i;
  };
  const tokenIds = (norm: string): number[] => {
    const out = [0];
    const re = /(\s*)(\S+)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(norm))) out.push(id((m[1] ? '\u2581' : '') + m[2]));
    return out;
  };
  return {
    vocab,
    tokenIds,
    piece: (i) => vocab[i] ?? '',
    hiddenStates: async (ids) => ({ hidden: Float32Array.from(ids), width: 1 }),
    topK: async (_s, rows, k) => ({
      ids: rows.map(() => likely.slice(0, k).map((w) => id(`\u2581${w}`))),
      logp: rows.map(() => likely.slice(0, k).map((_, j) => -1 - j)),
    }),
    logpAt: async (_s, _rows, next) => Float32Array.from(next, (i) => cost(vocab[i].replace('\u2581', ''))),
    logpFrom: async (ids, from) => Float32Array.from(ids.slice(from), (i) => cost(vocab[i].replace('\u2581', ''))),
  };
}

describe('in-context proposals (engine/lm-proposals.ts)', () => {
  it("sense-mates come from WordNet synsets, never light verbs, units of time or the lexicon's inflated words", () => {
    expect(senseMates('verb', 'commence')).toEqual(expect.arrayContaining(['begin', 'start']));
    // never a rarer word than the one replaced, never an adverb
    expect(senseMates('verb', 'begin')).not.toContain('commence');
    expect(senseMates('adv', 'only')).toEqual([]);
    expect(senseMates('verb', 'expand')).not.toContain('reduce');
    expect(senseMates('verb', 'make')).toEqual([]);
    expect(senseMates('noun', 'minute')).toEqual([]);
    for (const w of senseMates('noun', 'moment')) expect(LM_REFUSED.has(w)).toBe(false);
    expect(senseMates('verb', 'use')).not.toContain('utilize');
  });

  it("keeps Gemma's likeliest sense-mate that is one whole-word token, inflected as the word it replaces", async () => {
    const lm = fakeLm(['started', 'commenced', 'finished', 'began']);
    const stats: ProposalStats = { positions: 0, offered: 0, refusedByFluency: 0, kept: 0 };
    const ps = await proposeInContext(lm, 'The trials commenced late last year in two hospitals.', undefined, stats);
    const commenced = ps.filter((p) => p.from === 'commenced');
    // "finished" is likelier than "began" but no sense-mate; "started" is Gemma's first and a mate (commence -> start)
    expect(commenced.map((p) => p.to)).toEqual(['started']);
    expect(commenced[0]).toMatchObject({ pos: 'verb', logp: -1 });
    expect(commenced[0].drop).toBe(0);
    expect(stats.kept).toBe(ps.length);
  });

  it('refuses a proposal whose window reads less fluently than the bound measured on human text', async () => {
    const lm = fakeLm(['started'], (w) => (w === 'started' ? FLUENCY_BOUND - 2 : -1));
    const stats: ProposalStats = { positions: 0, offered: 0, refusedByFluency: 0, kept: 0 };
    const ps = await proposeInContext(lm, 'The trials commenced late last year in two hospitals.', undefined, stats);
    expect(ps.some((p) => p.to === 'started')).toBe(false);
    expect(stats.refusedByFluency).toBeGreaterThan(0);
  });

  it('never reads names or protected spans as positions, and gives offsets in the masked sentence', async () => {
    const table = new SpanTable();
    const masked = protect('Big Start commenced "a huge trial" in 2018 and commenced it well.', table);
    const lm = fakeLm(['started', 'begun', 'large', 'enormous']);
    const ps = await proposeInContext(lm, masked, (x) => table.restore(x));
    expect(ps.map((p) => `${p.from}>${p.to}`)).toContain('commenced>started');
    for (const p of ps) {
      expect(masked.slice(p.start, p.end)).toBe(p.from);
      expect(table.restore(masked.slice(p.start, p.end))).not.toMatch(/huge|trial|2018|Big|Start/);
    }
  });
});
