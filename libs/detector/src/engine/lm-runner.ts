// Gemma 3 270M per-token statistics with ONNX Runtime: the TypeScript side of ml/inkprint_ml/lm_features.py LMScorer.
// Body graph: input_ids int64 [T] (BOS first) -> hidden float32 [T, 640]; head graph: hidden [N, 640] of positions t
// and next_ids int64 [N] (the tokens at t+1) -> float32 logp, entropy, variance, rank [N]. The head runs on blocks of
// LM_HEAD_BLOCK positions so its [N, 262144] intermediates stay small. Files: models/lm (ml/inkprint_ml/lm_export.py).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ort from 'onnxruntime-node';
import { documentFeatures } from '../core/lm-features';
import { GemmaTokenizer, type GemmaVocabulary } from '../core/lm-tokenizer';
import { SerialRuns } from './serial-runs';

export const LM_BODY_FILE = 'gemma-3-270m-body.onnx';
export const LM_HEAD_FILE = 'gemma-3-270m-head.onnx';
export const LM_TOKENIZER_FILE = 'gemma-3-270m-tokenizer.json';
/**
 * The top-k graph (hidden [N, 640], k [1] -> ids int64 [N, k], logp float32 [N, k]: the k most likely next tokens),
 * sharing the head's weights file; optional (the humaniser's in-context proposals, issue 40), loaded on first use.
 */
export const LM_TOPK_FILE = 'gemma-3-270m-topk.onnx';
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

/** The k most likely next tokens at each asked position, most likely first, with their log-probabilities. */
export interface LmTopK {
  ids: number[][];
  logp: number[][];
}

/** Texts whose features an LmRunner remembers. */
const FEATURE_MEMO = 16;

export class LmRunner {
  // Runs are serialised: ONNX already uses the configured threads, and the head's intermediates are large.
  private readonly runs = new SerialRuns();
  private readonly memo = new Map<string, Promise<number[]>>();

  private topk: Promise<ort.InferenceSession> | undefined;
  private pieces: readonly string[] | undefined;

  private constructor(
    readonly tokenizer: GemmaTokenizer,
    private readonly body: ort.InferenceSession,
    private readonly head: ort.InferenceSession,
    private readonly headBlock: number,
    private readonly dir: string,
    private readonly files: Required<LmFiles>,
    private readonly options: ort.InferenceSession.SessionOptions,
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
    return new LmRunner(tokenizer, body, head, f.headBlock, lmDir, f, options);
  }

  /** The normalised text's token ids, BOS first, at most maxTokens of them. */
  tokenIds(norm: string, maxTokens = LM_MAX_TOKENS): number[] {
    return this.tokenizer.encode(norm).slice(0, maxTokens);
  }

