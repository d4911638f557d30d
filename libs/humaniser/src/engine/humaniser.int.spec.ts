// The engine against the real ONNX detector, and the LLM path against a local fake OpenAI-compatible server
// (protocol only: the fake returns canned rewrites; the built-in engine is what ships).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createDetector, lmFilesPresent, type Detector } from '@inkprint/detector';
import { encoderFilesPresent, findEncoderDir } from '@inkprint/sentence-encoder';
import { createHumaniser, HUMAN_LOGP_FLOOR, HumaniserError, type Humaniser } from './humaniser';
import { PARAGRAPH_COSINE, SENTENCE_COSINE } from './meaning';

// The judge runs Gemma 3 270M on every request (a few seconds per call on a busy 2-core machine).
jest.setTimeout(240_000);
/** The sentence encoder and the language model come from npm run models:fetch; CI must have them. */
const REQUIRED = Boolean(process.env.CI || process.env.INKPRINT_REQUIRE_LM);
const READY = encoderFilesPresent(findEncoderDir()) && lmFilesPresent(path.resolve(__dirname, '../../../../models/lm'));

const AI_TEXT = [
  "In today's fast-paced world, remote work plays a crucial role in how companies operate. Moreover, it is important to note that " +
    'numerous studies highlight its benefits, showcasing improved productivity and a better work-life balance for individuals.',
  'Furthermore, organizations can leverage cutting-edge tools to foster seamless collaboration across teams, ensuring that ' +
    'employees remain engaged and connected, regardless of their location. In 2023, 28% of U.S. employees worked from home at least part time.',
  'Ultimately, embracing remote work is not merely a trend but a testament to the evolving landscape of work, highlighting the ' +
    'need for adaptable strategies that empower employees to thrive.',
].join('\n\n');

let detector: Detector;
let humaniser: Humaniser;
beforeAll(async () => {
  detector = await createDetector({ engine: 'onnx' });
  humaniser = await createHumaniser({ detector, llm: false });
});
afterAll(async () => {
  await humaniser.close();
  await detector.close();
});

