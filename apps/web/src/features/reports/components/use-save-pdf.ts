import { useCallback, useState } from 'react';
import { showToast } from '../../../lib/toast-store';
import type { ReportData } from '../types';

/** 'Save PDF': builds and downloads the PDF, `preparing` while it works (the button reads 'Preparing…'). */
export function useSavePdf() {
  const [preparing, setPreparing] = useState(false);
  const save = useCallback(async (report: ReportData, verifyUrl: string | null, id?: string) => {
    setPreparing(true);
    try {
      const { saveReportPdf } = await import('../pdf/report-pdf');
      await saveReportPdf(report, verifyUrl, id);
    } catch (error) {
      showToast({
        type: 'error',
        title: 'PDF failed',
        message: error instanceof Error && error.message ? error.message : 'Could not build the PDF.',
      });
    } finally {
      setPreparing(false);
    }
  }, []);
  return { preparing, save };
}
