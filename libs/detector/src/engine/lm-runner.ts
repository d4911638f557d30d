// Gemma 3 270M per-token statistics with ONNX Runtime: the TypeScript side of ml/inkprint_ml/lm_features.py LMScorer.
// Body graph: input_ids int64 [T] (BOS first) -> hidden float32 [T, 640]; head graph: hidden [N, 640] of positions t
// and next_ids int64 [N] (the tokens at t+1) -> float32 logp, entropy, variance, rank [N]. The head runs on blocks of
// LM_HEAD_BLOCK positions so its [N, 262144] intermediates stay small. Files: models/lm (ml/inkprint_ml/lm_export.py).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ort from 'onnxruntime-node';
import { documentFeatures } from '../core/lm-features';
import { GemmaTokenizer, type GemmaVocabulary } from '../core/lm-tokenizer';

export const LM_BODY_FILE = 'gemma-3-270m-body.onnx';
export const LM_HEAD_FILE = 'gemma-3-270m-head.onnx';
export const LM_TOKENIZER_FILE = 'gemma-3-270m-tokenizer.json';
/** Tokens scored per text, BOS included. */
export const LM_MAX_TOKENS = 256;
/** Positions per head run. */
export const LM_HEAD_BLOCK = 64;

const STAT_NAMES = ['logp', 'entropy', 'variance', 'rank'] as const;

export interface LmTokenStats {
  logp: Float32Array;
  entropy: Float32Array;
  variance: Float32Array;
  rank: Float32Array;
}

/** File names inside the language-model folder and the head's block size (a manifest's plan may name others). */
export interface LmFiles {
  body?: string;
  head?: string;
  tokenizer?: string;
  headBlock?: number;
}

function fileNames(files: LmFiles = {}): Required<LmFiles> {
  return {
    body: files.body ?? LM_BODY_FILE,
    head: files.head ?? LM_HEAD_FILE,
    tokenizer: files.tokenizer ?? LM_TOKENIZER_FILE,
    headBlock: files.headBlock ?? LM_HEAD_BLOCK,
  };
}

/** Whether lmDir holds the tokenizer and both graphs (with their external weights, `<graph>.data`). */
export function lmFilesPresent(lmDir: string, files?: LmFiles): boolean {
  const f = fileNames(files);
  return [f.tokenizer, f.body, `${f.body}.data`, f.head, `${f.head}.data`].every((name) =>
    fs.existsSync(path.join(lmDir, name)),
  );
}

export function loadGemmaTokenizer(lmDir: string, tokenizerFile = LM_TOKENIZER_FILE): GemmaTokenizer {
  const vocab = JSON.parse(fs.readFileSync(path.join(lmDir, tokenizerFile), 'utf8')) as GemmaVocabulary;
  return new GemmaTokenizer(vocab);
}

/** Texts whose features an LmRunner remembers. */
const FEATURE_MEMO = 16;

export class LmRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly memo = new Map<string, Promise<number[]>>();

  private constructor(
    readonly tokenizer: GemmaTokenizer,
    private readonly body: ort.InferenceSession,
    private readonly head: ort.InferenceSession,
    private readonly headBlock: number,
  ) {}

  static async load(lmDir: string, threads = 1, files?: LmFiles): Promise<LmRunner> {
    const f = fileNames(files);
    if (!(Number.isInteger(f.headBlock) && f.headBlock > 0)) throw new Error(`LmRunner: bad head block ${f.headBlock}`);
    const tokenizer = loadGemmaTokenizer(lmDir, f.tokenizer);
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // The body's weights are int8 + DequantizeLinear without a zero point; onnxruntime-node 1.23's QDQ transformers
      // insert a uint8 QuantizeLinear against them and the session fails to load ("Type (tensor(int8)) of output arg
      // (QuantizeLinear_out0) ... does not match expected type (tensor(uint8))"). Without them the DequantizeLinear
      // nodes fold into float32 weights at load, the float32 arithmetic the graph is written for.
      extra: { session: { disable_quant_qdq: '1' } },
    };
    const body = await ort.InferenceSession.create(path.join(lmDir, f.body), options);
    let head: ort.InferenceSession;
    try {
      head = await ort.InferenceSession.create(path.join(lmDir, f.head), options);
    } catch (e) {
      await body.release();
      throw e;
    }
    return new LmRunner(tokenizer, body, head, f.headBlock);
  }

  /** The normalised text's token ids, BOS first, at most maxTokens of them. */
  tokenIds(norm: string, maxTokens = LM_MAX_TOKENS): number[] {
    return this.tokenizer.encode(norm).slice(0, maxTokens);
  }

  /** Per-token statistics for ids[1..] (each predicted from the ids before it); empty for fewer than 2 ids. */
  tokenStats(ids: readonly number[]): Promise<LmTokenStats> {
    return this.serialised(() => this.runStats(ids));
  }

  /**
   * The 8 features of LM_FEATURE_NAMES for a normalised text (its first maxTokens tokens). The last
   * FEATURE_MEMO token sequences are remembered: the humaniser's judge reads a candidate's features and then detects
   * it, and candidates that differ only beyond the scored tokens cost one run.
   */
  async features(norm: string, maxTokens = LM_MAX_TOKENS): Promise<number[]> {
    const ids = this.tokenIds(norm, maxTokens);
    // keyed by the scored ids: texts that differ only after the first maxTokens tokens share one run
    const key = ids.join(',');
    let run = this.memo.get(key);
    if (!run) {
      run = this.tokenStats(ids).then((s) => documentFeatures(s.logp, s.entropy, s.variance, s.rank));
      run.catch(() => this.memo.delete(key));
      if (this.memo.size >= FEATURE_MEMO) this.memo.delete(this.memo.keys().next().value as string);
      this.memo.set(key, run);
    }
    return [...(await run)];
  }

  async release(): Promise<void> {
    await this.queue;
    await this.body.release();
    await this.head.release();
  }

  // Runs are serialised: ONNX already uses the configured threads, and the head's intermediates are large.
  private serialised<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runStats(ids: readonly number[]): Promise<LmTokenStats> {
    const n = Math.max(ids.length - 1, 0);
    const stats: LmTokenStats = {
      logp: new Float32Array(n),
      entropy: new Float32Array(n),
      variance: new Float32Array(n),
      rank: new Float32Array(n),
    };
    if (n === 0) return stats;
    const x = BigInt64Array.from(ids, (id) => BigInt(id));
    const bodyOut = await this.body.run({ input_ids: new ort.Tensor('int64', x, [ids.length]) });
    const hiddenTensor = bodyOut.hidden;
    const width = hiddenTensor.dims[1];
    const hidden = hiddenTensor.data as Float32Array;
    try {
      for (let a = 0; a < n; a += this.headBlock) {
        const b = Math.min(a + this.headBlock, n);
        const out = await this.head.run({
          hidden: new ort.Tensor('float32', hidden.subarray(a * width, b * width), [b - a, width]),
          next_ids: new ort.Tensor('int64', x.subarray(a + 1, b + 1), [b - a]),
        });
        for (const k of STAT_NAMES) {
          stats[k].set(out[k].data as Float32Array, a);
          out[k].dispose();
        }
      }
    } finally {
      hiddenTensor.dispose();
    }
    return stats;
  }
}
