import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The colours of the AI and the human side wherever a probability is drawn (demo, report). */
export const AI_COLOR = '#b03a2e';
export const HUMAN_COLOR = '#2e7d5b';

const percent1 = (value: number): string => `${(Math.round(value * 10) / 10).toFixed(1)}%`;

/** One labelled probability bar (a meter 0-100 %): the demo's result panels and the report's section 3. */
export function ProbabilityBar({ label, value, color }: { label: string; value: number; color: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <Box sx={{ mt: 1.5 }}>
      <Stack direction="row" justifyContent="space-between">
        <Typography variant="body2" sx={{ fontWeight: 650 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 800 }}>
          {percent1(value)}
        </Typography>
      </Stack>
      <Box
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped * 10) / 10}
        aria-valuetext={percent1(value)}
        sx={{ mt: 0.75, height: 10, borderRadius: 5, bgcolor: 'rgba(27,42,74,0.08)', overflow: 'hidden' }}
      >
        <Box sx={{ width: `${clamped}%`, height: '100%', bgcolor: color, borderRadius: 5 }} />
      </Box>
    </Box>
  );
}
