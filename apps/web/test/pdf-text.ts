// Reads a saved PDF back in the browser suites: page sizes and the text, with pdfjs-dist.
// The ingest library's loader of the ESM-only pdfjs-dist.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { importPackageFile } from '../../../libs/ingest/src/worker/esm';

interface PdfPage {
  view: number[];
  getTextContent(): Promise<{ items: { str?: string }[] }>;
}
interface PdfJs {
  getDocument(params: Record<string, unknown>): {
    promise: Promise<{ numPages: number; getPage(n: number): Promise<PdfPage> }>;
  };
}

/** Page sizes (points) and the text of a PDF, read with pdfjs-dist. */
export async function readPdf(bytes: Buffer): Promise<{ sizes: number[][]; text: string }> {
  const pdfjs = await importPackageFile<PdfJs>('pdfjs-dist', 'legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const sizes: number[][] = [];
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    sizes.push([page.view[2] - page.view[0], page.view[3] - page.view[1]]);
    parts.push((await page.getTextContent()).items.map((item) => item.str ?? '').join(' '));
  }
  return { sizes, text: parts.join(' ').replace(/\s+/g, ' ') };
}
