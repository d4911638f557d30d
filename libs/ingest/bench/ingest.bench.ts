// Extraction times, from libs/ingest:  node -r ../../scripts/ts-register.js bench/ingest.bench.ts
// Cold = first call (thread start + library load); warm = median of the next runs on the same thread.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { closeIngestWorkers, extractFile } from '../src/index';
import { makeDocx, makePdf } from '../src/testing/fixtures';

const RUNS = 5;
const sentence = (i: number) =>
  `Paragraph ${i}: the committee reviewed the quarterly figures, discussed the river project and agreed to meet again next week.`;

async function time(name: string, file: { bytes: Uint8Array; name: string }): Promise<void> {
  const samples: number[] = [];
  let chars = 0;
  for (let i = 0; i <= RUNS; i++) {
    const started = process.hrtime.bigint();
    const doc = await extractFile(file);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    chars = doc.text.length;
  }
  const [cold, ...warm] = samples;
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)];
  console.log(
    `${name.padEnd(34)} ${String(file.bytes.length).padStart(8)} B  cold ${cold.toFixed(0).padStart(5)} ms  warm median ${median.toFixed(0).padStart(5)} ms  ${chars} chars`,
  );
}

async function main(): Promise<void> {
  const fixtures = path.join(__dirname, '..', 'test-fixtures');
  const pdf = makePdf(Array.from({ length: 10 }, (_, p) => Array.from({ length: 6 }, (_, i) => sentence(p * 6 + i))));
  const docx = makeDocx(Array.from({ length: 60 }, (_, i) => sentence(i)));
  const png = fs.readFileSync(path.join(fixtures, 'ocr-sample.png'));
  const txt = new Uint8Array(Buffer.from(Array.from({ length: 2000 }, (_, i) => sentence(i)).join('\n\n')));
  console.log(`node ${process.version}, ${RUNS} warm runs each`);
  await time('OCR, 760x150 PNG (2 lines)', { bytes: png, name: 'ocr.png' });
  await time('PDF, 10 pages', { bytes: pdf, name: 'ten.pdf' });
  await time('DOCX, 60 paragraphs', { bytes: docx, name: 'sixty.docx' });
  await time('TXT, 2000 paragraphs', { bytes: txt, name: 'long.txt' });
  await closeIngestWorkers();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