  /** Per-token statistics for ids[1..] (each predicted from the ids before it); empty for fewer than 2 ids. */
  tokenStats(ids: readonly number[]): Promise<LmTokenStats> {
    return this.runs.run(() => this.runStats(ids));
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

  /** Whether the top-k graph (LM_TOPK_FILE) is next to the head (`npm run models:fetch` builds it). */
  hasTopK(): boolean {
    return (
      fs.existsSync(path.join(this.dir, LM_TOPK_FILE)) && fs.existsSync(path.join(this.dir, `${this.files.head}.data`))
    );
  }

  /** The vocabulary's pieces ("▁word" starts a word), read from the tokenizer file on first use. */
  piece(id: number): string {
    if (!this.pieces)
      this.pieces = (
        JSON.parse(fs.readFileSync(path.join(this.dir, this.files.tokenizer), 'utf8')) as GemmaVocabulary
      ).tokens;
    return this.pieces[id] ?? '';
  }

  /** The body's final-norm hidden states for ids (BOS first): float32 [ids.length, width], row-major. */
  hiddenStates(ids: readonly number[]): Promise<{ hidden: Float32Array; width: number }> {
    return this.runs.run(async () => {
      const x = BigInt64Array.from(ids, (id) => BigInt(id));
      const out = await this.body.run({ input_ids: new ort.Tensor('int64', x, [ids.length]) });
      const t = out.hidden;
      const hidden = new Float32Array(t.data as Float32Array);
      const width = t.dims[1];
      t.dispose();
      return { hidden, width };
    });
  }

  /**
   * The k most likely next tokens after each of `rows` (indices into hidden states from hiddenStates: row t predicts
   * token t + 1). Needs the top-k graph (hasTopK).
   */
  topK(states: { hidden: Float32Array; width: number }, rows: readonly number[], k: number): Promise<LmTopK> {
    return this.runs.run(async () => {
      const out: LmTopK = { ids: [], logp: [] };
      if (!rows.length) return out;
      if (!this.topk) {
        this.topk = ort.InferenceSession.create(path.join(this.dir, LM_TOPK_FILE), this.options);
        this.topk.catch(() => (this.topk = undefined));
      }
      const session = await this.topk;
      const { width } = states;
      for (let a = 0; a < rows.length; a += this.headBlock) {
        const block = rows.slice(a, a + this.headBlock);
        const h = hiddenRows(states, block);
        const res = await session.run({
          hidden: new ort.Tensor('float32', h, [block.length, width]),
          k: new ort.Tensor('int64', BigInt64Array.from([BigInt(k)]), [1]),
        });
        const ids = res.ids.data as BigInt64Array;
        const lp = res.logp.data as Float32Array;
        const kk = res.ids.dims[1];
        for (let i = 0; i < block.length; i++) {
          out.ids.push(Array.from(ids.subarray(i * kk, (i + 1) * kk), Number));
          out.logp.push(Array.from(lp.subarray(i * kk, (i + 1) * kk)));
        }
        res.ids.dispose();
        res.logp.dispose();
      }
      return out;
    });
  }

  /** log p of next[i] after row rows[i] of hidden states from hiddenStates (the head on those rows only). */
  logpAt(
    states: { hidden: Float32Array; width: number },
    rows: readonly number[],
    next: readonly number[],
  ): Promise<Float32Array> {
    return this.runs.run(async () => {
      const logp = new Float32Array(rows.length);
      await this.headBlocks(
        rows.length,
        states.width,
        (a, b) => ({
          hidden: hiddenRows(states, rows.slice(a, b)),
          next: BigInt64Array.from(next.slice(a, b), (id) => BigInt(id)),
        }),
        (out, a) => logp.set(out.logp.data as Float32Array, a),
      );
      return logp;
    });
  }

  /** log p of ids[t] given ids[..t] for t = from .. ids.length - 1 (one body pass, the head on those positions only). */
  logpFrom(ids: readonly number[], from: number): Promise<Float32Array> {
    return this.runs.run(async () => {
      const n = ids.length - from;
      if (from < 1 || n <= 0) return new Float32Array(0);
      const logp = new Float32Array(n);
      await this.withBodyPass(ids, (x, hidden, width) =>
        this.headBlocks(
          n,
          width,
          (a, b) => ({
            hidden: hidden.subarray((from - 1 + a) * width, (from - 1 + b) * width),
            next: x.subarray(from + a, from + b),
          }),
          (out, a) => logp.set(out.logp.data as Float32Array, a),
        ),
      );
      return logp;
    });
  }

  async release(): Promise<void> {
    await this.runs.idle();
    await this.body.release();
    await this.head.release();
    if (this.topk) await (await this.topk.catch(() => undefined))?.release();
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
    await this.withBodyPass(ids, (x, hidden, width) =>
      this.headBlocks(
        n,
        width,
        (a, b) => ({ hidden: hidden.subarray(a * width, b * width), next: x.subarray(a + 1, b + 1) }),
        (out, a) => {
          for (const k of STAT_NAMES) stats[k].set(out[k].data as Float32Array, a);
        },
      ),
    );
    return stats;
  }

  /**
   * The head over n positions in blocks of headBlock (its [N, vocabulary] intermediates stay small): `block(a, b)`
   * gives positions a .. b - 1's hidden states (float32 [b - a, width]) and the ids that follow them; `read` takes
   * each block's outputs, which are freed afterwards.
   */
  private async headBlocks(
    n: number,
    width: number,
    block: (a: number, b: number) => { hidden: Float32Array; next: BigInt64Array },
    read: (out: ort.InferenceSession.ReturnType, a: number) => void,
  ): Promise<void> {
    for (let a = 0; a < n; a += this.headBlock) {
      const b = Math.min(a + this.headBlock, n);
      const { hidden, next } = block(a, b);
      const out = await this.head.run({
        hidden: new ort.Tensor('float32', hidden, [b - a, width]),
        next_ids: new ort.Tensor('int64', next, [b - a]),
      });
      read(out, a);
      for (const k of STAT_NAMES) out[k].dispose();
    }
  }

  /**
   * One body pass over ids (BOS first): `use` reads the ids as the graph took them and the hidden states
   * (float32 [ids.length, width], row-major), which are freed once it is done.
   */
  private async withBodyPass(
    ids: readonly number[],
    use: (x: BigInt64Array, hidden: Float32Array, width: number) => Promise<void>,
  ): Promise<void> {
    const x = BigInt64Array.from(ids, (id) => BigInt(id));
    const bodyOut = await this.body.run({ input_ids: new ort.Tensor('int64', x, [ids.length]) });
    const t = bodyOut.hidden;
    try {
      await use(x, t.data as Float32Array, t.dims[1]);
    } finally {
      t.dispose();
    }
  }
}

/** The hidden states of `rows` (indices into states.hidden), packed one after another for a head run. */
function hiddenRows(states: { hidden: Float32Array; width: number }, rows: readonly number[]): Float32Array {
  const { hidden, width } = states;
  const h = new Float32Array(rows.length * width);
  rows.forEach((r, i) => h.set(hidden.subarray(r * width, (r + 1) * width), i * width));
  return h;
}
