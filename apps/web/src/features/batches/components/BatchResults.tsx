import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { wordsLabel, type BatchRow } from '../batch-rows';

/** A batch's results: a card per file below 900 px, the table from 900 px (`BatchPage` shows both; CSS picks). */

const STATUS_CHIP = {
  queued: { label: 'Checking', color: 'default' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
} as const;

function ReportButton({ row, open }: { row: BatchRow; open?: (index: number) => void }) {
  if (!open || !row.reportable) return null;
  return (
    <Button size="small" onClick={() => open(row.index)} aria-label={`Report for ${row.file}`}>
      Report
    </Button>
  );
}

/** Phones and tablets: one card per file (the table's eight columns do not fit 768 px, issue 43 item 7). */
export function ResultCards({ rows, open }: { rows: BatchRow[]; open?: (index: number) => void }) {
  return (
    <Stack spacing={1} sx={{ display: { xs: 'flex', md: 'none' } }} aria-label="Batch results">
      {rows.map((row) => (
        <Box key={row.index} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.file}</Typography>
            <Chip size="small" label={STATUS_CHIP[row.status].label} color={STATUS_CHIP[row.status].color} />
          </Stack>
          {row.error ? (
            <Typography variant="body2" color="error">
              {row.error}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {[
                row.verdict,
                row.aiPercent && `AI ${row.aiPercent}`,
                row.engineConfidence && `engine confidence ${row.engineConfidence}`,
                row.aiParts && `AI-written parts: ${row.aiParts}`,
                row.words !== null && wordsLabel(row.words),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          )}
          <ReportButton row={row} open={open} />
        </Box>
      ))}
    </Stack>
  );
}

/** From 900 px: the table, every column. */
export function Results({ rows, open }: { rows: BatchRow[]; open?: (index: number) => void }) {
  return (
    <Box
      sx={{ overflowX: 'auto', display: { xs: 'none', md: 'block' } }}
      tabIndex={0}
      role="region"
      aria-label="Batch results table"
    >
      <Table size="small" aria-label="Batch results">
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Words</TableCell>
            <TableCell>Verdict</TableCell>
            <TableCell align="right">AI %</TableCell>
            <TableCell align="right">Engine confidence</TableCell>
            <TableCell>AI-written parts</TableCell>
            <TableCell>Report</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.index} data-testid="batch-row" data-status={row.status}>
              <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{row.file}</TableCell>
              <TableCell>
                <Chip size="small" label={STATUS_CHIP[row.status].label} color={STATUS_CHIP[row.status].color} />
              </TableCell>
              <TableCell align="right">{row.words ?? '—'}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                {row.error ? (
                  <Typography variant="body2" color="error">
                    {row.error}
                  </Typography>
                ) : (
                  row.verdict
                )}
              </TableCell>
              <TableCell align="right">{row.aiPercent ?? '—'}</TableCell>
              <TableCell align="right">{row.engineConfidence ?? '—'}</TableCell>
              <TableCell sx={{ minWidth: 120 }}>{row.aiParts ?? '—'}</TableCell>
              <TableCell>
                <ReportButton row={row} open={open} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
