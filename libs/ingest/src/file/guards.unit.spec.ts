import { checkPixels, readJpegHeader, readPngHeader } from './image-guard';
import { sniffType, textEncoding } from './sniff';
import { inspectZip, isDocx } from './zip-guard';
import { makeDocx, makeJpegHeader, makePdf, makePng, makeZip } from '../testing/fixtures';
import { normaliseText } from '../text';

const bytes = (text: string, encoding: BufferEncoding = 'utf8') => new Uint8Array(Buffer.from(text, encoding));

describe('sniffType (magic bytes, not names)', () => {
  it.each([
    ['PDF', makePdf([['x']]), 'pdf'],
    ['PDF after junk', bytes('junk\n%PDF-1.4\n'), 'pdf'],
    ['zip', makeZip([{ name: 'a', data: 'b' }]), 'zip'],
    ['PNG', makePng(2, 2), 'png'],
    ['JPEG', makeJpegHeader(2, 2), 'jpeg'],
    ['UTF-8 text', bytes('Grüße, café'), 'text'],
    ['UTF-16LE with BOM', new Uint8Array([0xff, 0xfe, ...Buffer.from('hi', 'utf16le')]), 'text'],
    ['text starting with MZ', bytes('MZ is a country code.'), 'text'],
    ['PE executable', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'executable'],
    ['ELF', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1]), 'executable'],
    ['Mach-O', new Uint8Array([0xcf, 0xfa, 0xed, 0xfe, 7, 0]), 'executable'],
    ['WebAssembly', new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), 'executable'],
    ['GIF', bytes('GIF89a'), 'other'],
    ['legacy .doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'other'],
    ['invalid UTF-8', new Uint8Array([0x61, 0xc3, 0x28]), 'other'],
    ['text with NUL', bytes('abc\0def'), 'other'],
  ])('%s is %s', (_what, input, kind) => {
    expect(sniffType(input).kind).toBe(kind);
  });

  it('names the text encoding', () => {
    expect(textEncoding(new Uint8Array([0xfe, 0xff, 0, 0x68]))).toBe('utf-16be');
    expect(textEncoding(bytes('plain'))).toBe('utf-8');
  });
});

describe('inspectZip (declared sizes, before inflating)', () => {
  it('accepts a DOCX and recognises it', () => {
    const verdict = inspectZip(makeDocx(['Hello']));
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && isDocx(verdict.entries)).toBe(true);
    const plain = inspectZip(makeZip([{ name: 'a.txt', data: 'b' }]));
    expect(plain.ok && isDocx(plain.entries)).toBe(false);
  });

  it.each([
    ['ratio', [{ name: 'a', data: 'x', declaredSize: 5_000_000 }], 'bomb'],
    ['total', Array.from({ length: 3 }, (_, i) => ({ name: `e${i}`, data: 'x', declaredSize: 900_000 })), 'bomb'],
    ['entries', Array.from({ length: 6 }, (_, i) => ({ name: `e${i}`, data: '', store: true })), 'bomb'],
  ])('refuses a bomb by %s', (_what, files, problem) => {
    const verdict = inspectZip(makeZip(files), { entries: 5, inflatedBytes: 2_000_000, entryRatio: 100 });
    expect(verdict).toMatchObject({ ok: false, problem });
  });

  it('refuses a truncated zip as corrupt', () => {
    expect(inspectZip(makeDocx(['Hello']).subarray(0, 100))).toMatchObject({ ok: false, problem: 'corrupt' });
  });
});

describe('image headers (dimensions without decoding)', () => {
  it('reads PNG and JPEG sizes', () => {
    expect(readPngHeader(makePng(640, 480))).toEqual({ ok: true, width: 640, height: 480 });
    expect(readJpegHeader(makeJpegHeader(1024, 768))).toEqual({ ok: true, width: 1024, height: 768 });
    expect(readJpegHeader(makeJpegHeader(10, 10).subarray(0, 8)).ok).toBe(false);
  });

  it('refuses too many pixels or too long a side', () => {
    expect(checkPixels({ width: 4000, height: 4000 }).ok).toBe(true);
    expect(checkPixels({ width: 6000, height: 6000 }).ok).toBe(false);
    expect(checkPixels({ width: 20_000, height: 10 }).ok).toBe(false);
  });
});

describe('normaliseText', () => {
  it('separates paragraphs by one blank line and collapses spaces', () => {
    expect(normaliseText('  a\u00a0 b \r\n c\n\n\n\n d\u200b ')).toBe('a b\nc\n\nd');
  });
  it('joins layout lines and mends hyphenation', () => {
    expect(normaliseText('an exam-\nple of\nlines\n\nnext', { joinLines: true })).toBe('an example of lines\n\nnext');
  });
});
