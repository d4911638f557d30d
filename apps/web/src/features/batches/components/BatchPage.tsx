import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BATCH_MAX_ITEMS, type BatchItemReport } from '@inkprint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SignInGate } from '../../../components/auth/SignInGate';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePlanLimits } from '../../../lib/plan-limits';
import { useBatch } from '../api/get-batch';
import { getBatchItem } from '../api/get-batch-item';
import { BATCHES_QUERY } from '../api/list-batches';
import { useSubmitBatch } from '../api/submit-batch';
import {
  BATCH_COST_NOTE,
  BATCH_FIGURES_NOTE,
  batchCsv,
  batchRows,
  countedItems,
  progressOf,
  splitTexts,
  type BatchRow,
} from '../batch-rows';
import { ResultCards, Results } from './BatchResults';
import { RecentBatches } from './RecentBatches';

const ACCEPT = '.txt,.pdf,.docx,.jpg,.jpeg,.png,.zip';

/** A file's report, as the report modal takes it (the app's route opens the modal). */
export type OpenReport = (report: Pick<BatchItemReport, 'result' | 'text' | 'createdAt'>) => void;
/** The batch as one PDF (the app's route writes it with the reports' PDF maker). */
export type ExportPdf = (batch: { id: string; createdAt: string; rows: BatchRow[] }) => Promise<void>;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `/batch` and `/batch/{id}`: a signed-in user checks up to 50 files at once (issue 29), watching each file's progress.
 * A batch has its own URL (issue 43 item 3): reloading it shows its progress or results from `GET /ai/batches/{id}`,
 * and `/batch` lists the caller's recent batches.
 */
