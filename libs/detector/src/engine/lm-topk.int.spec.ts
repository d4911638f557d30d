// The language model's top-k graph and the runner's partial reads (issue 40: the humaniser's in-context proposals),
// against the statistics the head computes: the same int8 logits, so the same log p. Needs models/lm from
// `npm run models:fetch`; skipped locally without it, and FAILS when CI or INKPRINT_REQUIRE_LM is set.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LM_TOPK_FILE, LmRunner, lmFilesPresent } from './lm-runner';

jest.setTimeout(120_000);
const LM_DIR = process.env.INKPRINT_LM_DIR ?? path.resolve(__dirname, '../../../../models/lm');
const REQUIRED = Boolean(process.env.CI || process.env.INKPRINT_REQUIRE_LM);
const READY = lmFilesPresent(LM_DIR) && fs.existsSync(path.join(LM_DIR, LM_TOPK_FILE));
const TEXT = 'The committee met on Tuesday to review the budget for next year, and the members agreed on most points.';

(READY || REQUIRED ? describe : describe.skip)('LmRunner top-k and partial reads (models/lm)', () => {
  let runner: LmRunner;
  beforeAll(async () => {
    runner = await LmRunner.load(LM_DIR);
  });
  afterAll(async () => {
    await runner?.release();
  });

  it('has the top-k graph, sharing the head weights (no second copy)', () => {
    expect(runner.hasTopK()).toBe(true);
    expect(fs.statSync(path.join(LM_DIR, LM_TOPK_FILE)).size).toBeLessThan(1_000_000);
  });

  it('returns the k likeliest next tokens, most likely first, with the log p the head gives them', async () => {
    const ids = runner.tokenIds(TEXT);
    const stats = await runner.tokenStats(ids);
    const states = await runner.hiddenStates(ids);
    expect(states.hidden.length).toBe(ids.length * states.width);
    const rows = ids.slice(0, -1).map((_, i) => i);
    const top = await runner.topK(states, rows, 16);
    let inTop = 0;
    for (const t of rows) {
      expect(top.ids[t]).toHaveLength(16);
      for (let j = 1; j < 16; j++) expect(top.logp[t][j]).toBeLessThanOrEqual(top.logp[t][j - 1] + 1e-6);
      // the observed token: rank 0 means it is the first; when listed, its log p is the head's
      if (stats.rank[t] === 0) expect(top.ids[t][0]).toBe(ids[t + 1]);
      const j = top.ids[t].indexOf(ids[t + 1]);
      if (j >= 0) {
        inTop++;
        expect(Math.abs(top.logp[t][j] - stats.logp[t])).toBeLessThan(0.05);
      } else expect(stats.logp[t]).toBeLessThanOrEqual(top.logp[t][15] + 0.05);
    }
    expect(inTop).toBeGreaterThan(rows.length / 2);
    expect(runner.piece(ids[2]).startsWith('\u2581')).toBe(true);
  });

  // the head quantises its input per run (DynamicQuantizeLinear over the rows of a block), so other rows in a run move
  // log p by a few hundredths of a nat (the int8 head's own error: 0.05 on average, 0.21 at the 99th percentile)
  it('logpAt and logpFrom read the same log p as tokenStats, on the asked positions only', async () => {
    const ids = runner.tokenIds(TEXT);
    const stats = await runner.tokenStats(ids);
    const states = await runner.hiddenStates(ids);
    const at = await runner.logpAt(states, [3, 7, 9], [ids[4], ids[8], ids[10]]);
    const from = await runner.logpFrom(ids, 5);
    expect(from).toHaveLength(ids.length - 5);
    const diffs = [
      ...[3, 7, 9].map((t, i) => Math.abs(at[i] - stats.logp[t])),
      ...Array.from(from, (v, i) => Math.abs(v - stats.logp[4 + i])),
    ];
    expect(diffs.reduce((a, b) => a + b, 0) / diffs.length).toBeLessThan(0.05);
    expect(Math.max(...diffs)).toBeLessThan(0.25);
  });
});
