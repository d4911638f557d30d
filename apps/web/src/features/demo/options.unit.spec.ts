import { cycleTone, MODE_HINTS, nextHintIndex } from './options';

it('rotates the mode hints in order and wraps around', () => {
  const seen: string[] = [];
  let index = 0;
  for (let i = 0; i < MODE_HINTS.length + 1; i++) {
    seen.push(MODE_HINTS[index]);
    index = nextHintIndex(index);
  }
  expect(seen).toEqual([...MODE_HINTS, MODE_HINTS[0]]);
  expect(seen[0]).toMatch(/^Fast/);
  expect(seen[3]).toMatch(/^Forensic/);
});

it('cycles tones with the arrow keys, wrapping at both ends', () => {
  expect(cycleTone('auto', 1)).toBe('formal');
  expect(cycleTone('formal', -1)).toBe('auto');
  expect(cycleTone('auto', -1)).toBe('narrative');
  expect(cycleTone('narrative', 1)).toBe('auto');
});