export default function BatchPage({
  batchId,
  onSubmitted,
  onOpenReport,
  onExportPdf,
}: {
  /** The batch shown (the route's id), or null on `/batch`. */
  batchId: string | null;
  /** A batch was sent: the route goes to its own URL. */
  onSubmitted: (id: string) => void;
  onOpenReport?: OpenReport;
  onExportPdf?: ExportPdf;
}) {
  const [pdfState, setPdfState] = useState<'idle' | 'preparing' | 'failed'>('idle');
  useDocumentTitle('Batch check');
  const { session } = useAuth();
  const client = useQueryClient();
  const { refresh: refreshUsage } = usePlanLimits();
  const submit = useSubmitBatch();
  const [files, setFiles] = useState<File[]>([]);
  const [pasted, setPasted] = useState('');
  const texts = splitTexts(pasted);
  const input = useRef<HTMLInputElement>(null);
  const batch = useBatch(session ? batchId : null);
  const rows = batch.data ? batchRows(batch.data) : [];
  const progress = batch.data ? progressOf(batch.data) : null;
  const tooMany = files.length > BATCH_MAX_ITEMS || texts.length > BATCH_MAX_ITEMS;
  const submitError = submit.error instanceof ApiError ? submit.error.message : submit.error ? 'Upload failed' : null;
  const batchError =
    batch.error instanceof ApiError ? batch.error.message : batch.error ? 'Unable to load this batch.' : null;

  // The header's meter and the recent list follow the batch as its files settle (issue 43 item 3), not only on reload.
  const settled = progress?.settled ?? 0;
  const batchStatus = batch.data?.status;
  useEffect(() => {
    if (batchStatus === undefined) return;
    void refreshUsage();
    void client.invalidateQueries({ queryKey: BATCHES_QUERY });
  }, [settled, batchStatus, refreshUsage, client]);

  const [reportError, setReportError] = useState<string | null>(null);
  const openReport =
    onOpenReport && batchId
      ? (index: number) => {
          setReportError(null);
          getBatchItem(batchId, index).then(onOpenReport, (error: unknown) =>
            setReportError(error instanceof ApiError ? error.message : 'Unable to load the report.'),
          );
        }
      : undefined;

  const send = async (input: { files?: File[]; texts?: string[] }) => {
    const answer = await submit.mutateAsync({ ...input, mode: 'moderate' }).catch(() => null);
    if (answer) {
      client.setQueryData(['batches', answer.id], answer);
      void client.invalidateQueries({ queryKey: BATCHES_QUERY });
      onSubmitted(answer.id);
    }
  };
  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0 || tooMany) return;
    await send({ files });
  };

  return (
    <>
      <PageHeader eyebrow="Batch check" title="Check a folder of files">
        Up to {BATCH_MAX_ITEMS} files at once (.txt, .pdf, .docx, or .jpg/.png read by OCR), or one .zip holding them.{' '}
        {BATCH_COST_NOTE}
      </PageHeader>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <SignInGate prompt="Sign in to check several files at once.">
          {() => (
            <Stack spacing={3}>
              <Paper
                component="form"
                variant="outlined"
                onSubmit={start}
                sx={{ p: { xs: 2, sm: 3 } }}
                aria-label="Files"
              >
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
                  <Button variant="outlined" onClick={() => input.current?.click()} disabled={submit.isPending}>
                    Choose files
                  </Button>
                  <input
                    ref={input}
                    type="file"
                    multiple
                    accept={ACCEPT}
                    hidden
                    aria-label="Files to check"
                    data-testid="batch-files"
                    onChange={(e) => setFiles([...(e.target.files ?? [])])}
                  />
                  <Typography sx={{ flex: 1 }} color="text.secondary">
                    {files.length === 0
                      ? 'No files chosen.'
                      : `${files.length} file${files.length === 1 ? '' : 's'} chosen`}
                  </Typography>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={files.length === 0 || tooMany || submit.isPending}
                  >
                    {submit.isPending ? 'Uploading…' : 'Check files'}
                  </Button>
                </Stack>
                <TextField
                  label="Or paste texts"
                  placeholder={'First text…\n---\nSecond text…'}
                  helperText={
                    texts.length > 0
                      ? `${texts.length} text${texts.length === 1 ? '' : 's'}; separate them with a line holding only ---`
                      : 'Separate the texts with a line holding only ---'
                  }
                  value={pasted}
                  onChange={(e) => setPasted(e.target.value)}
                  multiline
                  minRows={3}
                  maxRows={10}
                  fullWidth
                  sx={{ mt: 2 }}
                />
                <Button
                  variant="outlined"
                  sx={{ mt: 1 }}
                  disabled={texts.length === 0 || tooMany || submit.isPending}
                  onClick={() => void send({ texts })}
                >
                  Check texts
                </Button>
                {tooMany && (
                  <Alert severity="warning" sx={{ mt: 2 }}>
                    A batch holds at most {BATCH_MAX_ITEMS} files or texts.
                  </Alert>
                )}
                {submitError && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {submitError}
                  </Alert>
                )}
              </Paper>
              {batchError && <Alert severity="error">{batchError}</Alert>}
              {batchId && !batch.data && !batchError && (
                <Typography color="text.secondary" data-testid="batch-loading">
                  Loading the batch…
                </Typography>
              )}
              {batch.data && progress && (
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={2}
                    alignItems={{ sm: 'center' }}
                    sx={{ mb: 2 }}
                  >
                    <Box sx={{ flex: 1 }}>
                      <Typography sx={{ fontWeight: 700 }} data-testid="batch-progress">
                        {progress.settled} of {progress.total} checked
                      </Typography>
                      <LinearProgress
                        variant="determinate"
                        value={(progress.settled / progress.total) * 100}
                        aria-label="Batch progress"
                        sx={{ mt: 1 }}
                      />
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="batch-counted">
                        {countedItems(batch.data)} counted against today&apos;s detections (too-short, empty and
                        unreadable files are free)
                      </Typography>
                    </Box>
                    <Button
                      variant="outlined"
                      disabled={batch.data.status !== 'done'}
                      onClick={() => download(`inkprint-batch-${batch.data.id.slice(0, 8)}.csv`, batchCsv(rows))}
                    >
                      Export CSV
                    </Button>
                    {onExportPdf && (
                      <Button
                        variant="outlined"
                        disabled={batch.data.status !== 'done' || pdfState === 'preparing'}
                        onClick={() => {
                          setPdfState('preparing');
                          onExportPdf({ id: batch.data.id, createdAt: batch.data.createdAt, rows }).then(
                            () => setPdfState('idle'),
                            () => setPdfState('failed'),
                          );
                        }}
                      >
                        {pdfState === 'preparing' ? 'Preparing PDF…' : 'Export PDF'}
                      </Button>
                    )}
                  </Stack>
                  {pdfState === 'failed' && (
                    <Alert severity="error" sx={{ mb: 2 }}>
                      Unable to prepare the PDF. Please try again.
                    </Alert>
                  )}
                  {reportError && (
                    <Alert severity="error" sx={{ mb: 2 }}>
                      {reportError}
                    </Alert>
                  )}
                  <Results rows={rows} open={openReport} />
                  <ResultCards rows={rows} open={openReport} />
                  <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1.5 }}>
                    {BATCH_FIGURES_NOTE}
                  </Typography>
                </Paper>
              )}
              <RecentBatches current={batchId} />
            </Stack>
          )}
        </SignInGate>
      </Container>
    </>
  );
}
