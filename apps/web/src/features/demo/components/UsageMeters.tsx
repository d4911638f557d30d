import type { RequestsPayload } from '@inkprint/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, formatCountdown, meterView } from '../usage-meter';

const FEATURES = [
  { key: 'detector', label: 'Detect' },
  { key: 'humaniser', label: 'Humanise' },
] as const;

/** Spec §2: today's requests per tool with the reset countdown (every second) and a warning above 90%. */
export function UsageMeters({ requests }: { requests: RequestsPayload | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!requests) return null;
  const resetsAt = requests.detector.resetsAt ?? requests.humaniser.resetsAt;
  return (
    <Box data-testid="usage-meters" sx={{ mt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {FEATURES.map(({ key, label }) => {
          const view = meterView(requests[key]);
          const color = view.warning ? '#b3261e' : '#2f4676';
          return (
            <Box key={key} sx={{ flex: 1 }} data-testid={`meter-${key}`}>
              <Stack direction="row" justifyContent="space-between">
                <Typography variant="body2" sx={{ fontWeight: 650 }}>
                  {label} today
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 800, color: view.warning ? '#b3261e' : undefined }}>
                  {view.label}
                </Typography>
              </Stack>
              <Box
                role="meter"
                aria-label={`${label} requests used today`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={view.percent ?? 0}
                aria-valuetext={view.label}
                sx={{ mt: 0.5, height: 8, borderRadius: 4, bgcolor: 'rgba(27,42,74,0.08)', overflow: 'hidden' }}
              >
                <Box sx={{ width: `${view.percent ?? 0}%`, height: '100%', bgcolor: color }} />
              </Box>
              {view.warning && (
                <Typography variant="caption" sx={{ color: '#b3261e', fontWeight: 650 }}>
                  {view.exhausted ? 'Daily limit reached.' : 'Almost at your daily limit.'}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="usage-reset">
        Resets in <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCountdown(resetsAt, now)}</span>
      </Typography>
    </Box>
  );
}
