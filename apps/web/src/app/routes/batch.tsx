import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { getBatchItem } from '../../features/batches/api/get-batch-item';
import BatchPage, { type ExportPdf, type OpenReport } from '../../features/batches/components/BatchPage';
import { draftToReport } from '../../features/reports/types';

// The report modal (with the PDF maker) loads only when a file's report is first opened.
const ReportModal = lazy(() => import('../../features/reports/components/ReportModal'));

type Draft = Parameters<OpenReport>[0];

/** The batch as one A4 PDF: a summary page, then each checked file's report (the reports' PDF maker, loaded now). */
const exportPdf: ExportPdf = async ({ id, createdAt, rows }) => {
  const checked = rows.filter((row) => row.reportable);
  const items = await Promise.all(checked.map((row) => getBatchItem(id, row.index)));
  const { saveBatchPdf } = await import('../../features/reports/pdf/batch-pdf');
  await saveBatchPdf(
    {
      createdAt,
      rows,
      reports: items.map((item, i) => ({ file: checked[i].file, report: draftToReport(item) })),
    },
    `inkprint-batch-${id.slice(0, 8)}.pdf`,
  );
};

/**
 * `/batch` and `/batch/:id` (a batch's own, reloadable URL): the batch check, with each checked file's report in the
 * report modal and the batch's PDF.
 */
export default function BatchRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  const submitted = useCallback((batchId: string) => navigate(paths.batchRun(batchId)), [navigate]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [open, setOpen] = useState(false);
  const openReport = useCallback<OpenReport>((next) => {
    setDraft(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <BatchPage
        key={id ?? 'new'}
        batchId={id ?? null}
        onSubmitted={submitted}
        onOpenReport={openReport}
        onExportPdf={exportPdf}
      />
      {draft && (
        <Suspense fallback={null}>
          <ReportModal open={open} onClose={close} report={draft} />
        </Suspense>
      )}
    </>
  );
}
