import type { BatchResponse } from '@inkprint/contracts';
import type { Page } from 'playwright-core';
import * as fs from 'node:fs';
import * as path from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the ingest library's test fixtures (real docx and pdf bytes)
import { makeDocx, makePdf } from '../../../libs/ingest/src/testing/fixtures';
import { readPdf, shootPdfPages } from './pdf-text';
import {
  axeViolations,
  createAccount,
  describeInBrowser,
  PASSWORD,
  post,
  REPO_ROOT,
  storeSession,
  SUPER_ADMIN,
  uniqueEmail,
  useBrowserSuite,
  type SignedIn,
} from './support';

/** BATCH_SCREENSHOTS=1 also writes docs/screenshots/batch-*.png at 360, 768 and 1280 px. */
const SHOTS = process.env.BATCH_SCREENSHOTS === '1';
const WIDTHS = [360, 768, 1280];
const TOPICS = [
  'the canal',
  'the bakery',
  'the allotment',
  'the night bus',
  'the library',
  'the football',
  'a wedding',
];
const essay = (n: number) =>
  `About ${TOPICS[n % TOPICS.length]}, take ${n}. I missed the 8:14 again, so I walked. Rain, obviously. By the ` +
  "time I reached the bakery on Carver St. they'd sold out of the rye my mum likes, and the woman at the till gave " +
  "me yesterday's loaf for free because I looked that miserable. Small mercies. Got home soaked, burnt the toast, " +
  'laughed about it anyway, and wrote it all down before I forgot.';

