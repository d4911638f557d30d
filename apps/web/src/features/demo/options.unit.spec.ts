import { cycleTone, MODE_HINTS, MODE_OPTIONS, modeHint } from './options';

it('rotates the hints of the selected mode only, in order, wrapping around (issue 43 item 7)', () => {
  for (const { value, label } of MODE_OPTIONS) {
    const hints = MODE_HINTS[value];
    const seen = Array.from({ length: hints.length + 1 }, (_, step) => modeHint(value, step));
    expect(seen).toEqual([...hints, hints[0]]);
    // Each line names the selected mode, or is the note every mode shares.
    for (const hint of hints)
      expect(hint.startsWith(label) || hint === 'Changing the mode clears the last result.').toBe(true);
  }
  expect(modeHint('moderate', 0)).toBe('Moderate balances speed and depth and suits most texts.');
});

it('cycles tones with the arrow keys, wrapping at both ends', () => {
  expect(cycleTone('auto', 1)).toBe('formal');
  expect(cycleTone('formal', -1)).toBe('auto');
  expect(cycleTone('auto', -1)).toBe('narrative');
  expect(cycleTone('narrative', 1)).toBe('auto');
});
