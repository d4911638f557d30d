// The HUMANISER_LLM_URL path against a real local inference server with a real model (issue 26 item 6):
// scripts/llm-server.mjs (OpenAI-compatible, node-llama-cpp on CPU) serving SmolLM2-135M-Instruct, both fetched by
// `bash scripts/llm-fetch.sh`. Required in CI (CI or INKPRINT_REQUIRE_LLM); skipped locally without the files.
// The model is tiny, so its rewrites are usually refused by the guards: the test proves that a real rewrite comes back,
// that the engine's decision on it is the guards' decision, and that a refusal or an unreachable server falls back to
// the built-in rewrite with the notes saying why.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createDetector, type Detector } from '@inkprint/detector';
import { wordCount } from '../core/document';
import { similarity, SIMILARITY_THRESHOLD } from '../core/similarity';
import { TONE_PROFILES } from '../core/tones';
import { createHumaniser } from './humaniser';
import { buildMessages, llmConfigFromEnv, LLM_MAX_GROWTH, requestRewrite, type LlmConfig } from './llm';

jest.setTimeout(420_000);

const ROOT = path.resolve(__dirname, '../../../..');
const SERVER = path.join(ROOT, 'scripts/llm-server.mjs');
const MODEL = path.join(ROOT, 'models/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf');
const LIB = path.join(ROOT, '.services/llm/node_modules/node-llama-cpp/package.json');
const REQUIRED = Boolean(process.env.CI || process.env.INKPRINT_REQUIRE_LLM);
const READY = fs.existsSync(MODEL) && fs.existsSync(LIB);
if (REQUIRED && !READY)
  throw new Error(`the local LLM server's files are missing (${MODEL}, ${LIB}): run bash scripts/llm-fetch.sh`);

// Numbers, a name and a year the guard must see kept.
const NUMBERS =
  'Moreover, it is important to note that the U.S. economy grew 3.2% in 2023. Furthermore, retail sales rose sharply, ' +
  'showcasing robust consumer demand, and unemployment fell to 3.7% by December, according to the Labor Department.';
const PLAIN =
  "In today's fast-paced world, remote work plays a crucial role in how companies operate. Moreover, it is important " +
  'to note that numerous studies highlight its benefits, showcasing improved productivity and a better work-life balance ' +
  'for individuals.';

/** The guards the engine applies to a reply before it may compete (word-overlap guard and added text). */
function guardVerdict(input: string, reply: string): 'passes' | 'refused' {
  const s = similarity(input, reply);
  const grew = wordCount(reply) > LLM_MAX_GROWTH * wordCount(input) + 10;
  return grew || s.missing.length || s.dropped.length || s.score < SIMILARITY_THRESHOLD ? 'refused' : 'passes';
}

(READY ? describe : describe.skip)('the LLM path against a real local server (SmolLM2-135M-Instruct)', () => {
  let server: ChildProcess;
  let config: LlmConfig;
  let detector: Detector;

  beforeAll(async () => {
    server = spawn(process.execPath, [SERVER, '--port', '0', '--threads', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`llm-server did not start in 120 s: ${log}`)), 120_000);
      server.stderr?.on('data', (c: Buffer) => (log += c.toString()));
      server.stdout?.on('data', (c: Buffer) => {
        log += c.toString();
        const m = /listening on (http:\S+)/.exec(log);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      server.on('exit', (code) => reject(new Error(`llm-server exited (${code}): ${log}`)));
    });
    // configured the way apps configure it: from the environment
    config = llmConfigFromEnv({
      HUMANISER_LLM_URL: url,
      HUMANISER_LLM_MODEL: 'SmolLM2-135M-Instruct',
      HUMANISER_LLM_TIMEOUT_MS: '180000',
    }) as LlmConfig;
    detector = await createDetector({ engine: 'onnx' });
  });
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGTERM');
    await detector?.close();
  });

  it('answers the humaniser request with a real rewrite from the model', async () => {
    const res = await fetch(config.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: buildMessages(PLAIN, TONE_PROFILES.casual),
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      model: string;
      choices: { message: { role: string; content: string } }[];
      usage: { completion_tokens: number };
    };
    expect(body.model).toMatch(/SmolLM2-135M-Instruct/);
    expect(body.choices[0].message.role).toBe('assistant');
    expect(body.usage.completion_tokens).toBeGreaterThan(5);
    // generated text, not an echo of the request: something differs from the input
    expect(body.choices[0].message.content.trim().length).toBeGreaterThan(20);
    expect(body.choices[0].message.content.trim()).not.toBe(PLAIN);
  });

  it.each([
    ['casual', PLAIN],
    ['formal', NUMBERS],
  ] as const)(
    'the %s reply goes through the guards, and a refusal falls back to the built-in rewrite',
    async (tone, text) => {
      // temperature 0 is greedy decoding: the reply the engine gets is this one
      const reply = await requestRewrite(config, text, TONE_PROFILES[tone]);
      if (!reply.ok) throw new Error(`the server failed: ${reply.error}`);
      expect(reply.text).not.toBe(text);
      const verdict = guardVerdict(text, reply.text);

      const h = await createHumaniser({ detector, llm: config });
      const r = await h.humanise(text, { tone });
      await h.close();
      if (verdict === 'refused') {
        expect(r.engine).toBe('builtin');
        expect(r.humanised).not.toBe(reply.text);
        expect(r.notes).toMatch(
          /the language model's rewrite was not used \((it changed or dropped|it dropped|it added text|similarity)/,
        );
      } else if (r.engine === 'llm') {
        // accepted: it is the reply itself, and it passed the sentence encoder and the judge too
        expect(r.humanised).toBe(reply.text);
        expect(r.notes).toMatch(/rewritten by the configured language model/);
      } else {
        // passed the word guards, then lost to the encoder or the judge: the notes say which
        expect(r.notes).toMatch(
          /the language model's rewrite was not used \((meaning similarity|the built-in rewrite scored)/,
        );
      }
      // whatever was chosen keeps the guards: every number and name, no dropped sentence
      expect(r.similarity.missing).toEqual([]);
      expect(r.similarity.score).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
      for (const n of text.match(/\d+(?:\.\d+)?%?/g) ?? []) expect(r.humanised).toContain(n);
    },
  );

  it('the numbers text is refused by the guards (the model drops or changes a figure) and falls back', async () => {
    const reply = await requestRewrite(config, NUMBERS, TONE_PROFILES.casual);
    if (!reply.ok) throw new Error(`the server failed: ${reply.error}`);
    expect(guardVerdict(NUMBERS, reply.text)).toBe('refused');
    const h = await createHumaniser({ detector, llm: config });
    const r = await h.humanise(NUMBERS, { tone: 'casual' });
    await h.close();
    expect(r.engine).toBe('builtin');
    expect(r.humanised).not.toBe(NUMBERS);
    expect(r.notes).toMatch(/the language model's rewrite was not used/);
    for (const n of ['3.2%', '2023', '3.7%']) expect(r.humanised).toContain(n);
  });

  it('falls back to the built-in engine when the server is gone, and says so', async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    const h = await createHumaniser({ detector, llm: config });
    const r = await h.humanise(PLAIN, { tone: 'casual' });
    await h.close();
    expect(r.engine).toBe('builtin');
    expect(r.humanised).not.toBe(PLAIN);
    expect(r.notes).toMatch(/the language model was unavailable \(.+\), so the built-in engine ran/);
  });
});
