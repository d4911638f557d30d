import type { jsPDF } from 'jspdf';

export type JsPdfModule = Pick<typeof import('jspdf'), 'jsPDF' | 'GState'>;
import {
  AI_PARTS_LABEL,
  excerpt,
  featureInsights,
  humanAiSplit,
  omittedNote,
  percent1,
  processingTime,
  summarise,
  tooShortNote,
} from '../report-content';
import {
  BATCH_REPORT_INTRODUCTION,
  BATCH_VERIFICATION_NOTE,
  CONFIDENCE_NOTE,
  CONFIDENTIALITY_NOTE,
  INTRODUCTION,
  SITE_NAME,
  UNSHARED_VERIFICATION_NOTE,
  VERIFICATION_NOTE,
} from '../report-copy';
import type { ReportData } from '../types';

export const MARGIN = 48;
const FOOTER_SPACE = 64;
export const NAVY: [number, number, number] = [27, 42, 74];
export const MUTED: [number, number, number] = [90, 100, 120];

/** A top-to-bottom text cursor over A4 pages (points), starting a new page when the next block does not fit. */
export class Writer {
  y = MARGIN;
  readonly width: number;
  readonly height: number;

  constructor(readonly doc: jsPDF) {
    this.width = doc.internal.pageSize.getWidth();
    this.height = doc.internal.pageSize.getHeight();
  }

  get contentWidth(): number {
    return this.width - 2 * MARGIN;
  }

  ensure(space: number): void {
    if (this.y + space > this.height - FOOTER_SPACE) {
      this.doc.addPage();
      this.y = MARGIN;
    }
  }

  paragraph(
    text: string,
    options: { size?: number; bold?: boolean; color?: [number, number, number]; gap?: number } = {},
  ) {
    const size = options.size ?? 10;
    const lineHeight = size * 1.35;
    this.doc.setFont('helvetica', options.bold ? 'bold' : 'normal');
    this.doc.setFontSize(size);
    this.doc.setTextColor(...(options.color ?? NAVY));
    const lines = this.doc.splitTextToSize(text, this.contentWidth) as string[];
    for (const line of lines) {
      this.ensure(lineHeight);
      this.doc.text(line, MARGIN, this.y + size);
      this.y += lineHeight;
    }
    this.y += options.gap ?? 6;
  }

  heading(text: string) {
    this.ensure(40);
    this.y += 8;
    this.doc.setDrawColor(220, 224, 232);
    this.doc.line(MARGIN, this.y, this.width - MARGIN, this.y);
    this.y += 8;
    this.paragraph(text, { size: 13, bold: true, gap: 4 });
  }

  /** A row of cells at fixed x offsets (fractions of the content width). */
  row(cells: string[], columns: number[], bold = false) {
    const size = 9;
    this.ensure(size * 1.6);
    this.doc.setFont('helvetica', bold ? 'bold' : 'normal');
    this.doc.setFontSize(size);
    this.doc.setTextColor(...NAVY);
    cells.forEach((cell, i) => this.doc.text(cell, MARGIN + columns[i] * this.contentWidth, this.y + size));
    this.y += size * 1.6;
  }
}

export interface PdfOptions {
  /** PNG data URL of the site's logo, or null to print the name only. */
  logo: string | null;
  /** The report's own page; null for a preview not shared yet (then the note says how to get one). */
  verifyUrl: string | null;
  /**
   * One file's report in a batch PDF (issue 43 item 7): the file's name; the notes every report repeats (how to
   * read the figures, verification) are on the summary page once, so a short file's report fits one page.
   */
  batchFile?: string;
}

/** The report as an A4 PDF (spec §2 "Report modal and PDF"): logo, sections 1-6, excerpt rule, one-decimal scores. */
export function writeReportPdf(pdf: JsPdfModule, report: ReportData, options: PdfOptions): jsPDF {
  const doc = newReportDocument(pdf);
  writeReport(doc, report, options);
  writeFooters(pdf, doc);
  return doc;
}

export const newReportDocument = (pdf: JsPdfModule): jsPDF =>
  new pdf.jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait' });

