import * as fs from 'node:fs';
import * as path from 'node:path';
import { DomainError } from '@inkprint/domain-kernel';
import { closeIngestWorkers, extractFile, INGEST_LIMITS } from '../index';
import { makeDocx, makeJpegHeader, makePdf, makePng, makeZip, PARAGRAPHS } from '../testing/fixtures';

afterAll(() => closeIngestWorkers());

const FIXTURES = path.join(__dirname, '..', '..', 'test-fixtures');
const healthyPdf = makePdf([PARAGRAPHS]);

type Case = [what: string, file: () => { bytes: Uint8Array; name: string }, code: string, reason: string | null];

const MB = 1024 * 1024;
const pe = () => {
  const bytes = Buffer.alloc(4096);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return new Uint8Array(bytes);
};

const CASES: Case[] = [
  [
    'zip bomb: one entry declaring 1000:1 expansion',
    () => ({
      bytes: makeDocx(PARAGRAPHS, [{ name: 'word/media/zeros.bin', data: new Uint8Array(20 * MB) }]),
      name: 'bomb.docx',
    }),
    'FILE_UNREADABLE',
    'zip-bomb',
  ],
  [
    'zip bomb: entries declaring more than the total cap',
    () => ({
      bytes: makeDocx(
        PARAGRAPHS,
        Array.from({ length: 120 }, (_, i) => ({ name: `word/media/p${i}.bin`, data: 'x', declaredSize: 1_000_000 })),
      ),
      name: 'bomb.docx',
    }),
    'FILE_UNREADABLE',
    'zip-bomb',
  ],
  [
    'zip bomb: an entry lying about its size (inflates past what it declares)',
    () => ({
      bytes: makeDocx(PARAGRAPHS, [
        { name: 'word/media/liar.bin', data: new Uint8Array(20 * MB), declaredSize: 1_000 },
      ]),
      name: 'liar.docx',
    }),
    'FILE_UNREADABLE',
    'zip-bomb',
  ],
  [
    'zip bomb: too many entries',
    () => ({
      bytes: makeDocx(
        PARAGRAPHS,
        Array.from({ length: 2_001 }, (_, i) => ({ name: `f${i}`, data: '', store: true })),
      ),
      name: 'many.docx',
    }),
    'FILE_UNREADABLE',
    'zip-bomb',
  ],
  [
    'decompression bomb: PNG declaring 100000 x 100000 px',
    () => ({ bytes: makePng(100_000, 100_000), name: 'huge.png' }),
    'FILE_UNREADABLE',
    'decompression-bomb',
  ],
  [
    'decompression bomb: real 6000 x 6000 PNG (36 Mpx in a few kB)',
    () => ({ bytes: makePng(6_000, 6_000, true), name: 'white.png' }),
    'FILE_UNREADABLE',
    'decompression-bomb',
  ],
  [
    'decompression bomb: JPEG declaring 65000 x 65000 px',
    () => ({ bytes: makeJpegHeader(65_000, 65_000), name: 'huge.jpg' }),
    'FILE_UNREADABLE',
    'decompression-bomb',
  ],
  [
    'truncated PDF',
    () => ({ bytes: healthyPdf.subarray(0, Math.floor(healthyPdf.length * 0.6)), name: 'cut.pdf' }),
    'FILE_UNREADABLE',
    'pdf-truncated',
  ],
  [
    'corrupt PDF (header and end marker around garbage)',
    () => ({
      bytes: new Uint8Array(Buffer.from('%PDF-1.7\n\x00\x01garbage ]]>> obj <<\n%%EOF\n', 'latin1')),
      name: 'bad.pdf',
    }),
    'FILE_UNREADABLE',
    'pdf-corrupt',
  ],
  [
    'truncated DOCX',
    () => ({ bytes: makeDocx(PARAGRAPHS).subarray(0, 300), name: 'cut.docx' }),
    'FILE_UNREADABLE',
    'docx-corrupt',
  ],
  ['Windows executable renamed .pdf', () => ({ bytes: pe(), name: 'invoice.pdf' }), 'FILE_UNREADABLE', 'executable'],
  [
    'ELF executable renamed .txt',
    () => ({ bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]), name: 'notes.txt' }),
    'FILE_UNREADABLE',
    'executable',
  ],
  ['0-byte file', () => ({ bytes: new Uint8Array(0), name: 'empty.txt' }), 'FILE_EMPTY', null],
  [
    'oversize document',
    () => ({ bytes: new Uint8Array(INGEST_LIMITS.documentBytes + 1).fill(0x61), name: 'big.txt' }),
    'REMOTE_SIZE_EXCEEDED',
    null,
  ],
  [
    'oversize image',
    () => ({ bytes: new Uint8Array(INGEST_LIMITS.imageBytes + 1), name: 'big.png' }),
    'REMOTE_SIZE_EXCEEDED',
    null,
  ],
  [
    '.exe name',
    () => ({ bytes: new Uint8Array(Buffer.from('hello')), name: 'setup.exe' }),
    'UNSUPPORTED_FILE_TYPE',
    null,
  ],
  [
    'GIF renamed .png',
    () => ({ bytes: new Uint8Array(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')), name: 'a.png' }),
    'UNSUPPORTED_FILE_TYPE',
    null,
  ],
  [
    'binary data named .txt',
    () => ({ bytes: new Uint8Array([0, 159, 146, 150, 1, 2, 3, 255]), name: 'a.txt' }),
    'UNSUPPORTED_FILE_TYPE',
    null,
  ],
  [
    'zip that is not a Word document',
    () => ({ bytes: makeZip([{ name: 'readme.txt', data: 'hi' }]), name: 'a.docx' }),
    'UNSUPPORTED_FILE_TYPE',
    null,
  ],
  [
    'truncated PNG header',
    () => ({ bytes: makePng(10, 10).subarray(0, 20), name: 'cut.png' }),
    'FILE_UNREADABLE',
    'image-corrupt',
  ],
  [
    'whitespace-only text',
    () => ({ bytes: new Uint8Array(Buffer.from(' \n\t\n ')), name: 'blank.txt' }),
    'NO_TEXT_FOUND',
    null,
  ],
];

describe('malicious and broken files', () => {
  it.each(CASES)(
    'refuses %s with a clear error, and the next extraction still works',
    async (_what, file, code, reason) => {
      const error = await extractFile(file()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      const domain = error as DomainError;
      expect({ code: domain.code, reason: domain.details.reason ?? null }).toEqual({ code, reason });
      expect(domain.message.length).toBeGreaterThan(10);
      const after = await extractFile({ bytes: healthyPdf, name: 'ok.pdf' });
      expect(after.text).toBe(PARAGRAPHS.join('\n\n'));
    },
  );

  it('says which limit an oversize file broke, in the spec words', async () => {
    await expect(
      extractFile({ bytes: new Uint8Array(INGEST_LIMITS.imageBytes + 1), name: 'a.jpg' }),
    ).rejects.toMatchObject({
      code: 'REMOTE_SIZE_EXCEEDED',
      status: 413,
      message: 'Selected file exceeds allowed size.',
      details: { max: 5 * MB, kind: 'image' },
    });
    await expect(extractFile({ bytes: new Uint8Array(10 * MB + 1), name: 'a.pdf' })).rejects.toMatchObject({
      details: { max: 10 * MB, kind: 'document' },
    });
  });

  it('names the bomb in its message', async () => {
    await expect(extractFile(CASES[0][1]())).rejects.toThrow('zip bomb');
    await expect(extractFile(CASES[4][1]())).rejects.toThrow('decompression bomb');
  });

  it('keeps the calling event loop free while a long extraction runs', async () => {
    let longestGap = 0;
    let last = Date.now();
    const ticker = setInterval(() => {
      const now = Date.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    let duration = 0;
    try {
      const big = makePdf(Array.from({ length: 500 }, () => PARAGRAPHS));
      const started = Date.now();
      const doc = await extractFile({ bytes: big, name: 'long.pdf' });
      duration = Date.now() - started;
      expect(doc.source.pages).toBe(500);
    } finally {
      clearInterval(ticker);
    }
    // Parsing on this thread would stall it for about the whole extraction; shared CI cores allow some jitter.
    expect(longestGap).toBeLessThan(Math.max(150, duration / 2));
  });

  it('recognises text in PNG and JPEG images by OCR, offline', async () => {
    for (const name of ['ocr-sample.png', 'ocr-sample.jpg']) {
      const doc = await extractFile({ bytes: fs.readFileSync(path.join(FIXTURES, name)), name });
      expect(doc.source.kind).toBe('image');
      expect(doc.text).toMatch(/quick brown fox jumps over the lazy dog/i);
      expect(doc.warnings).toEqual(['Scanned image: text recognised by OCR may contain errors.']);
    }
  });
});
