import type { DetectionMode } from '@inkprint/contracts/ai/modes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { HINT_ROTATION_MS, MODE_OPTIONS, modeHint } from '../options';
import { SAMPLE_TEXTS } from '../samples';

/**
 * The detector's own options (spec §2): the detection mode, a hint under it about the selected mode that rotates
 * every 3 s while the detector tab is open (a new mode starts at its first line), and the sample texts to try.
 */
export function DetectorOptions({
  mode,
  disabled,
  onMode,
  onSample,
}: {
  mode: DetectionMode;
  disabled: boolean;
  onMode: (mode: DetectionMode) => void;
  onSample: (text: string) => void;
}) {
  const [hintStep, setHintStep] = useState(0);
  // A new mode starts at its first line, in the render that sees it; its 3 s start over.
  const [hintMode, setHintMode] = useState(mode);
  if (hintMode !== mode) {
    setHintMode(mode);
    setHintStep(0);
  }
  useEffect(() => {
    const timer = setInterval(() => setHintStep((i) => i + 1), HINT_ROTATION_MS);
    return () => clearInterval(timer);
  }, [mode]);

  return (
    <Box sx={{ mt: 2 }}>
      <TextField
        select
        id="demo-mode"
        label="Detection mode"
        value={mode}
        onChange={(e) => onMode(e.target.value as DetectionMode)}
        disabled={disabled}
        size="small"
        sx={{ minWidth: 200 }}
        slotProps={{ select: { native: true } }}
      >
        {MODE_OPTIONS.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, minHeight: 40 }} data-testid="mode-hint">
        {modeHint(mode, hintStep)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 650 }} id="demo-samples-label">
        Try a sample
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        flexWrap="wrap"
        sx={{ mt: 0.75 }}
        role="group"
        aria-labelledby="demo-samples-label"
      >
        {SAMPLE_TEXTS.map((sample) => (
          <Button
            key={sample.id}
            size="small"
            variant="outlined"
            disabled={disabled}
            onClick={() => onSample(sample.text)}
          >
            {sample.label}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
