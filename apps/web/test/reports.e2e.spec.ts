import type { Page } from 'playwright-core';
import type { DetectResponse, ReportResponse, SavedReport } from '@inkprint/contracts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { axeViolations, describeInBrowser, REPO_ROOT, useBrowserSuite } from './support';
import { readPdf, shootPdfPages } from './pdf-text';

/** REPORT_SCREENSHOTS=1 also writes docs/screenshots/report-*.png at 360, 768 and 1280 px. */
const SHOTS = process.env.REPORT_SCREENSHOTS === '1';
const WIDTHS = [360, 768, 1280];

/** 45 numbered sentences of 12 words: 540 words, so the PDF keeps sentences 1-10 and 36-45 and omits 300 words. */
const sentence = (n: number) => `Note ${n}: the morning was calm and we walked to the shore.`;
const LONG_TEXT = Array.from({ length: 45 }, (_, i) => sentence(i + 1)).join(' ');
const A4 = { width: 595.28, height: 841.89 };
const one = (percent: number) => `${(Math.round(percent * 10) / 10).toFixed(1)}%`;

/** What any report PDF must be: A4 pages, the excerpt rule for LONG_TEXT, the one-decimal scores. */
function expectReportPdf(pdf: { sizes: number[][]; text: string }, score: number) {
  expect(pdf.sizes.length).toBeGreaterThanOrEqual(1);
  for (const [width, height] of pdf.sizes) {
    expect(width).toBeCloseTo(A4.width, 1);
    expect(height).toBeCloseTo(A4.height, 1);
  }
  expect(pdf.text).toContain('Inkprint');
  expect(pdf.text).toContain('6. Platform Authenticity Verification');
  for (const n of [1, 2, 10, 36, 45]) expect(pdf.text).toContain(`Note ${n}:`);
  for (const n of [11, 20, 35]) expect(pdf.text).not.toContain(`Note ${n}:`);
  expect(pdf.text).toContain('300 words omitted');
  expect(pdf.text).toContain('The text has 540 words');
  expect(pdf.text).toContain(`AI probability ${one(score * 100)}`);
  expect(pdf.text).toContain(`Human probability ${one(100 - score * 100)}`);
  // Every percentage in the PDF has exactly one decimal.
  const percents = pdf.text.match(/\d+(?:\.\d+)?%/g) ?? [];
  expect(percents.length).toBeGreaterThan(2);
  for (const p of percents) expect(p).toMatch(/^\d+\.\d%$/);
}

