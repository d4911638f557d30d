import type { Tone } from '@inkprint/contracts/ai/modes';
import { TONES } from '@inkprint/contracts/ai/modes';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type KeyboardEvent } from 'react';
import { cycleTone, TONE_LABELS } from '../options';

/**
 * The humaniser's tone (spec §2): one radio group of chips; Left / Right arrows move the choice and the focus (the
 * checked chip is the group's one Tab stop).
 */
export function TonePicker({
  tone,
  disabled,
  onChange,
}: {
  tone: Tone;
  disabled: boolean;
  onChange: (tone: Tone) => void;
}) {
  const chips = useRef<(HTMLDivElement | null)[]>([]);

  function onKey(event: KeyboardEvent, current: Tone) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = cycleTone(current, event.key === 'ArrowRight' ? 1 : -1);
    onChange(next);
    chips.current[TONES.indexOf(next)]?.focus();
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 650 }} id="demo-tone-label">
        Tone
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        flexWrap="wrap"
        sx={{ mt: 0.75 }}
        role="radiogroup"
        aria-labelledby="demo-tone-label"
      >
        {TONES.map((t, i) => (
          <Chip
            key={t}
            ref={(el: HTMLDivElement | null) => {
              chips.current[i] = el;
            }}
            role="radio"
            aria-checked={tone === t}
            tabIndex={tone === t ? 0 : -1}
            label={TONE_LABELS[t]}
            color={tone === t ? 'primary' : 'default'}
            variant={tone === t ? 'filled' : 'outlined'}
            disabled={disabled}
            onClick={() => onChange(t)}
            onKeyDown={(e) => onKey(e, t)}
          />
        ))}
      </Stack>
    </Box>
  );
}
