import { randomBytes } from 'node:crypto';
import { makeDocx, makeZip } from '../testing/fixtures';
import { closeIngestWorkers } from '../worker/run';
import { readZipFolder, unzipFolder } from './zip-folder';

// Issue 29: a batch's zipped folder is unpacked in the extraction threads (the pool that reads PDFs, DOCX and
// images), with the limits of unzipFolder, so a large or hostile zip never holds the API's event loop.
describe('zipped folders read in an extraction thread', () => {
  afterAll(() => closeIngestWorkers());

  it('gives the files unzipFolder gives, leaving out folders and resource forks', async () => {
    const zip = makeZip([
      { name: 'week-3/', data: '', store: true },
      { name: 'week-3/amy.txt', data: 'First essay.' },
      { name: 'week-3/ben.docx', data: makeDocx(['Second essay.']) },
      { name: '__MACOSX/week-3/._amy.txt', data: 'x' },
    ]);
    const files = await readZipFolder(zip, 50);
    expect(files?.map((f) => f.name)).toEqual(['amy.txt', 'ben.docx']);
    expect(files?.map((f) => Buffer.from(f.bytes))).toEqual(unzipFolder(zip, 50).map((f) => Buffer.from(f.bytes)));
  });

  it('is null for a Word document or a file that is not a zip', async () => {
    expect(await readZipFolder(makeDocx(['A paragraph.']), 50)).toBeNull();
    expect(await readZipFolder(new TextEncoder().encode('Just text.'), 50)).toBeNull();
  });

  it('refuses a bomb and a damaged zip with the upload codes, as on the request thread', async () => {
    const bomb = makeZip([{ name: 'a.txt', data: 'x'.repeat(50_000), declaredSize: 10 }]);
    await expect(readZipFolder(bomb, 50)).rejects.toMatchObject({ code: 'FILE_UNREADABLE', status: 422 });
    const ratio = makeZip([{ name: 'big.txt', data: 'x'.repeat(3 * 1024 * 1024) }]);
    await expect(readZipFolder(ratio, 50)).rejects.toMatchObject({
      code: 'FILE_UNREADABLE',
      details: expect.objectContaining({ reason: 'zip-bomb' }),
    });
    const damaged = makeZip([{ name: 'a.txt', data: 'Some text.' }]).slice(0, 40);
    await expect(readZipFolder(damaged, 50)).rejects.toMatchObject({ code: 'FILE_UNREADABLE' });
  });

  it('reads many megabytes within the time limit, and a time limit stops it', async () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({
      name: `${i}.txt`,
      data: randomBytes(600 * 1024).toString('base64'),
    }));
    const zip = makeZip(entries);
    expect(await readZipFolder(zip, 50)).toHaveLength(20);
    await expect(readZipFolder(zip, 50, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'EXTRACTION_TIMEOUT' });
  });
});
