import { makeDocx, makeZip } from '../testing/fixtures';
import { isZipFolder, unzipFolder } from './zip-folder';

describe('zipped folders (a batch sent as one zip)', () => {
  it('reads the files, leaving out folders, dot-files and macOS resource forks', () => {
    const zip = makeZip([
      { name: 'essays/', data: '', store: true },
      { name: 'essays/one.txt', data: 'First essay.' },
      { name: 'essays/two.txt', data: 'Second essay.', store: true },
      { name: 'essays/.DS_Store', data: 'x' },
      { name: '__MACOSX/essays/._one.txt', data: 'x' },
    ]);
    expect(isZipFolder(zip)).toBe(true);
    const files = unzipFolder(zip, 50);
    expect(files.map((f) => [f.name, Buffer.from(f.bytes).toString()])).toEqual([
      ['one.txt', 'First essay.'],
      ['two.txt', 'Second essay.'],
    ]);
  });

  it('is not a Word document, nor a plain file', () => {
    expect(isZipFolder(makeDocx(['A paragraph.']))).toBe(false);
    expect(isZipFolder(new TextEncoder().encode('Just text.'))).toBe(false);
  });

  it('reads at most maxFiles and refuses an entry that lies about its size', () => {
    const many = makeZip(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.txt`, data: `Text ${i}` })));
    expect(unzipFolder(many, 3)).toHaveLength(3);
    const liar = makeZip([{ name: 'a.txt', data: 'x'.repeat(10_000), declaredSize: 10 }]);
    expect(() => unzipFolder(liar, 50)).toThrow(expect.objectContaining({ code: 'FILE_UNREADABLE' }));
  });
});
