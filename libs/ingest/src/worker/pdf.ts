import { pathToFileURL } from 'node:url';
import * as path from 'node:path';
import { noTextFound, unreadable } from '../errors';
import { indexOfAscii } from '../file/sniff';
import { INGEST_LIMITS } from '../limits';
import { normaliseText } from '../text';
import { importPackageFile } from './esm';
import type { Extracted } from './extracted';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
  transform?: number[];
  height?: number;
}
interface PdfPage {
  getTextContent(): Promise<{ items: TextItem[] }>;
  cleanup(): void;
}
interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
  destroy(): Promise<void>;
}
interface PdfJs {
  GlobalWorkerOptions: { workerSrc: string };
  getDocument(params: Record<string, unknown>): { promise: Promise<PdfDocument> };
}

let pdfjs: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= importPackageFile<PdfJs>('pdfjs-dist', 'legacy/build/pdf.mjs').then((lib) => {
    const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
    lib.GlobalWorkerOptions.workerSrc = pathToFileURL(path.join(root, 'legacy/build/pdf.worker.mjs')).href;
    return lib;
  });
  return pdfjs;
}

/**
 * Text of a PDF's text layer. A file without its `%%EOF` marker near the end is refused as truncated: pdf.js would
 * otherwise quietly rebuild a damaged file and return part of it.
 */
export async function extractPdf(bytes: Uint8Array): Promise<Extracted> {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  if (indexOfAscii(tail, '%%EOF') < 0) {
    throw unreadable('pdf-truncated', 'The PDF is truncated: its end-of-file marker is missing.');
  }
  const lib = await loadPdfJs();
  let doc: PdfDocument;
  try {
    doc = await lib.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw unreadable('pdf-encrypted', 'The PDF is password-protected; remove the password and upload it again.');
    }
    throw unreadable('pdf-corrupt', 'The PDF is corrupt and could not be read.');
  }
  try {
    const warnings: string[] = [];
    const pages = doc.numPages;
    const readPages = Math.min(pages, INGEST_LIMITS.pdfPages);
    if (pages > readPages) warnings.push(`Only the first ${readPages} of ${pages} pages were read.`);
    const texts: string[] = [];
    for (let n = 1; n <= readPages; n++) {
      let page: PdfPage;
      let items: TextItem[];
      try {
        page = await doc.getPage(n);
        items = (await page.getTextContent()).items;
      } catch {
        throw unreadable('pdf-corrupt', `The PDF is corrupt: page ${n} could not be read.`);
      }
      texts.push(pageText(items));
      page.cleanup();
    }
    const text = normaliseText(texts.join('\n\n'), { joinLines: true });
    if (!text) {
      throw noTextFound('No text layer was found in the PDF (it may be scanned); upload its pages as images for OCR.');
    }
    return { text, pages, warnings };
  } finally {
    await doc.destroy();
  }
}

/** Lines from the items' end-of-line flags; a vertical gap well above the line height starts a new paragraph. */
function pageText(items: TextItem[]): string {
  let out = '';
  let lastY: number | undefined;
  let lastHeight = 0;
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const y = item.transform?.[5];
    const height = item.height || lastHeight;
    if (y !== undefined && lastY !== undefined && height > 0 && Math.abs(lastY - y) > height * 1.8) {
      out = out.replace(/[ \n]*$/, '\n\n');
    }
    out += item.str;
    if (item.hasEOL) out += '\n';
    if (y !== undefined && item.str.trim()) {
      lastY = y;
      lastHeight = height;
    }
  }
  return out;
}
