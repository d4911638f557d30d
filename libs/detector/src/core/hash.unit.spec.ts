import { fnv1a32 } from './hash';

describe('FNV-1a 32 over UTF-8 (FEATURES.md section 3 test vectors)', () => {
  it.each([
    ['', 2166136261, 40389],
    ['a', 3826002220, 10540],
    ['w:the', 1578438295, 3735],
    ['c3:the', 1615805550, 15470],
    ['b:of the', 2960337723, 11067],
    ['h\u00e9llo', 1252296000, 34112],
  ])('%j', (key, h, bucket) => {
    expect(fnv1a32(key)).toBe(h);
    expect(fnv1a32(key) % 65536).toBe(bucket);
  });

  it('hashes astral characters as their 4 UTF-8 bytes', () => {
    const viaBytes = [...Buffer.from('x\u{1F600}', 'utf8')].reduce(
      (h, b) => Math.imul(h ^ b, 0x01000193) >>> 0,
      0x811c9dc5,
    );
    expect(fnv1a32('x\u{1F600}')).toBe(viaBytes);
  });
});