/**
 * The header every PDF page set starts with (a report, a batch's summary): the logo when given, the site's name, the
 * subtitle under it and the date on the right; leaves the writer below it.
 */
export function writeHeader(w: Writer, header: { logo: string | null; subtitle: string; createdAt: string }): void {
  const { doc } = w;
  if (header.logo) doc.addImage(header.logo, 'PNG', MARGIN, MARGIN - 4, 32, 32);
  const textX = header.logo ? MARGIN + 42 : MARGIN;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.setTextColor(...NAVY);
  doc.text(SITE_NAME, textX, MARGIN + 12);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  doc.setTextColor(...MUTED);
  doc.text(header.subtitle, textX, MARGIN + 27);
  const created = new Date(header.createdAt);
  if (!Number.isNaN(created.getTime()))
    doc.text(
      created.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' }),
      w.width - MARGIN,
      MARGIN + 12,
      {
        align: 'right',
      },
    );
  w.y = MARGIN + 44;
}

/** One report's pages (header, sections 1-6) from the current page of `doc` on (a batch PDF writes several). */
export function writeReport(doc: jsPDF, report: ReportData, options: PdfOptions): void {
  const summary = summarise(report.result);
  const w = new Writer(doc);
  doc.setProperties({ title: `${SITE_NAME} AI detection report`, creator: SITE_NAME });

  const subtitle = options.batchFile
    ? `AI detection report: ${options.batchFile.length > 60 ? `${options.batchFile.slice(0, 57)}…` : options.batchFile}`
    : 'AI detection report';
  writeHeader(w, { logo: options.logo, subtitle, createdAt: report.createdAt });

  w.heading('1. Introduction');
  w.paragraph(options.batchFile ? BATCH_REPORT_INTRODUCTION : INTRODUCTION);

  w.heading('2. Input Text');
  const cut = excerpt(summary.text);
  if (!summary.text) w.paragraph('The input text was not included in this report.', { color: MUTED });
  else if (cut.whole) w.paragraph(cut.text);
  else {
    w.paragraph(
      `The text has ${cut.words.toLocaleString('en-US')} words as written (section 4 gives the detector's count, which splits hyphenated words); the first and last 120 are shown.`,
      {
        color: MUTED,
        size: 9,
      },
    );
    w.paragraph(cut.head, { gap: 4 });
    w.paragraph(omittedNote(cut.omitted), { bold: true, color: MUTED, gap: 4 });
    w.paragraph(cut.tail);
  }

  w.heading('3. Analysis Summary');
  const facts: [string, string][] = [
    ['Text length', `${summary.characters.toLocaleString('en-US')} chars`],
    ['Detected language', summary.language],
    ['Confidence (Human / AI)', humanAiSplit(summary)],
    ['Classification', summary.classification],
    ['Mode', summary.mode],
    ['Processing time', processingTime(summary.processingMs)],
  ];
  // A batch's report (one page where the text allows): the facts two to a row.
  if (options.batchFile)
    for (let i = 0; i < facts.length; i += 2) w.row([...facts[i], ...(facts[i + 1] ?? [])], [0, 0.22, 0.5, 0.72]);
  else for (const [label, value] of facts) w.row([label, value], [0, 0.4], false);
  w.y += 6;
  if (summary.tooShort) w.paragraph(tooShortNote(summary.tooShort.words), { bold: true });
  for (const [label, value, color] of (summary.tooShort
    ? []
    : [
        ['AI probability', summary.aiPercent, [176, 58, 46]],
        ['Human probability', summary.humanPercent, [46, 125, 91]],
      ]) as [string, number, [number, number, number]][]) {
    w.ensure(24);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    doc.setTextColor(...NAVY);
    doc.text(`${label} ${percent1(value)}`, MARGIN, w.y + 9);
    const barX = MARGIN + 0.4 * w.contentWidth;
    const barW = 0.6 * w.contentWidth;
    doc.setFillColor(234, 236, 241);
    doc.rect(barX, w.y + 2, barW, 8, 'F');
    doc.setFillColor(...color);
    doc.rect(barX, w.y + 2, (barW * value) / 100, 8, 'F');
    w.y += 18;
  }
  if (!options.batchFile) w.paragraph(CONFIDENCE_NOTE, { color: MUTED, size: 9 });

  w.heading('4. Feature Insights');
  const insights = featureInsights(report.result, summary);
  if (options.batchFile) {
    const columns = [0, 0.32, 0.52, 0.84];
    w.row(['Feature', 'Value', 'Feature', 'Value'], columns, true);
    for (let i = 0; i < insights.length; i += 2) {
      const [a, b] = [insights[i], insights[i + 1]];
      w.row([a.feature, a.value, ...(b ? [b.feature, b.value] : [])], columns);
    }
  } else {
    w.row(['Feature', 'Value'], [0, 0.6], true);
    for (const insight of insights) w.row([insight.feature, insight.value], [0, 0.6]);
  }
  if (summary.aiParts && summary.aiParts.parts.length > 0) {
    w.y += 8;
    w.paragraph(AI_PARTS_LABEL, { bold: true, size: 10, gap: 2 });
    for (const part of summary.aiParts.parts)
      w.paragraph(`${part.number}. ${part.place}, ${part.words} words: “${part.opening}”`, { size: 9, gap: 2 });
  }
  // In a batch, one chunk's breakdown repeats the document's figures: listed from two chunks.
  if (summary.chunks.length > (options.batchFile ? 1 : 0)) {
    w.y += 8;
    w.paragraph('Chunk breakdown', { bold: true, size: 10, gap: 2 });
    const columns = [0, 0.1, 0.35, 0.6, 0.85];
    w.row(['#', 'Label', 'AI %', 'Confidence %', 'Words'], columns, true);
    for (const c of summary.chunks) {
      w.row(
        [String(c.number), c.label, percent1(c.aiPercent), percent1(c.confidencePercent), String(c.words)],
        columns,
      );
    }
  }

  w.heading('5. Narrative Verdict');
  w.paragraph(summary.rationale);

  w.heading('6. Platform Authenticity Verification');
  if (options.verifyUrl) {
    w.paragraph(VERIFICATION_NOTE, { gap: 2 });
    w.ensure(16);
    doc.setTextColor(32, 80, 180);
    doc.textWithLink(options.verifyUrl, MARGIN, w.y + 10, { url: options.verifyUrl });
    w.y += 18;
  } else w.paragraph(options.batchFile ? BATCH_VERIFICATION_NOTE : UNSHARED_VERIFICATION_NOTE);
}

