// ONNX Runtime scoring: one InferenceSession per model file, loaded once and reused; batched rows.
import * as ort from 'onnxruntime-node';
import { featureDim, type FeatureSetLayout } from '../core/feature-sets';
import type { TextFeatures } from '../core/features';
import type { ProbabilityScorer } from './analyze';
import { SerialRuns } from './serial-runs';

const MAX_BATCH = 8;

interface LoadedModel {
  session: ort.InferenceSession;
  /** Undefined for models over raw vectors (the forensic aggregator). */
  layout?: FeatureSetLayout;
  dim: number;
  inputName: string;
  outputName: string;
  /** Reused input buffer; rows are zeroed again after each run. */
  buffer: Float32Array;
}

export interface OnnxModelFile {
  name: string;
  path: string;
  layout?: FeatureSetLayout;
  dim: number;
}

export class OnnxScorer implements ProbabilityScorer {
  readonly reliability = 1;
  // Runs are serialised: the input buffers are shared and ONNX already uses the configured threads.
  private readonly runs = new SerialRuns();

  private constructor(
    readonly engine: string,
    private readonly models: ReadonlyMap<string, LoadedModel>,
  ) {}

  static async load(engine: string, files: readonly OnnxModelFile[], threads = 1): Promise<OnnxScorer> {
    const models = new Map<string, LoadedModel>();
    for (const f of files) {
      const session = await ort.InferenceSession.create(f.path, {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
      });
      const dim = f.layout ? featureDim(f.layout) : f.dim;
      const inputName = session.inputNames.includes('features') ? 'features' : session.inputNames[0];
      const outputName = session.outputNames.includes('probability') ? 'probability' : session.outputNames[0];
      models.set(f.name, {
        session,
        layout: f.layout,
        dim,
        inputName,
        outputName,
        buffer: new Float32Array(MAX_BATCH * dim),
      });
    }
    return new OnnxScorer(engine, models);
  }

  modelNames(): string[] {
    return [...this.models.keys()];
  }

  score(model: string, items: readonly TextFeatures[]): Promise<Float64Array> {
    return this.runs.run(() =>
      this.runRows(model, items.length, (m, r, offset) => {
        if (!m.layout) throw new Error(`model "${model}" does not read text features`);
        items[r].writeRow(m.layout, m.buffer, offset);
      }),
    );
  }

  scoreVectors(model: string, rows: readonly (readonly number[])[]): Promise<Float64Array> {
    return this.runs.run(() =>
      this.runRows(model, rows.length, (m, r, offset) => {
        if (rows[r].length !== m.dim)
          throw new Error(`model "${model}" expects ${m.dim} inputs, got ${rows[r].length}`);
        m.buffer.set(rows[r], offset);
      }),
    );
  }

  private async runRows(
    model: string,
    count: number,
    fill: (m: LoadedModel, row: number, offset: number) => void,
  ): Promise<Float64Array> {
    const m = this.models.get(model);
    if (!m) throw new Error(`model "${model}" is not loaded`);
    const out = new Float64Array(count);
    for (let start = 0; start < count; start += MAX_BATCH) {
      const batch = { length: Math.min(MAX_BATCH, count - start) };
      for (let r = 0; r < batch.length; r++) fill(m, start + r, r * m.dim);
      const data = batch.length * m.dim === m.buffer.length ? m.buffer : m.buffer.subarray(0, batch.length * m.dim);
      try {
        const res = await m.session.run({ [m.inputName]: new ort.Tensor('float32', data, [batch.length, m.dim]) });
        const probs = res[m.outputName].data as Float32Array;
        for (let r = 0; r < batch.length; r++) out[start + r] = probs[r];
      } finally {
        m.buffer.fill(0, 0, batch.length * m.dim);
      }
    }
    return out;
  }

  async release(): Promise<void> {
    for (const m of this.models.values()) await m.session.release();
  }
}
