// The fine-tuned MiniLM detector (ml/gpu/encoder_finetune.py, exported by ml/inkprint_ml/encoder_detector.py): BERT
// WordPiece ids of the normalised text, [CLS] ... [SEP], at most `maxTokens` -> ONNX graph (weight-only int8) -> `probability` [B],
// the probability that the text is AI-written. The same computation as ml/inkprint_ml/engine.py Engine.encoder_p.
import * as fs from 'node:fs';
import * as ort from 'onnxruntime-node';
import { WordPieceTokenizer, type WordPieceJson } from '@inkprint/sentence-encoder';
import { SerialRuns } from './serial-runs';

/** Texts whose probability an EncoderRunner remembers (a detection and its report ask twice). */
const MEMO = 32;

/** The graph's second output (ml/inkprint_ml/encoder_agreement.py): the agreement head's probability. */
export const AGREEMENT_OUTPUT = 'agreement_probability';

interface EncoderReading {
  probability: number;
  agreement?: number;
}

export class EncoderRunner {
  private readonly runs = new SerialRuns();
  private readonly memo = new Map<string, Promise<EncoderReading>>();
  /** Whether the graph carries the agreement head (issue 38): both outputs come from one run. */
  readonly hasAgreement: boolean;

  private constructor(
    private readonly tokenizer: WordPieceTokenizer,
    private readonly session: ort.InferenceSession,
  ) {
    this.hasAgreement = session.outputNames.includes(AGREEMENT_OUTPUT);
  }

  static async load(modelPath: string, tokenizerPath: string, maxTokens = 256, threads = 1): Promise<EncoderRunner> {
    const json = JSON.parse(fs.readFileSync(tokenizerPath, 'utf8')) as WordPieceJson;
    const tokenizer = new WordPieceTokenizer(json, { maxLength: maxTokens });
    const session = await ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      // basic: constant-folds the weight-only int8 DequantizeLinear nodes and computes in fp32, the same numbers as
      // ml/inkprint_ml/engine.py; 'all' may fuse them into int8 kernels that differ by ~1e-3 between versions
      graphOptimizationLevel: 'basic',
    });
    return new EncoderRunner(tokenizer, session);
  }

  /** WordPiece ids of `norm` as the graph reads them ([CLS] first, [SEP] last). */
  ids(norm: string): number[] {
    return this.tokenizer.encode(norm).ids;
  }

  /**
   * The encoder's AI probability for a normalised text, one sequence per run as engine.py runs it (a padded batch
   * would need the attention mask to carry the padding; nothing here batches).
   */
  async probability(norm: string): Promise<number> {
    return (await this.read(norm)).probability;
  }

  /**
   * The agreement head's AI probability for a normalised text (a linear unit on the same pooled vector, fitted with
   * the genres where human writers were misread as hard negatives); undefined when the graph has no such head.
   */
  async agreement(norm: string): Promise<number | undefined> {
    return (await this.read(norm)).agreement;
  }

  private read(norm: string): Promise<EncoderReading> {
    let run = this.memo.get(norm);
    if (!run) {
      const ids = this.ids(norm);
      run = this.runs.run(async () => {
        const data = BigInt64Array.from(ids, (id) => BigInt(id));
        const out = await this.session.run({
          input_ids: new ort.Tensor('int64', data, [1, ids.length]),
          attention_mask: new ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]),
        });
        const agreement = out[AGREEMENT_OUTPUT] as ort.Tensor | undefined;
        return {
          probability: Number((out.probability.data as Float32Array)[0]),
          ...(agreement ? { agreement: Number((agreement.data as Float32Array)[0]) } : {}),
        };
      });
      run.catch(() => this.memo.delete(norm));
      if (this.memo.size >= MEMO) this.memo.delete(this.memo.keys().next().value as string);
      this.memo.set(norm, run);
    }
    return run;
  }

  async release(): Promise<void> {
    await this.runs.idle();
    await this.session.release();
  }
}