describe('humanise (built-in engine, real detector)', () => {
  it('returns the spec result with its evaluation, keeps numbers and paragraphs, and lowers the AI probability', async () => {
    const r = await humaniser.humanise(AI_TEXT, { tone: 'casual' });
    expect(r).toMatchObject({ original: AI_TEXT, tone: 'casual', appliedTone: 'casual', engine: 'builtin' });
    expect(r.humanised).not.toBe(AI_TEXT);
    expect(r.words).toBeGreaterThan(80);
    expect(r.humanised.split('\n\n')).toHaveLength(3);
    for (const keep of ['2023', '28%', 'U.S.']) expect(r.humanised).toContain(keep);
    expect(r.humanised).not.toMatch(/Moreover|Furthermore|it is important to note|cutting-edge|testament/i);
    expect(r.evaluation.aiProbability).toBeLessThan(r.before.aiProbability);
    expect(['humanised', 'borderline', 'ai']).toContain(r.evaluation.badge);
    expect(r.evaluation.verdict).toBe(r.evaluation.aiProbability <= 0.5 ? 'Humanised' : 'AI Generated');
    expect(r.similarity.score).toBeGreaterThanOrEqual(r.similarity.threshold);
    expect(r.similarity.missing).toEqual([]);
    expect(r.notes).toMatch(/stock phrase/);
    // one line: since issue 40 it also says what the guided search did ("swapped 3 more words in 2 sentences (25% of
    // words changed)") and that the guide had no language model (400 before); since issue 40's evening engine also
    // the structural variants it took ("restructured 2 more sentences, ") and the plain phrases (480 on this text)
    expect(r.notes.length).toBeLessThan(520);
    // the guided search's part of the line is there exactly when its rewrite was chosen (on this text, since the
    // night's table removals, it finds no swap a reader would keep and the plan's rewrite is chosen)
    expect(r.notes.includes('% of words changed)')).toBe(Boolean(r.guided?.used));
    expect(r.timings.detectorCalls).toBeGreaterThan(2);
  });

  it('swaps words with the guided edit search on a plain news text and says what it changed', async () => {
    const text =
      'The storm caused immense damage across the county on Tuesday, and officials emphasized that the recovery ' +
      'would take months. Rescue teams witnessed the destruction first-hand and rapidly moved 240 residents to ' +
      'temporary shelters. The mayor stated that the council would purchase new pumps and assess every damaged ' +
      'bridge before the winter. Residents expressed gratitude for the volunteers, who worked through the night to ' +
      'prevent further flooding in the lower streets.';
    const r = await humaniser.humanise(text, { tone: 'auto' });
    expect(r.guided).toMatchObject({ used: true, guide: 'moderate detector, language model off' });
    expect(r.guided?.swaps).toBeGreaterThan(0);
    for (const example of r.guided?.examples ?? []) expect(r.humanised).toContain(example.split(' -> ')[1]);
    expect(r.notes).toMatch(/swapped \d+ more words? in \d+ sentences? \(\d+% of words changed\)/);
    expect(r.humanised).toContain('240');
    expect(r.changedWords).toBeGreaterThan(0);
  });

  it('is deterministic and tone-dependent', async () => {
    const a = await humaniser.humanise(AI_TEXT, { tone: 'formal', seed: 7 });
    const b = await humaniser.humanise(AI_TEXT, { tone: 'formal', seed: 7 });
    expect(a.humanised).toBe(b.humanised);
    const fresh = await createHumaniser({ detector, llm: false });
    const first = await fresh.humanise(AI_TEXT, { tone: 'formal' });
    const again = await createHumaniser({ detector, llm: false });
    expect((await again.humanise(AI_TEXT, { tone: 'formal' })).humanised).toBe(first.humanised);
    // 'Regenerate': the same request on the same instance gives another rewrite, within the guards
    const regenerated = await fresh.humanise(AI_TEXT, { tone: 'formal' });
    expect(regenerated.seed).toBe('1');
    expect(regenerated.humanised).not.toBe(first.humanised);
    expect(regenerated.similarity.score).toBeGreaterThanOrEqual(regenerated.similarity.threshold);
    for (const keep of ['2023', '28%', 'U.S.']) expect(regenerated.humanised).toContain(keep);
    // the API's attempts (explicit seeds 0, 1, 2 on any worker) give different rewrites too (issue 43 item 1)
    const attempts: string[] = [];
    for (const seed of [0, 1, 2])
      attempts.push((await humaniser.humanise(AI_TEXT, { tone: 'casual', seed })).humanised);
    expect(new Set(attempts).size).toBe(3);
    const casual = await humaniser.humanise(AI_TEXT, { tone: 'casual' });
    expect(casual.humanised).not.toBe(a.humanised);
    expect(a.humanised).not.toMatch(/\b\w+n't\b/);
    const auto = await humaniser.humanise(AI_TEXT);
    expect(auto.tone).toBe('auto');
    expect(auto.notes).toMatch(/auto tone: \w+/);
  });

  it('gives eight visibly different tones and reports their style targets and the changes', async () => {
    const tones = ['auto', 'formal', 'casual', 'creative', 'neutral', 'persuasive', 'technical', 'narrative'] as const;
    const out = new Map<string, string>();
    for (const tone of tones) {
      const r = await humaniser.humanise(AI_TEXT, { tone, seed: 'tones' });
      out.set(tone, r.humanised);
      expect(r.notes).toMatch(/style targets met \d of \d/);
      expect(r.style.met.length + r.style.missed.length).toBeGreaterThan(0);
      expect(r.changedWords).toBeGreaterThan(0);
      // honest numbers: the evaluation is the detector's own score of each text
      expect(r.before.aiProbability).toBeCloseTo((await detector.detect(AI_TEXT, { mode: 'moderate' })).score, 6);
      expect(r.evaluation.aiProbability).toBeCloseTo(
        (await detector.detect(r.humanised, { mode: 'moderate' })).score,
        6,
      );
      expect(r.humanised).not.toMatch(/\ban one\b|\bboom\b|\bauthorize\b/);
    }
    const distinct = new Set([...out.entries()].filter(([t]) => t !== 'auto').map(([, v]) => v));
    expect(distinct.size).toBe(7);
    expect(out.get('formal')).not.toMatch(/\b\w+n't\b/);
    expect(out.get('casual')).toMatch(/\b\w+n't\b|\b\w+'(?:s|re|ll|ve)\b/);
  });

  (REQUIRED ? it : it.skip)('has the encoder and the language model (required: CI or INKPRINT_REQUIRE_LM)', () => {
    expect(encoderFilesPresent(findEncoderDir())).toBe(true);
    expect(detector.info.languageModel?.available).toBe(true);
  });

  // without npm run models:fetch (locally) it is skipped; the degraded path is the next test
  (READY || REQUIRED ? it : it.skip)(
    'checks meaning with the encoder and chooses with the language-model judge',
    async () => {
      const r = await humaniser.humanise(AI_TEXT, { tone: 'neutral' });
      if (!('sentenceMin' in r.meaning)) throw new Error(`no encoder: ${r.meaning.reason}`);
      expect(r.meaning.encoder).toMatch(/MiniLM/);
      expect(r.meaning.passes).toBe(true);
      expect(r.meaning.sentenceMin).toBeGreaterThanOrEqual(SENTENCE_COSINE);
      expect(r.meaning.paragraphMin).toBeGreaterThanOrEqual(PARAGRAPH_COSINE);
      expect(r.meaning.sentenceMedian).toBeGreaterThanOrEqual(r.meaning.sentenceMin);
      expect(r.notes).toMatch(/meaning similarity 0\.\d\d \(lowest sentence 0\.\d\d\)/);
      expect(r.judge).toMatchObject({ by: 'language-model' });
      expect(r.judge.candidates).toBeGreaterThanOrEqual(1);
      expect(r.judge.fluency?.after).toBeGreaterThanOrEqual(HUMAN_LOGP_FLOOR);
      // the guide (moderate, language model off) ranks the candidates; Gemma only checks fluency
      expect(r.notes).toMatch(/chosen among \d by the guide detector \(no language model\) and a fluency check/);
      expect(r.guided).toMatchObject({ guide: 'moderate detector, language model off', budget: 0.2 });
      expect(Array.isArray(r.guided?.stillAi)).toBe(true);
      // the evaluation is the language-model-backed detector's own score of the rewrite
      expect(r.evaluation.aiProbability).toBeCloseTo(
        (await detector.detect(r.humanised, { mode: 'moderate' })).score,
        6,
      );
      expect(r.evaluation.engine).toMatch(/gemma/);
    },
  );

  (READY || REQUIRED ? it : it.skip)(
    "reads at most the input's and the chosen rewrite's language-model windows (a runner-up needing its own is left unread)",
    async () => {
      const lm = await detector.languageModel('moderate');
      if (!lm) throw new Error('no language model');
      const passes = jest.spyOn(lm.runner, 'tokenStats');
      try {
        // a text the runner has not read before (its memo is per token window)
        const text = AI_TEXT.replace('28%', '31%');
        const r = await humaniser.humanise(text, { tone: 'formal' });
        expect(r.judge.by).toBe('language-model');
        expect(r.humanised).not.toBe(r.original);
        // the input's window is read only when the cascade's gate holds it (its `before` detection); then one pass
        // for the chosen rewrite, and one more for each candidate found not fluent
        const { probability } = await detector.probability(text, { mode: 'moderate', languageModel: 'off' });
        const gate = lm.gate ?? [0, 1];
        const inputRead = probability >= gate[0] && probability <= gate[1] ? 1 : 0;
        expect(passes.mock.calls.length).toBeLessThanOrEqual(inputRead + 1 + (r.judge.disfluent ?? 0));
        expect(r.judge.unread ?? 0).toBeLessThan(r.judge.candidates);
      } finally {
        passes.mockRestore();
      }
    },
  );

  it('falls back to word overlap and the n-gram search without the encoder and the judge, and says so', async () => {
    const h = await createHumaniser({ detector, llm: false, encoder: false, judge: 'off' });
    const r = await h.humanise(AI_TEXT, { tone: 'neutral' });
    expect(r.meaning).toEqual({ encoder: null, reason: expect.stringMatching(/turned off/) });
    expect(r.notes).toMatch(/meaning checked by word overlap only/);
    expect(r.judge).toMatchObject({ by: 'n-gram', reason: 'turned off' });
    expect(r.similarity.score).toBeGreaterThanOrEqual(r.similarity.threshold);
    await h.close();
  });

  it('rejects bad input with catalogue codes', async () => {
    await expect(humaniser.humanise('   ')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(humaniser.humanise(AI_TEXT, { tone: 'pirate' })).rejects.toMatchObject({ code: 'INVALID_TONE' });
    const small = await createHumaniser({ detector, llm: false, maxChars: 100 });
    await expect(small.humanise(AI_TEXT)).rejects.toBeInstanceOf(HumaniserError);
    await expect(small.humanise(AI_TEXT)).rejects.toMatchObject({
      code: 'HUMANISER_CHAR_LIMIT',
      details: { max: 100 },
    });
  });
});

describe('humanise with an OpenAI-compatible LLM provider (local fake server)', () => {
  let server: http.Server;
  let url: string;
  let reply: (body: { messages: { role: string; content: string }[] }) => { status: number; json: unknown };
  const seen: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
        seen.push({ auth: req.headers.authorization, body });
        const r = reply(body);
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const faithful =
    'Remote work now shapes how companies run. Many studies point to its benefits: people get more done and balance work and life better.\n\n' +
    'Companies can use modern tools so teams work together smoothly, and staff stay engaged and connected wherever they are. In 2023, 28% of U.S. employees worked from home at least part time.\n\n' +
    "Remote work isn't just a trend. It shows how work itself is changing, and it calls for flexible plans that let employees do well.";

  it('sends the chat request and uses a rewrite that passes the meaning guard when it scores more human', async () => {
    reply = () => ({
      status: 200,
      json: { choices: [{ message: { role: 'assistant', content: `Sure! Here's a rewrite:\n\n${faithful}` } }] },
    });
    const h = await createHumaniser({ detector, llm: { url, model: 'fake-model', apiKey: 'k-123' } });
    const r = await h.humanise(AI_TEXT, { tone: 'casual' });
    const last = seen[seen.length - 1];
    expect(last.auth).toBe('Bearer k-123');
    expect(last.body.model).toBe('fake-model');
    expect(last.body.messages[0].role).toBe('system');
    expect(last.body.messages[0].content).toMatch(/Tone: relaxed/);
    expect(last.body.messages[1]).toEqual({ role: 'user', content: AI_TEXT });
    if (r.engine === 'llm') {
      expect(r.humanised).toBe(faithful);
      expect(r.notes).toMatch(/language model/);
    } else {
      expect(r.notes).toMatch(/language model's rewrite was not used/);
    }
    expect(r.similarity.missing).toEqual([]);
  });

  it('rejects a rewrite that changes a number and falls back on errors, saying so in the notes', async () => {
    reply = () => ({ status: 200, json: { result: { humanized_text: faithful.replace('28%', '38%') } } });
    const h = await createHumaniser({ detector, llm: { url } });
    const changed = await h.humanise(AI_TEXT, { tone: 'casual' });
    expect(changed.engine).toBe('builtin');
    expect(changed.humanised).toContain('28%');
    expect(changed.notes).toMatch(/not used \(it changed or dropped "28%"/);

    // a reply that keeps every fact but appends commentary (what SmolLM2-135M does) is refused before the guards
    const commentary = `${faithful}\n\nI made the following changes to improve clarity:\n\n${Array.from(
      { length: 12 },
      (_, i) => `- Changed sentence ${i + 1} so that it reads more naturally and uses plainer words than before.`,
    ).join('\n')}`;
    reply = () => ({ status: 200, json: { choices: [{ message: { content: commentary } }] } });
    const grown = await h.humanise(AI_TEXT, { tone: 'casual' });
    expect(grown.engine).toBe('builtin');
    expect(grown.humanised).not.toMatch(/following changes/);
    expect(grown.notes).toMatch(/not used \(it added text \(\d+ words for \d+\)\)/);

    reply = () => ({ status: 503, json: { error: 'overloaded' } });
    const failed = await h.humanise(AI_TEXT, { tone: 'casual' });
    expect(failed.engine).toBe('builtin');
    expect(failed.notes).toMatch(/language model was unavailable \(HTTP 503\)/);
  });
});
