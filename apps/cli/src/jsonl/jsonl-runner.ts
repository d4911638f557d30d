// The one JSON-lines loop of `inkprint detect` and `humanise` (one line out per line in, in order, nothing buffered
// beyond the current line; a bad line becomes an error line and the run goes on), the numbered lines `inkprint eval`
// reads its dataset from, and the progress all three draw on a terminal.
import * as readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface JsonlIo {
  input: Readable;
  output: Writable;
  /** Where progress goes; it is drawn only when this is a TTY. */
  progress: Writable & { isTTY?: boolean };
}

export interface JsonlSummary {
  lines: number;
  ok: number;
  failed: number;
}

/** What one command does with each line's `{"id", "text"}`. */
export interface JsonlStep {
  /** The progress label, e.g. `inkprint detect (moderate)`. */
  label: string;
  /**
   * How error lines number the input: `file` counts every line as in the file (`humanise`), `records` only the
   * non-blank ones (`detect`).
   */
  numbering: 'file' | 'records';
  /** `text` must hold more than white space (`humanise`), not only be a string (`detect`). */
  nonEmptyText: boolean;
  /** The fields written after `id` for one text; throwing writes an error line with `failureCode(error)`. */
  run(text: string): Promise<Record<string, unknown>>;
  failureCode(error: unknown): string;
}

/** Progress on a terminal: count and rate, redrawn at most 10 times a second. */
export class Progress {
  private last = 0;
  private readonly started = Date.now();
  constructor(
    private readonly out: Writable & { isTTY?: boolean },
    private readonly label: string,
    private readonly total?: number,
  ) {}

  get enabled(): boolean {
    return this.out.isTTY === true;
  }

  tick(done: number, failed = 0, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    const rate = done / Math.max(0.001, (now - this.started) / 1000);
    let bar = '';
    if (this.total && this.total > 0) {
      const width = 24;
      const filled = Math.round((width * Math.min(done, this.total)) / this.total);
      bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total}`;
    } else bar = `${done} docs`;
    this.out.write(`\r${this.label} ${bar} ${rate.toFixed(1)} docs/s${failed ? `, ${failed} errors` : ''}   `);
  }

  end(done: number, failed = 0): void {
    if (!this.enabled) return;
    this.tick(done, failed, true);
    this.out.write('\n');
  }
}

/** The input's lines, blank ones left out, each with its line number in the file (1-based). */
export async function* numberedLines(
  lines: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<{ line: number; raw: string }> {
  let line = 0;
  for await (const raw of lines) {
    line++;
    if (raw.trim() !== '') yield { line, raw };
  }
}

function errorLine(id: unknown, line: number, code: string, message: string): string {
  const safeId = typeof id === 'string' || typeof id === 'number' ? id : null;
  return JSON.stringify({ id: safeId, line, error: { code, message } });
}

async function write(out: Writable, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

/** The answer line for one input line: the step's fields after `id`, or an error line. */
async function answer(raw: string, lineNo: number, step: JsonlStep): Promise<{ ok: boolean; out: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    const message = `line ${lineNo} is not valid JSON: ${(e as Error).message}`;
    return { ok: false, out: errorLine(null, lineNo, 'INVALID_JSON', message) };
  }
  const rec =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  const id = rec?.id;
  if (!rec || typeof rec.text !== 'string' || (step.nonEmptyText && rec.text.trim() === '')) {
    const expected = step.nonEmptyText ? 'a non-empty string' : 'a string';
    const message = `line ${lineNo}: expected an object {"id", "text"} with "text" ${expected}`;
    return { ok: false, out: errorLine(id, lineNo, 'INVALID_INPUT', message) };
  }
  try {
    return { ok: true, out: JSON.stringify({ id: id ?? null, ...(await step.run(rec.text)) }) };
  } catch (e) {
    return { ok: false, out: errorLine(id, lineNo, step.failureCode(e), `line ${lineNo}: ${(e as Error).message}`) };
  }
}

/** Runs `step` on every non-blank line of `io.input`, writing one line to `io.output` for each. */
export async function runJsonl(io: JsonlIo, step: JsonlStep): Promise<JsonlSummary> {
  const rl = readline.createInterface({ input: io.input, crlfDelay: Infinity });
  const progress = new Progress(io.progress, step.label);
  const summary: JsonlSummary = { lines: 0, ok: 0, failed: 0 };
  for await (const { line, raw } of numberedLines(rl)) {
    summary.lines++;
    const { ok, out } = await answer(raw, step.numbering === 'file' ? line : summary.lines, step);
    if (ok) summary.ok++;
    else summary.failed++;
    await write(io.output, out);
    progress.tick(summary.lines, summary.failed);
  }
  progress.end(summary.lines, summary.failed);
  return summary;
}
