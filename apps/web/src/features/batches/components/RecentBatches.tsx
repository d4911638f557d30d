import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useRecentBatches } from '../api/list-batches';
import { recentBatchLine } from '../batch-rows';

/** The caller's recent batches (`GET /ai/batches`), each a link to its own page. */
export function RecentBatches({ current }: { current: string | null }) {
  const recent = useRecentBatches(true);
  const batches = recent.data?.batches ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="recent-batches">
      <Typography id="recent-batches" variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        Your recent batches
      </Typography>
      {recent.isError ? (
        <Typography color="error">Unable to load your batches.</Typography>
      ) : recent.isPending ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : batches.length === 0 ? (
        <Typography color="text.secondary">
          No batches yet. The ones you check are listed here; their results are kept 48 hours.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="recent-batches">
          {batches.map((batch) => {
            const line = recentBatchLine(batch);
            return (
              <Box component="li" key={batch.id} data-testid="recent-batch">
                <Link
                  component={RouterLink}
                  to={paths.batchRun(batch.id)}
                  aria-current={batch.id === current ? 'page' : undefined}
                  sx={{ fontWeight: 700 }}
                >
                  {line.title}
                </Link>
                <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                  {line.detail}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
