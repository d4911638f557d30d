// Reads a saved PDF back in the browser suites: page sizes and the text, with pdfjs-dist (ESM only).
// pdfjs is imported in a child Node process: a dynamic import from inside Jest's VM binds to the first test file's
// environment, and the next suite of the same worker that reads a PDF fails with "import after the Jest environment
// has been torn down" (seen with reports.e2e then ai-parts.e2e in one worker).
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page, Route } from 'playwright-core';

const READ_PDF = `
const pdfjs = await import(process.argv[1]);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const doc = await pdfjs.getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
const sizes = [], pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  sizes.push([page.view[2] - page.view[0], page.view[3] - page.view[1]]);
  pages.push((await page.getTextContent()).items.map((item) => item.str ?? '').join(' '));
}
process.stdout.write(JSON.stringify({ sizes, pages }));
`;

/** Page sizes (points) and the text of a PDF, read with pdfjs-dist; pageOf: the first page holding a text (1-based). */
export async function readPdf(
  bytes: Buffer,
): Promise<{ sizes: number[][]; text: string; pageOf: (needle: string) => number }> {
  const pdfjs = pathToFileURL(
    path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'legacy/build/pdf.mjs'),
  ).href;
  const out = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', READ_PDF, pdfjs],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin!.end(bytes);
  });
  const { sizes, pages } = JSON.parse(out) as { sizes: number[][]; pages: string[] };
  const pageOf = (needle: string): number => pages.findIndex((t) => t.includes(needle)) + 1;
  return { sizes, text: pages.join(' ').replace(/\s+/g, ' '), pageOf };
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
