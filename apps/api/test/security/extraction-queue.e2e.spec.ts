import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { closeIngestWorkers, extractFile } from '@inkprint/ingest';

/** A grayscale PNG of random pixels: the OCR engine works on it until its time limit (issue 39 item 4's junk files). */
function noisePng(size: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const raw = randomBytes((size + 1) * size);
  for (let row = 0; row < size; row++) raw[row * (size + 1)] = 0; // filter: none
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/**
 * Issue 39 item 4 (the extraction part), as the attack: junk images hold both extraction threads until their time
 * limit; a text file sent meanwhile waited behind them with its own limit already running, and timed out without
 * ever being read. Its limit now starts when its extraction does.
 */
describe('issue 39 item 4 (medium): a file queued behind slow ones still gets its whole time limit', () => {
  afterAll(async () => {
    await closeIngestWorkers();
  });

  it('two noise images run to their limit on both threads; the text file queued behind them is read', async () => {
    const LIMIT = 6_000;
    const junk = [0, 1].map((i) =>
      extractFile({ bytes: noisePng(1400), name: `noise-${i}.png` }, { timeoutMs: LIMIT }).then(
        () => 'read',
        (error: { code?: string }) => error.code,
      ),
    );
    const text = extractFile(
      { bytes: new TextEncoder().encode('A short essay, queued behind two junk images.'), name: 'essay.txt' },
      { timeoutMs: LIMIT },
    );
    const result = await text;
    expect(result.text).toContain('queued behind two junk images');
    // The images held both threads until their limit (on this machine; a faster OCR may read them sooner). Before
    // the fix the text file's limit ran out while it waited: EXTRACTION_TIMEOUT, never read.
    for (const outcome of await Promise.all(junk)) expect(['EXTRACTION_TIMEOUT', 'read']).toContain(outcome);
  }, 60_000);
});
