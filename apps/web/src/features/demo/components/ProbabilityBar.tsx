import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { percent1 } from '../verdict-display';

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
        sx={{ mt: 0.75, height: 10, borderRadius: 5, bgcolor: 'rgba(27,42,74,0.08)', overflow: 'hidden' }}
      >
        <Box sx={{ width: `${clamped}%`, height: '100%', bgcolor: color, borderRadius: 5 }} />
      </Box>
    </Box>
  );
}

export const AI_COLOR = '#c0392b';
export const HUMAN_COLOR = '#2e7d5b';
