import { lazy, Suspense, useCallback, useState } from 'react';
import BatchPage, { type OpenReport } from '../../features/batches/components/BatchPage';

// The report modal (with the PDF maker) loads only when a file's report is first opened.
const ReportModal = lazy(() => import('../../features/reports/components/ReportModal'));

type Draft = Parameters<OpenReport>[0];

/** `/batch`: the batch check, with each checked file's report in the report modal (as the demo's preview). */
export default function BatchRoute() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [open, setOpen] = useState(false);
  const openReport = useCallback<OpenReport>((next) => {
    setDraft(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <BatchPage onOpenReport={openReport} />
      {draft && (
        <Suspense fallback={null}>
          <ReportModal open={open} onClose={close} report={draft} />
        </Suspense>
      )}
    </>
  );
}
