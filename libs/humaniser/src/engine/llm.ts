// Optional LLM provider: an OpenAI-compatible chat endpoint (`POST {url}` with {model, messages}). Apps configure it from
//   HUMANISER_LLM_URL      full URL of the chat completions endpoint (unset: the built-in engine only)
//   HUMANISER_LLM_MODEL    model name sent in the request (default "default")
//   HUMANISER_LLM_API_KEY  optional bearer token
//   HUMANISER_LLM_TIMEOUT_MS  request timeout (default 20000)
// Its rewrite is only a candidate: it must pass the same meaning guard and detector comparison as the built-in one.
import { stripFraming } from '../core/plan';
import { TONE_DEFINITIONS, type ToneProfile } from '../core/tones';

/**
 * A reply longer than this many times the input's words (+10) is refused before the meaning guard: it added text
 * (SmolLM2-135M appends "I made the following changes: …" lists that keep every fact of the input).
 */
export const LLM_MAX_GROWTH = 1.5;

export interface LlmConfig {
  url: string;
  model?: string;
  apiKey?: string;
  timeoutMs?: number;
}

/** For apps: the provider's settings from their environment (the library itself never reads it). */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv): LlmConfig | undefined {
  const url = env.HUMANISER_LLM_URL?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\//.test(url)) throw new Error(`HUMANISER_LLM_URL must be an http(s) URL, got "${url}"`);
  const timeout = env.HUMANISER_LLM_TIMEOUT_MS ? Number(env.HUMANISER_LLM_TIMEOUT_MS) : undefined;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0))
    throw new Error('HUMANISER_LLM_TIMEOUT_MS must be a positive number');
  return {
    url,
    model: env.HUMANISER_LLM_MODEL?.trim() || undefined,
    apiKey: env.HUMANISER_LLM_API_KEY?.trim() || undefined,
    timeoutMs: timeout,
  };
}

export function buildMessages(text: string, profile: ToneProfile): { role: 'system' | 'user'; content: string }[] {
  return [
    {
      role: 'system',
      content:
        'You rewrite text so it reads as written by a careful person. Keep every fact, number, name, quotation, citation, URL, ' +
        'code span and markdown structure exactly; keep paragraph breaks; do not add or drop claims. Avoid stock phrases ' +
        '("delve", "tapestry", "it is important to note"), filler transitions and uniform sentence lengths. ' +
        `Tone: ${TONE_DEFINITIONS[profile.tone].llm}. Reply with the rewritten text only.`,
    },
    { role: 'user', content: text },
  ];
}

/** Pulls the rewrite out of the assorted response shapes providers use. */
export function extractText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (!body || typeof body !== 'object') return undefined;
  const o = body as Record<string, unknown>;
  const choices = o.choices;
  if (Array.isArray(choices) && choices.length) {
    const c = choices[0] as Record<string, unknown>;
    const msg = c.message as Record<string, unknown> | undefined;
    if (typeof msg?.content === 'string') return msg.content;
    if (typeof c.text === 'string') return c.text;
  }
  for (const key of [
    'humanized_text',
    'humanised_text',
    'humanized',
    'humanised',
    'text',
    'result',
    'output',
    'content',
    'message',
    'data',
  ]) {
    const v = o[key];
    const found = typeof v === 'string' ? v : v && typeof v === 'object' ? extractText(v) : undefined;
    if (found) return found;
  }
  return undefined;
}

export type LlmReply = { ok: true; text: string } | { ok: false; error: string };

export async function requestRewrite(config: LlmConfig, text: string, profile: ToneProfile): Promise<LlmReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 20_000);
  try {
    const res = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model ?? 'default',
        temperature: 0,
        seed: 7,
        messages: buildMessages(text, profile),
      }),
      signal: controller.signal,
    });
    if (!res.ok) return { ok: false, error: `HTTP ${res.status}` };
    const raw = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'response is not JSON' };
    }
    const out = extractText(body);
    if (!out || !out.trim()) return { ok: false, error: 'no text in the response' };
    return { ok: true, text: stripFraming(out.trim()).text };
  } catch (e) {
    return { ok: false, error: controller.signal.aborted ? 'timed out' : (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
