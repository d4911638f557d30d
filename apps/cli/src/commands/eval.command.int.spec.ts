import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { Writable } from 'node:stream';
import { createDetector } from '@inkprint/detector';
import { parseDatasetLine, readDataset, runEval } from './eval.command';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
}

const AI =
  "In today's rapidly evolving landscape, it is essential to navigate the multifaceted challenges of remote work. Moreover, " +
  'organizations must leverage innovative tools to foster collaboration and ensure seamless communication. Additionally, a ' +
  'comprehensive strategy can enhance productivity and empower employees. Furthermore, fostering a culture of trust plays a pivotal role.';
const HUMAN =
  'ok so i finally tried that ramen place on 5th. honestly? kinda overrated lol. the broth was fine but they forgot my egg and ' +
  'the guy at the counter was super rude when I asked. My friend got the spicy one and said it was way better, so maybe I just ' +
  "ordered wrong. Parking's a nightmare too. Won't be rushing back!";

function dataset(gz: boolean): string {
  const rows = [
    { id: 'h1', text: HUMAN, label: 'human', source: 't', domain: 'review', generator: 'human', attack: null },
    { id: 'a1', text: AI, label: 'ai', source: 't', domain: 'essay', generator: 'gpt-x', attack: null },
    {
      id: 'a2',
      text: AI.replace('Moreover', 'Also'),
      label: 'ai_edited',
      source: 't',
      domain: 'review',
      generator: 'llama-y',
      attack: 'polish',
    },
  ];
  const body = `${rows.map((r) => JSON.stringify(r)).join('\n')}\n{"text": 1}\n`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-eval-')), gz ? 'd.jsonl.gz' : 'd.jsonl');
  fs.writeFileSync(file, gz ? zlib.gzipSync(body) : body);
  return file;
}

describe('inkprint eval', () => {
  it('validates dataset lines', () => {
    expect(parseDatasetLine('{"text":"x","label":"robot"}')).toMatch(/"label" must be human, ai or ai_edited/);
    expect(parseDatasetLine('nope')).toMatch(/not valid JSON/);
    expect(parseDatasetLine('{"text":"x","label":"ai","attack":null}')).toMatchObject({
      attack: 'none',
      generator: 'unknown',
      domain: 'unknown',
    });
  });

  it('samples deterministically or takes the head', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => JSON.stringify({ id: String(i), text: 't', label: 'human' }));
    const a = await readDataset(lines as unknown as AsyncIterable<string>, { limit: 10, seed: 3 });
    const b = await readDataset(lines as unknown as AsyncIterable<string>, { limit: 10, seed: 3 });
    const head = await readDataset(lines as unknown as AsyncIterable<string>, { limit: 10, head: true });
    expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
    expect(a.rows.map((r) => r.id)).not.toEqual(head.rows.map((r) => r.id));
    expect(head.rows.map((r) => r.id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it.each([false, true])('prints overall and grouped metrics for a dataset (gzip: %s)', async (gz) => {
    const detector = await createDetector({ engine: 'heuristic' });
    const out = new Capture();
    const err = new Capture();
    const report = await runEval({ data: dataset(gz), mode: 'fast', detector }, { output: out, progress: err });
    expect(report.overall).toMatchObject({ n: 3, human: 1, ai: 2, auroc: 1 });
    expect(report.byGenerator.map((g) => g.group)).toEqual(['gpt-x', 'llama-y']);
    expect(report.byAttack.map((g) => g.group)).toEqual(['none', 'polish']);
    expect(out.text).toMatch(/== overall\n.*AUROC.*\noverall\s+3\s+1\s+2\s+1\.0000/);
    expect(out.text).toMatch(/== by length \(words\)/);
    expect(err.text).toMatch(/skipped 1 invalid lines \(first: line 4: "text" must be a string\)/);
  });
});

describe('inkprint eval --edited', () => {
  it('counts ai_edited rows as AI, as human, or leaves them out', async () => {
    const detector = await createDetector({ engine: 'heuristic' });
    const file = dataset(false);
    const run = async (edited: 'ai' | 'human' | 'skip') =>
      (
        await runEval(
          { data: file, mode: 'fast', edited, detector },
          { output: new Capture(), progress: new Capture() },
        )
      ).overall;
    expect(await run('ai')).toMatchObject({ n: 3, human: 1, ai: 2 });
    expect(await run('human')).toMatchObject({ n: 3, human: 2, ai: 1 });
    expect(await run('skip')).toMatchObject({ n: 2, human: 1, ai: 1 });
  });
});