/** Twelve files as a lecturer's folder might hold them: texts, Word, PDF, one damaged, one too short. */
function folder(): Array<{ name: string; mimeType: string; buffer: Buffer }> {
  const txt = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  return [
    ...Array.from({ length: 7 }, (_, i) => txt(`essay-${i + 1}.txt`, essay(i))),
    { name: 'essay-8.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(makeDocx([essay(8)])) },
    { name: 'essay-9.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(makeDocx([essay(9)])) },
    { name: 'essay-10.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf([[essay(10)]])) },
    { name: 'damaged.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj garbage, no end') },
    txt('note.txt', 'Back in five minutes.'),
  ];
}

describeInBrowser('batch check in Chromium', () => {
  const suite = useBrowserSuite({ env: { INKPRINT_LANGUAGE_MODEL: 'off' } });

  async function pageAs(account: SignedIn | null): Promise<Page> {
    const context = await suite.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = suite.watch(await context.newPage(), { console: true });
    await storeSession(page, suite.app.baseUrl, account);
    await page.goto(`${suite.app.baseUrl}/batch`);
    return page;
  }

  async function shoot(page: Page, name: string) {
    for (const width of [...WIDTHS, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.evaluate(() => window.scrollTo(0, 0));
      if (SHOTS && WIDTHS.includes(width))
        await page.screenshot({
          path: path.join(REPO_ROOT, `docs/screenshots/batch-${name}-${width}.png`),
          fullPage: true,
        });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** Pages of a PDF rendered by pdf.js inside Chromium (served from node_modules on the app's origin), to look at. */
  async function shootPdf(bytes: Buffer, pages: number[]) {
    if (!SHOTS) return;
    const context = await suite.newContext({ viewport: { width: 900, height: 1200 } });
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/favicon.svg`);
    await shootPdfPages(
      page,
      suite.app.baseUrl,
      bytes,
      pages.map((n) => ({
        page: n,
        width: 900,
        height: 1200,
        file: path.join(REPO_ROOT, `docs/screenshots/batch-pdf-page-${n}.png`),
      })),
    );
  }

  it('asks a signed-out visitor to sign in, and the sign-in comes back to /batch (issue 43 item 7)', async () => {
    const page = await pageAs(null);
    await page.getByText('Sign in to check several files at once.').waitFor();
    await page.getByRole('alert').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/signin\?redirect=%2Fbatch$/);
    const kai = await createAccount(suite.app.baseUrl, uniqueEmail('batch-signin'));
    await page.locator('input[name="email"]').fill(kai.user.email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${suite.app.baseUrl}/batch`);
    await page.getByRole('button', { name: 'Check files' }).waitFor();
  });

  it('gives a batch its own URL that survives a reload, lists recent batches, and moves the header meter as it runs (issue 43 item 3)', async () => {
    const ada = await createAccount(suite.app.baseUrl, uniqueEmail('batch-url'));
    const page = await pageAs(ada);
    // What a batch costs, said before it is sent: too-short (and empty) files are free.
    await page.getByText(/files under 50 words are free/).waitFor();
    await page.getByText('No batches yet', { exact: false }).waitFor();
    const meter = page.getByTestId('usage-line');
    await meter.filter({ hasText: /^Detect: 0 \/ \d+ today/ }).waitFor();

    await page.getByLabel('Or paste texts').fill(`${essay(3)}\n---\n${essay(4)}\n---\nHello world`);
    await page.getByRole('button', { name: 'Check texts' }).click();
    await page.waitForURL(/\/batch\/[0-9a-f-]{36}$/);
    const url = page.url();
    const id = url.split('/').pop()!;
    await page.getByText('3 of 3 checked').waitFor({ timeout: 60_000 });
    // The header's meter follows the batch without a reload: two counted, the too-short text free.
    await meter.filter({ hasText: /^Detect: 2 \/ \d+ today/ }).waitFor({ timeout: 10_000 });
    const short = page.getByTestId('batch-row').filter({ hasText: 'Text 3' });
    await short.getByText('Too short to judge').waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toContain('Engine confidence');
    // The recent list has this batch, marked as the one shown.
    const recent = page.getByTestId('recent-batch');
    await recent.filter({ hasText: '3 files · done' }).waitFor();
    expect(await recent.first().getByRole('link').getAttribute('aria-current')).toBe('page');
    await shoot(page, 'run');

    // Reloaded, the batch's URL shows its results from the API, not a blank form.
    await page.reload();
    await page.getByText('3 of 3 checked').waitFor();
    expect(await page.getByTestId('batch-row').count()).toBe(3);
    await page.getByTestId('batch-row').filter({ hasText: 'Text 3' }).getByText('Too short to judge').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'reloaded');

    // The too-short text is 'Too short to judge' in the API, its report and the report's PDF, with no AI figure
    // (issue 43 item 2: its report read 'Mixed, AI 49.0%', 'highest chunk 49.9%').
    const answer = (await (
      await fetch(`${suite.app.baseUrl}/ai/batches/${id}`, {
        headers: { authorization: `Bearer ${ada.tokens.accessToken}` },
      })
    ).json()) as BatchResponse;
    const hello = answer.items[2].result!;
    expect(hello.finalLabel).toBe('Too short to judge');
    expect(hello.warning?.codes).toContain('TEXT_TOO_SHORT');
    expect(hello.rationale).toMatch(/^Too short to judge: with only 2 words \(minimum 50\)/);
    expect(hello.rationale).not.toMatch(/\d%/);
    const figure = `${hello.aiProbability.toFixed(1)}%`;
    await page.getByRole('button', { name: 'Report for Text 3' }).click();
    const dialog = page.getByRole('dialog');
    const view = dialog.getByTestId('report-view');
    await view.getByTestId('too-short-note').waitFor();
    const text = (await view.textContent()) ?? '';
    expect(text).toContain('ClassificationToo short to judge');
    expect(text).toContain('Confidence (Human / AI)—');
    expect(text).toContain('the detector counted 2 words; at least 50 are needed for a verdict');
    for (const absent of ['AI probability', 'Highest chunk', 'chunk breakdown', figure, "'Share Report'"])
      expect(text).not.toContain(absent);
    // axe reads colours as drawn: wait until the dialog's fade-in has ended (mid-fade the title measured 3:1).
    await page.waitForFunction(() => {
      const container = document.querySelector('.MuiDialog-container');
      return container !== null && getComputedStyle(container).opacity === '1';
    });
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(REPO_ROOT, `docs/screenshots/batch-report-too-short-${width}.png`) });
      }
    await page.setViewportSize({ width: 1280, height: 900 });
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save PDF' }).click(),
    ]);
    const reportPdf = await readPdf(fs.readFileSync((await saved.path())!));
    expect(reportPdf.text).toContain('Too short to judge');
    for (const absent of ['AI probability', 'Highest chunk', figure, "'Share Report'"])
      expect(reportPdf.text).not.toContain(absent);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // /batch lists it; its link opens it again.
    await page.goto(`${suite.app.baseUrl}/batch`);
    await recent.filter({ hasText: '3 files · done' }).getByRole('link').click();
    await page.waitForURL(url);
    await page.getByText('3 of 3 checked').waitFor();
    await page.goto(`${suite.app.baseUrl}/batch`);
    await recent.first().waitFor();
    await shoot(page, 'recent');

    // Another account's batch URL is not theirs to read.
    const eve = await createAccount(suite.app.baseUrl, uniqueEmail('batch-other'));
    const other = await pageAs(eve);
    await other.goto(`${suite.app.baseUrl}/batch/${id}`);
    await other.getByText('This batch does not exist.').waitFor();
    expect(await other.getByTestId('batch-row').count()).toBe(0);
    await other.getByText('No batches yet', { exact: false }).waitFor();
  }, 120_000);

  // Issue 43 item 7: a too-short file's 'Share Report' answered REPORT_SOURCE_NOT_FOUND. A text too short to judge has
  // no verdict to share (the demo never sends one): its report is not offered for sharing; a checked file's shares.
  it("offers no 'Share Report' for a too-short file's report; a checked file's report shares", async () => {
    const lin = await createAccount(suite.app.baseUrl, uniqueEmail('batch-share'));
    const page = await pageAs(lin);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.baseUrl });
    await page.getByLabel('Or paste texts').fill(`${essay(5)}\n---\nHello world`);
    await page.getByRole('button', { name: 'Check texts' }).click();
    await page.getByText('2 of 2 checked').waitFor({ timeout: 60_000 });
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: 'Report for Text 2' }).click();
    await dialog.getByTestId('too-short-note').waitFor();
    await dialog
      .getByTestId('share-too-short')
      .filter({ hasText: 'Too short to judge: there is no verdict to share.' })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Share Report' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save PDF' }).waitFor();
    await page.waitForFunction(() => {
      const container = document.querySelector('.MuiDialog-container');
      return container !== null && getComputedStyle(container).opacity === '1';
    });
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(REPO_ROOT, `docs/screenshots/batch-report-too-short-${width}.png`) });
      }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Report for Text 1' }).click();
    await dialog.getByTestId('report-view').waitFor();
    expect(await dialog.getByTestId('share-too-short').count()).toBe(0);
    const answered = page.waitForResponse((r) => r.url().endsWith('/ai/report'));
    await dialog.getByRole('button', { name: 'Share Report' }).click();
    const response = await answered;
    expect(`${response.status()} ${(await response.text()).slice(0, 300)}`).toMatch(/^201 /);
    await dialog.getByTestId('verify-link').waitFor();
    const link = (await dialog.getByTestId('verify-link').textContent())!;
    const shared = await page.context().newPage();
    await shared.goto(link);
    await shared.getByTestId('report-view').waitFor();
    await shared.close();
  }, 120_000);

  it('checks 12 mixed files with progress per file, reports the bad one, and exports the table as CSV', async () => {
    const lee = await createAccount(suite.app.baseUrl, uniqueEmail('batch'));
    const root = await post<SignedIn>(suite.app.baseUrl, '/auth/login', SUPER_ADMIN);
    expect(
      (
        await post(
          suite.app.baseUrl,
          `/admin/users/${lee.user.id}/plan`,
          { planSlug: 'basic' },
          root.body.tokens.accessToken,
        )
      ).status,
    ).toBe(200);
    const page = await pageAs(lee);
    await page.getByTestId('batch-files').setInputFiles(folder());
    await page.getByText('12 files chosen').waitFor();
    await page.getByRole('button', { name: 'Check files' }).click();

    // Progress per file while it runs, without a reload, until all 12 are settled.
    await page.getByTestId('batch-progress').waitFor();
    expect(await page.getByTestId('batch-row').count()).toBe(12);
    await page.getByText('12 of 12 checked').waitFor({ timeout: 120_000 });
    const rows = page.getByTestId('batch-row');
    expect(await page.locator('[data-testid="batch-row"][data-status="done"]').count()).toBe(11);
    const damaged = rows.filter({ hasText: 'damaged.pdf' });
    expect(await damaged.getAttribute('data-status')).toBe('failed');
    await damaged.getByText('Failed', { exact: true }).waitFor();
    await rows.filter({ hasText: 'note.txt' }).getByText('Too short to judge').waitFor();
    const essay1 = rows.filter({ hasText: 'essay-1.txt' });
    expect(await essay1.locator('td').nth(3).textContent()).toMatch(/^(Human|Mixed|AI-Generated)$/);
    expect(await essay1.locator('td').nth(4).textContent()).toMatch(/^\d+\.\d%$/);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'done');

    // A file's report opens in the report modal, with the file's own text.
    await essay1.getByRole('button', { name: 'Report for essay-1.txt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('report-view').waitFor();
    await dialog.getByText('About the canal, take 0.', { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: 'Save PDF' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // CSV, read back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(download.suggestedFilename()).toMatch(/^inkprint-batch-.+\.csv$/);
    expect(csv[0]).toBe('file,words,verdict,ai_percent,engine_confidence_percent,ai_parts,ai_parts_word_percent,error');
    expect(csv.filter(Boolean)).toHaveLength(13);
    expect(csv.find((line) => line.startsWith('note.txt'))).toMatch(/^note\.txt,\d+,Too short to judge,,,,,$/);
    expect(csv.find((line) => line.startsWith('damaged.pdf'))).toMatch(/^damaged\.pdf,,Failed,,,,,.+/);
    // moderate looks for AI-written parts: 'None found' or the sentences, and their share of the words
    expect(csv.find((line) => line.startsWith('essay-10.pdf'))).toMatch(
      /^essay-10\.pdf,\d+,(Human|Mixed|AI-Generated),\d+\.\d,\d+\.\d,(None found|"sentences? [^"]+"),\d+\.\d,$/,
    );

    // One PDF: a summary page with every file, then a report per checked file (A4, as the single report).
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^inkprint-batch-.+\.pdf$/);
    const pdfBytes = fs.readFileSync((await pdfDownload.path())!);
    await shootPdf(pdfBytes, [1, 2]);
    const pdf = await readPdf(pdfBytes);
    // A summary page, then one page per checked file: no page holding a few overflow lines (issue 43 item 7).
    expect(pdf.sizes.length).toBe(12);
    for (const [width, height] of pdf.sizes) {
      expect(width).toBeCloseTo(595.28, 1);
      expect(height).toBeCloseTo(841.89, 1);
    }
    expect(pdf.text).toContain('Batch check summary');
    for (const name of ['essay-1.txt', 'essay-10.pdf', 'damaged.pdf', 'note.txt']) expect(pdf.text).toContain(name);
    expect(pdf.text).toContain('About the canal, take 0.');
    expect(pdf.text.split('1. Introduction').length - 1).toBe(11);
    expect(pdf.text).toContain('Engine conf. %');
    // The too-short note.txt's report gives no AI figure: ten AI bars for the ten files with a verdict.
    expect(pdf.text.split('AI probability').length - 1).toBe(10);
    expect(pdf.text).not.toContain("'Share Report'");

    // Ten checks counted: the too-short and the damaged file are not.
    const me = await fetch(`${suite.app.baseUrl}/auth/me`, {
      headers: { authorization: `Bearer ${lee.tokens.accessToken}` },
    });
    expect(((await me.json()) as { usage: { detector: { dailyUsed: number } } }).usage.detector.dailyUsed).toBe(10);
  }, 180_000);

  it('checks pasted texts separated by --- lines', async () => {
    const kim = await createAccount(suite.app.baseUrl, uniqueEmail('batch-paste'));
    const page = await pageAs(kim);
    await page.getByLabel('Or paste texts').fill(`${essay(1)}\n---\n${essay(2)}`);
    await page.getByText('2 texts; separate them with a line holding only ---').waitFor();
    await page.getByRole('button', { name: 'Check texts' }).click();
    await page.getByText('2 of 2 checked').waitFor({ timeout: 60_000 });
    for (const name of ['Text 1', 'Text 2'])
      expect(await page.getByTestId('batch-row').filter({ hasText: name }).getAttribute('data-status')).toBe('done');
  }, 120_000);
});