/** Footer (confidentiality note, page numbers) and the watermark on every page of `doc`. */
export function writeFooters(pdf: JsPdfModule, doc: jsPDF): void {
  const w = new Writer(doc);
  const pages = doc.getNumberOfPages();
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.saveGraphicsState();
    doc.setGState(new pdf.GState({ opacity: 0.06 }));
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(90);
    doc.setTextColor(...NAVY);
    doc.text('INKPRINT', w.width / 2, w.height / 2, { align: 'center', angle: 30 });
    doc.restoreGraphicsState();
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(7.5);
    doc.setTextColor(...MUTED);
    const note = doc.splitTextToSize(CONFIDENTIALITY_NOTE, w.contentWidth - 60) as string[];
    doc.text(note, MARGIN, w.height - FOOTER_SPACE + 24);
    doc.text(`Page ${i} of ${pages}`, w.width - MARGIN, w.height - FOOTER_SPACE + 24, { align: 'right' });
  }
}

export const pdfFileName = (report: ReportData, id?: string): string =>
  `inkprint-report-${id ?? report.createdAt.slice(0, 19).replace(/[^0-9]/g, '')}.pdf`;

/** Builds the PDF in the browser (jspdf loads only now, never with the landing page) and downloads it. */
export async function saveReportPdf(report: ReportData, verifyUrl: string | null, id?: string): Promise<void> {
  const [pdf, { fetchLogoPng }] = await Promise.all([import('jspdf'), import('./logo')]);
  const doc = writeReportPdf(pdf, report, { logo: await fetchLogoPng(), verifyUrl });
  const href = URL.createObjectURL(doc.output('blob'));
  const link = document.createElement('a');
  link.href = href;
  link.download = pdfFileName(report, id);
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
