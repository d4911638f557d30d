import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useReport } from '../api/get-report';
import { REPORT_ERROR_COPY, reportErrorKind } from '../report-errors';
import { copyText, reportUrl, SHARE_LINK_FEEDBACK_MS, SHARE_LINK_LABELS } from '../share';
import { ReportView } from './ReportView';
import { useSavePdf } from './use-save-pdf';

const paperSx = { p: { xs: 2.5, md: 4 }, borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)' } as const;

function ReportSkeleton() {
  return (
    <Paper elevation={0} sx={paperSx} role="status" aria-busy="true" aria-label="Loading report">
      <Skeleton variant="text" width="40%" height={36} />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="90%" />
      <Skeleton variant="rounded" height={120} sx={{ my: 2 }} />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="text" width="75%" />
      <Skeleton variant="rounded" height={80} sx={{ mt: 2 }} />
    </Paper>
  );
}

/** 'Share Link': copies the page's URL; the label reads 'Link Copied!' for 1.8 s or 'Copy Failed' for 2 s. */
function ShareLinkButton({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function onClick() {
    const next = (await copyText(url)) ? 'copied' : 'failed';
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), SHARE_LINK_FEEDBACK_MS[next]);
  }
  return (
    <Button variant="outlined" onClick={() => void onClick()} aria-live="polite">
      {SHARE_LINK_LABELS[state]}
    </Button>
  );
}

/** `/report/{id}` (spec §2 "Report page"): loading skeleton, an error state or the shared report. */
export default function ReportPage() {
  useDocumentTitle('AI detection report');
  const { id = '' } = useParams();
  const report = useReport(id);
  const { preparing, save } = useSavePdf();
  const url = reportUrl(window.location.origin, id);
  const kind = report.isError ? reportErrorKind(report.error) : null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ sm: 'flex-end' }}
        spacing={2}
        sx={{ mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" component="p" sx={{ color: 'primary.main', fontWeight: 800 }}>
            Shared report
          </Typography>
          <Typography variant="h4" component="h1">
            AI detection report
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            Report {id}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          {report.data && (
            <>
              <Button
                variant="outlined"
                aria-disabled={preparing || undefined}
                onClick={() => !preparing && void save(report.data, url, id)}
              >
                {preparing ? 'Preparing…' : 'Save PDF'}
              </Button>
              <ShareLinkButton url={url} />
            </>
          )}
          <Button component={RouterLink} to={paths.home} state={{ scrollTo: 'demo' }} variant="contained">
            Try AI Detection
          </Button>
        </Stack>
      </Stack>
      {report.isPending && <ReportSkeleton />}
      {kind && (
        <Paper elevation={0} sx={{ ...paperSx, textAlign: 'center' }} role="alert">
          <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
            {REPORT_ERROR_COPY[kind].title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {REPORT_ERROR_COPY[kind].message}
          </Typography>
          {kind === 'generic-error' && (
            <Button
              variant="contained"
              sx={{ mt: 3 }}
              onClick={() => void report.refetch()}
              disabled={report.isFetching}
            >
              {report.isFetching ? 'Retrying…' : 'Retry'}
            </Button>
          )}
        </Paper>
      )}
      {report.isSuccess && (
        <Paper elevation={0} sx={paperSx}>
          <ReportView report={report.data} verifyUrl={url} />
        </Paper>
      )}
    </Container>
  );
}
