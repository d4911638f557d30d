// all-MiniLM-L6-v2 sentence embeddings with onnxruntime-node: WordPiece ids -> the int8 graph built by
// ml/inkprint_ml/encoder_export.py (mean pooling over the attention mask and L2 normalisation inside the graph) ->
// unit vectors of 384 floats. Files: models/encoder (npm run models:fetch, scripts/encoder-fetch.sh).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ort from 'onnxruntime-node';
import { WordPieceTokenizer, type WordPieceJson } from './wordpiece';

export const ENCODER_MODEL_FILE = 'all-minilm-l6-v2.int8.onnx';
export const ENCODER_TOKENIZER_FILE = 'all-minilm-l6-v2-tokenizer.json';
export const ENCODER_NAME = 'all-MiniLM-L6-v2 (int8 ONNX)';
export const EMBEDDING_DIM = 384;

/** Walks up from this file to the repository's models/encoder (works from src/ and dist/). */
export function findEncoderDir(start = __dirname): string | undefined {
  if (process.env.INKPRINT_ENCODER_DIR) return process.env.INKPRINT_ENCODER_DIR;
  let dir = start;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'models', 'encoder');
    if (fs.existsSync(path.join(candidate, ENCODER_MODEL_FILE))) return candidate;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

export function encoderFilesPresent(dir: string | undefined): boolean {
  return (
    dir !== undefined &&
    fs.existsSync(path.join(dir, ENCODER_MODEL_FILE)) &&
    fs.existsSync(path.join(dir, ENCODER_TOKENIZER_FILE))
  );
}

export function loadWordPieceTokenizer(dir: string, file = ENCODER_TOKENIZER_FILE): WordPieceTokenizer {
  return new WordPieceTokenizer(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as WordPieceJson);
}

/** Cosine of two embeddings (for the unit vectors this class returns: their dot product). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

export class SentenceEncoder {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly tokenizer: WordPieceTokenizer,
    private readonly session: ort.InferenceSession,
    readonly dir: string,
  ) {}

  /** Loads models/encoder (or `dir`); throws when the files are missing (see `findEncoderDir`, `encoderFilesPresent`). */
  static async load(dir = findEncoderDir(), threads = 1): Promise<SentenceEncoder> {
    if (!dir || !encoderFilesPresent(dir))
      throw new Error(
        `sentence encoder not found${dir ? ` in ${dir}` : ''} (run npm run models:fetch, or set INKPRINT_ENCODER_DIR)`,
      );
    const tokenizer = loadWordPieceTokenizer(dir);
    const session = await ort.InferenceSession.create(path.join(dir, ENCODER_MODEL_FILE), {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    return new SentenceEncoder(tokenizer, session, dir);
  }

  /** Unit-length embeddings of the texts (each cut to the tokenizer's maxLength, 256 ids). */
  embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.run(texts.map((t) => this.tokenizer.encode(t).ids));
  }

  /**
   * One unit-length embedding per text of any length: the normalised mean of its 256-id windows' embeddings (a
   * paragraph longer than one window is not cut).
   */
  async embedLong(texts: readonly string[]): Promise<Float32Array[]> {
    const windows = texts.map((t) => this.tokenizer.encodeWindows(t));
    const flat = await this.run(windows.flat());
    let k = 0;
    return windows.map((w) => {
      const sum = new Float32Array(EMBEDDING_DIM);
      for (let i = 0; i < w.length; i++, k++) for (let d = 0; d < EMBEDDING_DIM; d++) sum[d] += flat[k][d];
      const norm = Math.hypot(...sum) || 1;
      return sum.map((v) => v / norm);
    });
  }

  async release(): Promise<void> {
    await this.queue;
    await this.session.release();
  }

  /** Runs are serialised (ONNX already uses the configured threads). */
  private run(seqs: number[][]): Promise<Float32Array[]> {
    const job = this.queue.then(() => this.runEach(seqs));
    this.queue = job.catch(() => undefined);
    return job;
  }

  // One sequence per run, never padded into a batch: the int8 graph quantises its activations dynamically over the
  // whole input tensor, so padding or neighbours would change a sentence's embedding (by up to 0.02; cos 0.993). One
  // at a time, a sentence has the same embedding in any call, as in Python.
  private async runEach(seqs: number[][]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const seq of seqs) {
      const ids = BigInt64Array.from(seq, (id) => BigInt(id));
      const res = await this.session.run({
        input_ids: new ort.Tensor('int64', ids, [1, seq.length]),
        attention_mask: new ort.Tensor('int64', new BigInt64Array(seq.length).fill(1n), [1, seq.length]),
      });
      const emb = res.sentence_embedding;
      out.push((emb.data as Float32Array).slice(0, EMBEDDING_DIM));
      emb.dispose();
    }
    return out;
  }
}
