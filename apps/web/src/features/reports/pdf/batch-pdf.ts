import type { jsPDF } from 'jspdf';
import {
  BATCH_CONFIDENCE_NOTE,
  CONFIDENCE_NOTE,
  INTRODUCTION,
  SITE_NAME,
  UNSHARED_VERIFICATION_NOTE,
} from '../report-copy';
import type { ReportData } from '../types';
import {
  MUTED,
  newReportDocument,
  Writer,
  writeFooters,
  writeHeader,
  writeReport,
  type JsPdfModule,
  type PdfOptions,
} from './report-pdf';

/** One line of a batch's summary page (what the batch table shows). */
export interface BatchSummaryRow {
  file: string;
  words: number | null;
  verdict: string;
  aiPercent: string | null;
  engineConfidence: string | null;
}

export interface BatchPdfInput {
  createdAt: string;
  rows: BatchSummaryRow[];
  /** The checked files' reports with their names, in the table's order (failed and unchecked files have none). */
  reports: Array<{ file: string; report: ReportData }>;
}

/** A batch as one A4 PDF (issue 29): a summary page with every file, then each file's report as the single one looks. */
export function writeBatchPdf(pdf: JsPdfModule, batch: BatchPdfInput, options: PdfOptions): jsPDF {
  const doc = newReportDocument(pdf);
  doc.setProperties({ title: `${SITE_NAME} batch check`, creator: SITE_NAME });
  const w = new Writer(doc);
  // The summary page's header has no logo (each file's report that follows has it).
  writeHeader(w, { logo: null, subtitle: 'Batch check summary', createdAt: batch.createdAt });
  w.paragraph(
    `${batch.rows.length} ${batch.rows.length === 1 ? 'file' : 'files'}; ${batch.reports.length} with a report on the following pages, one page each where the text allows. ${BATCH_CONFIDENCE_NOTE}`,
    { color: MUTED, size: 9 },
  );
  const columns = [0, 0.46, 0.56, 0.76, 0.86];
  w.row(['File', 'Words', 'Verdict', 'AI %', 'Engine conf. %'], columns, true);
  for (const row of batch.rows) {
    const name = row.file.length > 48 ? `${row.file.slice(0, 45)}…` : row.file;
    w.row(
      [
        name,
        row.words === null ? '—' : String(row.words),
        row.verdict,
        row.aiPercent?.replace('%', '') ?? '—',
        row.engineConfidence?.replace('%', '') ?? '—',
      ],
      columns,
    );
  }
  // Said once here rather than on every file's report (issue 43 item 7: reports spilled 2-5 lines onto a page).
  w.y += 8;
  w.paragraph(INTRODUCTION, { color: MUTED, size: 9 });
  w.paragraph(CONFIDENCE_NOTE, { color: MUTED, size: 9 });
  w.paragraph(UNSHARED_VERIFICATION_NOTE, { color: MUTED, size: 9 });
  for (const { file, report } of batch.reports) {
    doc.addPage();
    writeReport(doc, report, { ...options, batchFile: file });
  }
  writeFooters(pdf, doc);
  return doc;
}

/** Builds the batch PDF in the browser (jspdf loads only now) and downloads it. */
export async function saveBatchPdf(batch: BatchPdfInput, fileName: string): Promise<void> {
  const [pdf, { fetchLogoPng }] = await Promise.all([import('jspdf'), import('./logo')]);
  const doc = writeBatchPdf(pdf, batch, { logo: await fetchLogoPng(), verifyUrl: null });
  const href = URL.createObjectURL(doc.output('blob'));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
