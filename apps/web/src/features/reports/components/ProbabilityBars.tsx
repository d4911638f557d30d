import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { percent1 } from '../report-content';

export const AI_COLOR = '#b03a2e';
export const HUMAN_COLOR = '#2e7d5b';

function Bar({ label, value, color }: { label: string; value: number; color: string }) {
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
        aria-valuenow={Math.round(value * 10) / 10}
        aria-valuetext={percent1(value)}
        sx={{ mt: 0.75, height: 10, borderRadius: 5, bgcolor: 'rgba(27,42,74,0.08)', overflow: 'hidden' }}
      >
        <Box sx={{ width: `${value}%`, height: '100%', bgcolor: color, borderRadius: 5 }} />
      </Box>
    </Box>
  );
}

/** The AI and Human probability bars of section 3. */
export function ProbabilityBars({ aiPercent, humanPercent }: { aiPercent: number; humanPercent: number }) {
  return (
    <Box>
      <Bar label="AI probability" value={aiPercent} color={AI_COLOR} />
      <Bar label="Human probability" value={humanPercent} color={HUMAN_COLOR} />
    </Box>
  );
}