describeInBrowser('report modal, page and PDF in Chromium', () => {
  const suite = useBrowserSuite();
  let client = 0;
  /** A report shared over HTTP from a real guest detection (the page tests open it). */
  let shared: { id: string; score: number; text: string; result: DetectResponse['result'] };

  beforeAll(async () => {
    const ip = '198.51.100.7';
    const guest = (await (
      await fetch(`${suite.app.baseUrl}/auth/guest/session`, { method: 'POST', headers: { 'x-forwarded-for': ip } })
    ).json()) as { guestId: string; token: string };
    const detected = await fetch(`${suite.app.baseUrl}/ai/detect?mode=fast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-guest-token': guest.token, 'x-forwarded-for': ip },
      body: JSON.stringify({ text: LONG_TEXT, guestId: guest.guestId }),
    });
    expect(detected.ok).toBe(true);
    const { result } = (await detected.json()) as DetectResponse;
    // Sharing needs the identity the detection was made for (the service looks its own detection up).
    const saved = await fetch(`${suite.app.baseUrl}/ai/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-guest-token': guest.token, 'x-forwarded-for': ip },
      body: JSON.stringify({ result: { ...result, originalText: LONG_TEXT }, guestId: guest.guestId }),
    });
    expect(saved.status).toBe(201);
    shared = { id: ((await saved.json()) as SavedReport).id, score: result.score, text: LONG_TEXT, result };
  }, 120_000);

  /** A fresh browser (its own storage, client address and clipboard permission). */
  async function visit(url: string, width = 1280): Promise<Page> {
    const context = await suite.newContext({
      viewport: { width, height: 900 },
      acceptDownloads: true,
      extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${++client}` },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.baseUrl });
    const page = suite.watch(await context.newPage(), { console: true });
    await page.goto(suite.app.baseUrl + url);
    return page;
  }

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
  const reportView = (page: Page) => page.getByTestId('report-view');

  async function savePdf(page: Page, scope: Page | ReturnType<Page['getByRole']>) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      scope.getByRole('button', { name: 'Save PDF' }).click(),
    ]);
    const file = await download.path();
    return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
  }

  /** The page from its top (fullPage), or what the viewport shows (a dialog). */
  async function shoot(page: Page, name: string, fullPage = true) {
    if (!SHOTS) return;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await page.screenshot({
        path: path.join(REPO_ROOT, `docs/screenshots/report-${name}-${width}.png`),
        fullPage,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** The PDF's first page rendered by pdf.js inside Chromium (served from node_modules on the app's origin). */
  async function shootPdf(bytes: Buffer) {
    if (!SHOTS) return;
    const page = await visit('/favicon.svg');
    await shootPdfPages(
      page,
      suite.app.baseUrl,
      bytes,
      WIDTHS.map((width) => ({
        page: 1,
        width,
        file: path.join(REPO_ROOT, `docs/screenshots/report-pdf-${width}.png`),
      })),
    );
  }

  it('previews a real detection in the modal, saves the PDF, shares it and opens the link in another browser', async () => {
    const page = await visit('/#demo');
    await page.locator('#demo-input').fill(LONG_TEXT);
    const answered = page.waitForResponse((r) => r.url().includes('/ai/detect') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Run detection' }).click();
    const { result } = (await (await answered).json()) as DetectResponse;
    await page.getByRole('button', { name: 'Preview Report' }).click();

    const dialog = page.getByRole('dialog', { name: 'AI detection report' });
    await dialog.waitFor();
    const view = dialog.getByTestId('report-view');
    const ai = one(result.score * 100);
    const human = one(100 - result.score * 100);
    await expect(view.textContent()).resolves.toContain(`${human} / ${ai}`);
    expect(await view.textContent()).toContain(LONG_TEXT);
    for (const n of [1, 2, 3, 4, 5, 6])
      await view.getByRole('heading', { level: 2, name: new RegExp(`^${n}\\. `) }).waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in (a mid-fade frame reads as low contrast)
    expect(await axeViolations(page)).toEqual([]);
    // Kept as a local preview (10 days).
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('inkprint.reportPreviews') ?? '[]'));
    expect(kept).toHaveLength(1);
    expect(kept[0].draft.text).toBe(LONG_TEXT);
    await shoot(page, 'modal', false);
    // Not shared yet: section 6 has no link (it used to point at the home page) and says how to get one.
    await view.getByTestId('verify-unshared').waitFor();
    expect(await view.getByTestId('verify-link').count()).toBe(0);
    // The two word counts say which is which (issue 30 item 9).
    expect(await view.textContent()).toMatch(/Words analysed \(detector count\)\s*\d/);

    // Focus stays inside the dialog.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    }

    const pdf = await savePdf(page, dialog);
    expect(pdf.name).toMatch(/^inkprint-report-\d+\.pdf$/);
    const draftPdf = await readPdf(pdf.bytes);
    expectReportPdf(draftPdf, result.score);
    expect(draftPdf.text).toContain('This report has not been shared');
    expect(draftPdf.text).not.toContain("'Share Report'");
    expect(draftPdf.text).not.toContain(suite.app.baseUrl);
    expect(draftPdf.text).toContain("The text has 540 words as written (section 4 gives the detector's count");
    expect(draftPdf.text).toContain('Words analysed (detector count)');
    await shootPdf(pdf.bytes);

    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/ai/report' && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Share Report' }).click();
    const savedResponse = await saved;
    expect(savedResponse.status()).toBe(201);
    const sentResult = (savedResponse.request().postDataJSON() as { result: { originalText?: string } }).result;
    expect(sentResult.originalText).toBe(LONG_TEXT);
    const { id } = (await savedResponse.json()) as SavedReport;
    await dialog.getByText(/^Link copied\. Expires /).waitFor();
    expect(await clipboard(page)).toContain(`${suite.app.baseUrl}/report/${id}`);
    await shoot(page, 'modal-shared', false);
    // Shared: section 6 links to the report's own page, and so does a PDF saved now.
    expect(await view.getByTestId('verify-link').getAttribute('href')).toBe(`${suite.app.baseUrl}/report/${id}`);
    const sharedPdf = await readPdf((await savePdf(page, dialog)).bytes);
    expect(sharedPdf.text).toContain(`${suite.app.baseUrl}/report/${id}`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Another browser opens the link and sees the same report.
    const other = await visit(`/report/${id}`);
    const otherView = reportView(other);
    await otherView.waitFor();
    const text = await otherView.textContent();
    expect(text).toContain(`${human} / ${ai}`);
    expect(text).toContain(LONG_TEXT);
    expect(text).toContain(`${LONG_TEXT.length.toLocaleString('en-US')} chars`);
    expect(text).toContain('English');
    expect(await other.getByRole('meter', { name: 'AI probability' }).getAttribute('aria-valuetext')).toBe(ai);
  }, 180_000);

  it('shows the shared report with its sections, Share Link, Save PDF and Try AI Detection', async () => {
    const page = await visit(`/report/${shared.id}`);
    const view = reportView(page);
    await view.waitFor();
    const ai = one(shared.score * 100);
    const text = await view.textContent();
    expect(text).toContain(`${one(100 - shared.score * 100)} / ${ai}`);
    for (const copy of ['1. Introduction', '2. Input Text', '3. Analysis Summary', '4. Feature Insights']) {
      expect(text).toContain(copy);
    }
    expect(text).toContain('5. Narrative Verdict');
    expect(text).toContain('6. Platform Authenticity Verification');
    expect(text).toMatch(/Confidential/);
    expect(await view.getByRole('link', { name: `${suite.app.baseUrl}/report/${shared.id}` }).count()).toBe(1);
    // The chunk breakdown opens and closes.
    const toggle = view.getByRole('button', { name: /Show chunk breakdown/ });
    await toggle.click();
    const chunks = view.getByRole('table', { name: 'Chunk breakdown' });
    await chunks.waitFor();
    expect(await chunks.locator('thead th').allTextContents()).toEqual(['#', 'Label', 'AI %', 'Confidence %', 'Words']);
    expect(await chunks.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'page');
    await view.getByRole('button', { name: /Hide chunk breakdown/ }).click();

    // Share Link: copies the URL, reads 'Link Copied!' for 1.8 s.
    await page.getByRole('button', { name: 'Share Link' }).click();
    await page.getByRole('button', { name: 'Link Copied!' }).waitFor();
    expect(await clipboard(page)).toBe(`${suite.app.baseUrl}/report/${shared.id}`);
    await page.getByRole('button', { name: 'Share Link' }).waitFor({ timeout: 4000 });

    // Save PDF reads 'Preparing…' while the PDF library arrives.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/jspdf*', async (route) => {
      await held;
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save PDF' }).click();
    await page.getByRole('button', { name: 'Preparing…' }).waitFor();
    release();
    const file = await download;
    expectReportPdf(await readPdf(fs.readFileSync(await file.path())), shared.score);
    await page.getByRole('button', { name: 'Save PDF' }).waitFor();

    await page.getByRole('link', { name: 'Try AI Detection' }).click();
    await page.waitForURL(`${suite.app.baseUrl}/`);
    await page.getByRole('button', { name: 'Run detection' }).waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('demo')?.getBoundingClientRect().top ?? 9999;
      return Math.abs(top) < 200;
    });
  }, 120_000);

  it('shows one AI figure for a result: the API answer, the report page (and its data), the PDF text and the rationale (issue 43 item 2)', async () => {
    const { result } = shared;
    const ai = `${result.aiProbability.toFixed(1)}%`;
    const human = `${(100 - result.aiProbability).toFixed(1)}%`;
    // The API answer: the percentage is the score, and the rationale quotes that figure.
    expect(one(result.score * 100)).toBe(ai);
    expect(result.rationale).toContain(ai);
    for (const chunk of result.chunks) expect(`${chunk.aiProbability.toFixed(1)}%`).toBe(one((chunk.score ?? 0) * 100));
    // The report's data as the page reads it.
    const data = (await (await fetch(`${suite.app.baseUrl}/ai/report/${shared.id}`)).json()) as ReportResponse;
    expect(one(data.result.score * 100)).toBe(ai);
    expect((data.result as { aiProbability?: number }).aiProbability).toBe(result.aiProbability);
    // The page: the split, the AI bar and the narrative verdict all carry it.
    const page = await visit(`/report/${shared.id}`);
    const view = reportView(page);
    await view.waitFor();
    const text = (await view.textContent()) ?? '';
    expect(text).toContain(`${human} / ${ai}`);
    expect(text).toContain(result.rationale);
    expect(await view.getByText(`AI probability`).count()).toBeGreaterThan(0);
    expect(text).toMatch(new RegExp(`AI probability\\s*${ai.replace('.', '\\.')}`));
    // The PDF's text: the split, the AI bar's label and the rationale.
    const pdf = await readPdf((await savePdf(page, page)).bytes);
    expect(pdf.text).toContain(`${human} / ${ai}`);
    expect(pdf.text).toContain(`AI probability ${ai}`);
    const rationaleFigure = /(\d+\.\d%)/.exec(result.rationale)![1];
    expect(rationaleFigure).toBe(ai);
    expect(pdf.text).toContain(rationaleFigure);
  }, 120_000);

  it("reads unknown and malformed ids as 'This report isn't available' (malformed ones are never sent)", async () => {
    const page = await visit('/favicon.svg');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ai/report/')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto(`${suite.app.baseUrl}/report/${'Zz9_'.repeat(6)}`);
    await page.getByRole('heading', { name: "This report isn't available" }).waitFor();
    expect(calls).toEqual([`/ai/report/${'Zz9_'.repeat(6)}`]);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'not-available');

    for (const bad of ['short7', 'x'.repeat(65), 'has.dots.in.it']) {
      calls.length = 0;
      await page.goto(`${suite.app.baseUrl}/report/${bad}`);
      await page.getByRole('heading', { name: "This report isn't available" }).waitFor();
      expect(calls).toEqual([]);
    }
  }, 120_000);

  it("shows the skeleton while loading, 'Unexpected Response' for a body that is not a report, and Retry after a failure", async () => {
    const page = await visit('/favicon.svg');
    const url = `${suite.app.baseUrl}/report/${shared.id}`;
    const pattern = `**/ai/report/${shared.id}`;

    // Loading: the answer is held.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url);
    await page.getByRole('status', { name: 'Loading report' }).waitFor();
    await shoot(page, 'loading');
    release();
    await reportView(page).waitFor();
    await page.unroute(pattern);

    // Parse error.
    await page.route(pattern, (route) => route.fulfill({ json: { createdAt: 'today', result: { score: 'high' } } }));
    await page.goto(url);
    await page.getByRole('heading', { name: 'Unexpected Response' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'unexpected-response');
    await page.unroute(pattern);

    // Generic error: /ai/report and the same-origin /api/ai/report both fail; Retry loads the report.
    const seen: string[] = [];
    await page.route(pattern, (route) => {
      seen.push(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 500, json: { message: 'Boom', status: 500, code: 'INTERNAL_ERROR' } });
    });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Unable to Load Report' }).waitFor();
    expect(seen).toEqual([`/ai/report/${shared.id}`, `/api/ai/report/${shared.id}`]);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'unable-to-load');
    await page.unroute(pattern);
    await page.getByRole('button', { name: 'Retry' }).click();
    await reportView(page).waitFor();
    expect(await reportView(page).textContent()).toContain(shared.text);
  }, 90_000);

  it('falls back to /api/ai/report when /ai/report fails other than 404', async () => {
    const page = await visit('/favicon.svg');
    await page.route(`**/${'ai/report'}/${shared.id}`, (route) => {
      if (new URL(route.request().url()).pathname.startsWith('/api/')) return route.continue();
      return route.fulfill({ status: 500, json: { message: 'Boom', status: 500, code: 'INTERNAL_ERROR' } });
    });
    await page.goto(`${suite.app.baseUrl}/report/${shared.id}`);
    await reportView(page).waitFor();
    const body = (await (await fetch(`${suite.app.baseUrl}/api/ai/report/${shared.id}`)).json()) as ReportResponse;
    expect(await reportView(page).textContent()).toContain(body.result.originalText);
  }, 120_000);
});
