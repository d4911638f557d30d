#!/usr/bin/env node
// A small OpenAI-compatible chat server around node-llama-cpp, for testing the humaniser's HUMANISER_LLM_URL path
// against a real model on CPU (issue 26 item 6). Test-only: the product talks to whatever server HUMANISER_LLM_URL
// names (Ollama, vLLM, llama.cpp's server …). Needs `bash scripts/llm-fetch.sh` (node-llama-cpp in .services/llm,
// SmolLM2-135M-Instruct in models/smollm2).
//
//   node scripts/llm-server.mjs [--port 8090] [--host 127.0.0.1] [--model FILE.gguf] [--threads 1] [--max-tokens 768]
//
// Routes: POST /v1/chat/completions ({model, messages, temperature?, max_tokens?, seed?} -> an OpenAI chat.completion;
// temperature 0, the default, is greedy decoding, so the same request gives the same reply), GET /v1/models,
// GET /health. Requests are answered one at a time on one context. `--port 0` picks a free port; when the model is
// loaded the server prints one line "llm-server: listening on http://HOST:PORT/v1/chat/completions (model NAME)".
import * as http from 'node:http';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : dflt;
};
const PORT = Number(arg('--port', '8090'));
const HOST = arg('--host', '127.0.0.1');
const MODEL_FILE = path.resolve(arg('--model', path.join(ROOT, 'models/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf')));
const THREADS = Number(arg('--threads', '1'));
const MAX_TOKENS = Number(arg('--max-tokens', '768'));
const MODEL_NAME = path.basename(MODEL_FILE).replace(/\.gguf$/i, '');
const LLM_DIR = process.env.INKPRINT_LLM_DIR ?? path.join(ROOT, '.services/llm');

let lib;
try {
  lib = await import(pathToFileURL(path.join(LLM_DIR, 'node_modules/node-llama-cpp/dist/index.js')).href);
} catch (e) {
  process.stderr.write(
    `llm-server: node-llama-cpp is not installed in ${LLM_DIR} (bash scripts/llm-fetch.sh): ${e.message}\n`,
  );
  process.exit(1);
}
const { getLlama, LlamaChatSession } = lib;
const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' });
const model = await llama.loadModel({ modelPath: MODEL_FILE });
const context = await model.createContext({ contextSize: 4096, threads: THREADS });

/** One request at a time on the one context sequence. */
let queue = Promise.resolve();
function serialised(fn) {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

async function complete(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const text = (m) => (typeof m?.content === 'string' ? m.content : '');
  const system = messages
    .filter((m) => m.role === 'system')
    .map(text)
    .join('\n\n');
  const turns = messages.filter((m) => m.role === 'user' || m.role === 'assistant');
  const last = turns[turns.length - 1];
  if (!last || last.role !== 'user')
    throw Object.assign(new Error('the last message must be a user message'), { status: 400 });
  const sequence = context.getSequence();
  const session = new LlamaChatSession({ contextSequence: sequence, systemPrompt: system || undefined });
  try {
    // earlier turns (a few-shot prompt) become the chat history
    if (turns.length > 1) {
      const history = session.getChatHistory();
      for (const t of turns.slice(0, -1))
        history.push(t.role === 'user' ? { type: 'user', text: text(t) } : { type: 'model', response: [text(t)] });
      session.setChatHistory(history);
    }
    const maxTokens = Math.min(Number(body.max_tokens ?? MAX_TOKENS) || MAX_TOKENS, MAX_TOKENS);
    const temperature = Number(body.temperature ?? 0) || 0;
    const t0 = performance.now();
    const { responseText, stopReason } = await session.promptWithMeta(text(last), {
      maxTokens,
      temperature,
      ...(Number.isInteger(body.seed) ? { seed: body.seed } : {}),
    });
    const promptTokens = model.tokenize(system + turns.map(text).join('\n')).length;
    const completionTokens = model.tokenize(responseText).length;
    return {
      id: `chatcmpl-${Date.now().toString(36)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: MODEL_NAME,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: responseText },
          finish_reason: stopReason === 'maxTokens' ? 'length' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      timing_ms: Math.round(performance.now() - t0),
    };
  } finally {
    session.dispose({ disposeSequence: true });
  }
}

const server = http.createServer((req, res) => {
  const send = (status, json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  if (req.method === 'GET' && req.url === '/health') return send(200, { status: 'ok', model: MODEL_NAME });
  if (req.method === 'GET' && req.url === '/v1/models')
    return send(200, { object: 'list', data: [{ id: MODEL_NAME, object: 'model', owned_by: 'local' }] });
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
    return send(404, { error: { message: `no route ${req.method} ${req.url}`, type: 'invalid_request_error' } });
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(400, { error: { message: 'the body is not JSON', type: 'invalid_request_error' } });
    }
    serialised(() => complete(body)).then(
      (out) => send(200, out),
      (e) =>
        send(e.status ?? 500, {
          error: { message: e.message, type: e.status ? 'invalid_request_error' : 'server_error' },
        }),
    );
  });
});
server.listen(PORT, HOST, () => {
  const { port } = server.address();
  process.stdout.write(`llm-server: listening on http://${HOST}:${port}/v1/chat/completions (model ${MODEL_NAME})\n`);
});
const stop = () => server.close(() => void model.dispose().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
