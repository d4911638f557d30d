import { DomainError } from '@inkprint/domain-kernel';
import { closeIngestWorkers, extractFile } from '../index';
import { makeDocx, makePdf, PARAGRAPHS } from '../testing/fixtures';

afterAll(() => closeIngestWorkers());

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('extractFile on real files in worker threads', () => {
  it('reads a UTF-8 text file into normalised paragraphs', async () => {
    const doc = await extractFile({
      bytes: utf8('\uFEFFFirst  line\r\nsecond\tline\r\n\r\n\r\n  Next paragraph.  \n'),
      name: 'a.txt',
    });
    expect(doc).toEqual({
      text: 'First line\nsecond line\n\nNext paragraph.',
      source: { name: 'a.txt', kind: 'txt', bytes: expect.any(Number) },
      warnings: [],
    });
  });

  it('reads UTF-16 text with a BOM', async () => {
    const bytes = new Uint8Array(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hello UTF-16 world.', 'utf16le')]),
    );
    expect((await extractFile({ bytes, name: 'u.txt' })).text).toBe('Hello UTF-16 world.');
  });

  it('reads a PDF text layer with its page count', async () => {
    const doc = await extractFile({ bytes: makePdf([PARAGRAPHS, ['Second page text.']]), name: 'essay.pdf' });
    expect(doc.source).toMatchObject({ kind: 'pdf', pages: 2 });
    expect(doc.text).toBe([...PARAGRAPHS, 'Second page text.'].join('\n\n'));
  });

  it('reads a DOCX', async () => {
    const doc = await extractFile({ bytes: makeDocx(PARAGRAPHS), name: 'essay.docx' });
    expect(doc.source.kind).toBe('docx');
    expect(doc.text).toBe(PARAGRAPHS.join('\n\n'));
  });

  it('reads a PDF named .txt as a PDF, with a warning', async () => {
    const doc = await extractFile({ bytes: makePdf([PARAGRAPHS]), name: 'notes.txt' });
    expect(doc.source.kind).toBe('pdf');
    expect(doc.warnings).toEqual(['The file is named .txt but its content is a PDF; it was read as such.']);
  });

  it('refuses a PDF without a text layer with NO_TEXT_FOUND', async () => {
    await expect(extractFile({ bytes: makePdf([[]]), name: 'scan.pdf' })).rejects.toMatchObject({
      code: 'NO_TEXT_FOUND',
      status: 422,
    });
  });

  it('times out a slow extraction, terminating its thread, and keeps working', async () => {
    const big = makePdf(Array.from({ length: 400 }, () => PARAGRAPHS));
    const error = await extractFile({ bytes: big, name: 'big.pdf' }, { timeoutMs: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'EXTRACTION_TIMEOUT',
      status: 504,
      message: 'File processing exceeded time limit.',
    });
    expect((await extractFile({ bytes: utf8('still alive'), name: 'ok.txt' })).text).toBe('still alive');
  });

  it('answers an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(extractFile({ bytes: utf8('x'), name: 'a.txt' }, { signal: controller.signal })).rejects.toThrow(
      'client went away',
    );
  });
});
