import type { NestExpressApplication } from '@nestjs/platform-express';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
// The API in this process, as console.e2e.spec.ts runs it.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the e2e test hosts the real API; apps have no package entry
import { createApp } from '../../api/src/app.factory';
// eslint-disable-next-line @nx/enforce-module-boundaries -- same
import { loadConfig } from '../../api/src/config';

/**
 * Issue 29: an admin sees an account's API keys (names, scopes, cap, last use) on its page and revokes one; the key
 * is refused at once and the timeline says who revoked it. Chromium against the built console, the API from its
 * sources on PGlite (ports 3200-3299, like console.e2e.spec.ts). Screenshots go to $INKPRINT_ADMIN_SCREENSHOTS.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
const describeInBrowser = hasChromium ? describe : describe.skip;
const REPO_ROOT = path.resolve(__dirname, '../../..');
const SUPER = { email: 'root-keys@inkprint.test', password: 'Sup3r-secret!' };
const PASSWORD = 'Corr3ct-horse';
const SHOTS = process.env.INKPRINT_ADMIN_SCREENSHOTS;
const TEXT =
  'The committee reviewed the proposal in detail and agreed that the timeline was realistic. Several members asked ' +
  'for a clearer budget, and the authors promised a revised version before the next meeting. Two reviewers noted ' +
  'that the pilot had already run for a term without trouble, and the chair closed by thanking everyone for coming.';

interface Session {
  user: { id: string; name: string; email: string; role: string };
  tokens: { accessToken: string; refreshToken: string; expiresIn: number };
}

async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = 3200 + Math.floor(Math.random() * 100);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3200-3299');
}

describeInBrowser(`Admin console: an account's API keys${hasChromium ? '' : ` [skipped: ${CHROMIUM} missing]`}`, () => {
  let api: NestExpressApplication;
  let browser: Browser;
  let base: string;
  let tmp: string;
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];

  async function call<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token?: string) {
    const response = await fetch(base + url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  beforeAll(async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, 'apps/admin/dist/index.html')))
      execFileSync('npx', ['vite', 'build'], { cwd: path.join(REPO_ROOT, 'apps/admin'), stdio: 'pipe' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-keys-e2e-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await createApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'pglite'),
        JWT_SECRET: 'admin-keys-e2e-secret-0123456789abcdef',
        APP_PUBLIC_URL: base,
        SUPER_ADMIN_EMAIL: SUPER.email,
        SUPER_ADMIN_PASSWORD: SUPER.password,
        ABUSE_LIMITS: 'off',
      }),
    );
    await api.listen(port, '127.0.0.1');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await api?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function pageAs(session: Session): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
        errors.push(`console: ${message.text()}`);
    });
    await page.goto(`${base}/health`);
    await page.evaluate(
      (value) => localStorage.setItem('inkprint.session', JSON.stringify({ user: value.user, tokens: value.tokens })),
      session,
    );
    return page;
  }

  async function shot(page: Page, name: string) {
    for (const width of [1280, 768, 360]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) {
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('shows the keys with names, scopes and last use, and revokes one', async () => {
    const root = (await call<Session>('POST', '/auth/login', SUPER)).body;
    const address = `keys-owner-${Date.now().toString(36)}@example.com`;
    expect(
      (await call('POST', '/auth/register', { name: 'Kim Owner', email: address, password: PASSWORD })).status,
    ).toBe(201);
    const mail = await call<{ text: string }>(
      'GET',
      `/dev/mailbox/latest?to=${encodeURIComponent(address)}&kind=verification_code`,
    );
    const owner = (
      await call<Session>('POST', '/auth/verify-otp', { email: address, otp: /\b(\d{6})\b/.exec(mail.body.text)![1] })
    ).body;
    expect(
      (await call('POST', `/admin/users/${owner.user.id}/plan`, { planSlug: 'pro' }, root.tokens.accessToken)).status,
    ).toBe(200);
    const make = async (name: string, scopes: string[], dailyCap?: number) =>
      (
        await call<{ id: string; key: string }>(
          'POST',
          '/auth/api-keys',
          { name, scopes, ...(dailyCap ? { dailyCap } : {}) },
          owner.tokens.accessToken,
        )
      ).body;
    const grading = await make('Grading script', ['detect', 'reports'], 25);
    await make('Editor plugin', ['detect', 'humanise']);
    expect((await call('POST', '/ai/detect?mode=fast', { text: TEXT }, grading.key)).status).toBe(200);

    const page = await pageAs(root);
    await page.goto(`${base}/admin/users/${owner.user.id}/timeline`);
    const card = page.getByTestId('account-api-keys');
    const row = card.getByTestId('api-key-row').filter({ hasText: 'Grading script' });
    await row.waitFor();
    expect(await card.getByTestId('api-key-row').count()).toBe(2);
    for (const text of ['detect', 'reports', '25', grading.id]) await row.getByText(text, { exact: true }).waitFor();
    expect(await row.locator('td').nth(4).textContent()).toMatch(/UTC/);
    expect(await row.locator('td').nth(5).textContent()).toBe('1');
    expect(await page.content()).not.toContain(grading.key.split('.')[2]);
    await page.getByText(`with API key ${grading.id}`).first().waitFor();
    await shot(page, 'admin-api-keys');

    await row.getByRole('button', { name: 'Revoke API key Grading script' }).click();
    await page.getByRole('dialog').getByText('"Grading script" stops working at once.', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText(/^Revoked /).waitFor();
    await page.getByText(`API key ${grading.id} revoked by ${SUPER.email}`).waitFor();
    const refused = await call<{ code: string }>('POST', '/ai/detect?mode=fast', { text: TEXT }, grading.key);
    expect(refused).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID' } });
    await shot(page, 'admin-api-keys-revoked');
    expect(errors).toEqual([]);
  }, 120_000);
  // Issue 43 item 7: under 768 px the keys table scrolled sideways inside its card; below 900 px each key is a card.
  it('shows the keys as cards below 900 px, every field there without a sideways scroll', async () => {
    const root = (await call<Session>('POST', '/auth/login', SUPER)).body;
    const address = `keys-cards-${Date.now().toString(36)}@example.com`;
    expect(
      (await call('POST', '/auth/register', { name: 'Lee Cards', email: address, password: PASSWORD })).status,
    ).toBe(201);
    const mail = await call<{ text: string }>(
      'GET',
      `/dev/mailbox/latest?to=${encodeURIComponent(address)}&kind=verification_code`,
    );
    const owner = (
      await call<Session>('POST', '/auth/verify-otp', { email: address, otp: /\b(\d{6})\b/.exec(mail.body.text)![1] })
    ).body;
    expect(
      (await call('POST', `/admin/users/${owner.user.id}/plan`, { planSlug: 'pro' }, root.tokens.accessToken)).status,
    ).toBe(200);
    const made = await call<{ id: string }>(
      'POST',
      '/auth/api-keys',
      { name: 'Marking pipeline for the autumn term', scopes: ['detect', 'humanise', 'reports'], dailyCap: 40 },
      owner.tokens.accessToken,
    );
    expect(made.status).toBe(201);

    const page = await pageAs(root);
    await page.goto(`${base}/admin/users/${owner.user.id}`);
    const section = page.getByTestId('account-api-keys');
    for (const width of [360, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const card = section.getByTestId('api-key-card').filter({ hasText: 'Marking pipeline for the autumn term' });
      await card.waitFor();
      for (const text of ['detect', 'humanise', 'reports', '40', made.body.id, 'never'])
        await card.getByText(text, { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Revoke API key Marking pipeline for the autumn term' }).waitFor();
      // Nothing in the keys' section is wider than its box.
      const wide = await section.evaluate((root) =>
        [root, ...root.querySelectorAll('*')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
          .map((el) => `${el.tagName}.${el.className}`),
      );
      expect([width, wide]).toEqual([width, []]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    // A desktop keeps the table.
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.getByTestId('api-key-row').filter({ hasText: 'Marking pipeline' }).waitFor();
    expect(await section.getByTestId('api-key-card').count()).toBe(0);
    await shot(page, 'admin-api-keys-cards');
    expect(errors).toEqual([]);
  }, 120_000);
});
