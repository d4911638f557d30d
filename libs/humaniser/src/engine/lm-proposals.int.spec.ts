// In-context proposals with the real Gemma 3 270M (models/lm, npm run models:fetch): what it proposes in sentences
// written for the test, and what it never proposes. Skipped without the model locally; CI must have it.
import * as path from 'node:path';
import { LmRunner, LM_TOPK_FILE, lmFilesPresent } from '@inkprint/detector';
import * as fs from 'node:fs';
import { applyEdits } from '../core/edits';
import { FLUENCY_BOUND, proposeInContext } from './lm-proposals';

jest.setTimeout(180_000);
const LM_DIR = path.resolve(__dirname, '../../../../models/lm');
const REQUIRED = Boolean(process.env.CI || process.env.INKPRINT_REQUIRE_LM);
const READY = lmFilesPresent(LM_DIR) && fs.existsSync(path.join(LM_DIR, LM_TOPK_FILE));

(READY || REQUIRED ? describe : describe.skip)('in-context proposals with Gemma 3 270M', () => {
  let runner: LmRunner;
  beforeAll(async () => {
    runner = await LmRunner.load(LM_DIR);
  });
  afterAll(async () => {
    await runner?.release();
  });

  it('proposes sense-mates that read naturally, never an antonym or a name', async () => {
    const s1 =
      'Clinical trials for this device are set to commence late next year with an ambitious plan for hospitals.';
    const s2 = 'The company said it would expand its operations in the region, creating hundreds of new jobs.';
    const swaps: string[] = [];
    for (const s of [s1, s2]) {
      for (const p of await proposeInContext(runner, s)) {
        swaps.push(`${p.from}>${p.to}`);
        expect(p.drop).toBeGreaterThanOrEqual(FLUENCY_BOUND);
        expect(applyEdits(s, [p])).not.toBe(s);
      }
    }
    expect(swaps).toContain('commence>begin');
    expect(swaps).not.toContain('expand>reduce');
    expect(swaps.some((x) => /^[A-Z]/.test(x))).toBe(false);
  });
});

(READY || REQUIRED ? describe : describe.skip)(
  'the guided search with in-context proposals (lmProposals: true)',
  () => {
    it('reports what Gemma proposed and keeps numbers and names', async () => {
      const { createDetector } = await import('@inkprint/detector');
      const { createHumaniser } = await import('./humaniser');
      const detector = await createDetector({ engine: 'onnx' });
      const humaniser = await createHumaniser({ detector, llm: false, lmProposals: true });
      try {
        const text =
          'The committee will commence its review of the budget in March, and officials believe the plan could ' +
          'significantly reduce spending across 12 departments. Critics argue that the proposal fails to address the ' +
          'underlying problems facing the city, and they have urged Mayor Ellen Ruiz to reconsider the timeline.';
        const r = await humaniser.humanise(text, { tone: 'auto' });
        expect(r.guided?.lm).toBeDefined();
        expect(r.guided?.lm?.offered).toBeGreaterThanOrEqual(r.guided?.lm?.refusedByMeaning ?? 0);
        for (const keep of ['12', 'March', 'Ellen Ruiz']) expect(r.humanised).toContain(keep);
      } finally {
        await humaniser.close();
        await detector.close();
      }
    });
  },
);
