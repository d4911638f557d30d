// Reads a saved PDF back in the browser suites: page sizes and the text, with pdfjs-dist.
// The ingest library's loader of the ESM-only pdfjs-dist.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { importPackageFile } from '../../../libs/ingest/src/worker/esm';
import * as path from 'node:path';
import type { Page, Route } from 'playwright-core';

interface PdfPage {
  view: number[];
  getTextContent(): Promise<{ items: { str?: string }[] }>;
}
interface PdfJs {
  getDocument(params: Record<string, unknown>): {
    promise: Promise<{ numPages: number; getPage(n: number): Promise<PdfPage> }>;
  };
}

/** Page sizes (points) and the text of a PDF, read with pdfjs-dist; pageOf: the first page holding a text (1-based). */
export async function readPdf(
  bytes: Buffer,
): Promise<{ sizes: number[][]; text: string; pageOf: (needle: string) => number }> {
  const pdfjs = await importPackageFile<PdfJs>('pdfjs-dist', 'legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const sizes: number[][] = [];
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    sizes.push([page.view[2] - page.view[0], page.view[3] - page.view[1]]);
    parts.push((await page.getTextContent()).items.map((item) => item.str ?? '').join(' '));
  }
  const pageOf = (needle: string): number => parts.findIndex((t) => t.includes(needle)) + 1;
  return { sizes, text: parts.join(' ').replace(/\s+/g, ' '), pageOf };
}

/**
 * Pages of a PDF rendered by pdf.js inside Chromium, as PNG files to look at: `page` must be on the app's origin
 * (pdf.js is served from node_modules under /__pdf/ there); each shot sets the viewport width and renders one page
 * to that width.
 */
export async function shootPdfPages(
  page: Page,
  baseUrl: string,
  bytes: Buffer,
  shots: readonly { page: number; width: number; height?: number; file: string }[],
): Promise<void> {
  const build = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'build');
  await page.route(`${baseUrl}/__pdf/**`, (route: Route) => {
    const name = new URL(route.request().url()).pathname.replace('/__pdf/', '');
    if (name === 'doc.pdf') return route.fulfill({ body: bytes, contentType: 'application/pdf' });
    if (name === 'view.html')
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body style="margin:0;background:#e5e7eb"><canvas id="c"></canvas>
<script type="module">
import * as pdfjs from '/__pdf/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/__pdf/pdf.worker.mjs';
const doc = await pdfjs.getDocument('/__pdf/doc.pdf').promise;
const page = await doc.getPage(Number(location.search.slice(1)));
const scale = window.innerWidth / page.view[2];
const viewport = page.getViewport({ scale: scale * window.devicePixelRatio });
const canvas = document.getElementById('c');
canvas.width = viewport.width; canvas.height = viewport.height;
canvas.style.width = window.innerWidth + 'px';
await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
document.body.dataset.done = '1';
</script></body></html>`,
      });
    return route.fulfill({ path: path.join(build, name), contentType: 'text/javascript' });
  });
  for (const shot of shots) {
    await page.setViewportSize({ width: shot.width, height: shot.height ?? 900 });
    await page.goto(`${baseUrl}/__pdf/view.html?${shot.page}`);
    await page.locator('body[data-done="1"]').waitFor();
    await page.locator('#c').screenshot({ path: shot.file });
  }
}
