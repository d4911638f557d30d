import type { NestExpressApplication } from '@nestjs/platform-express';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the e2e test hosts the real API; apps have no package entry
import { createApp } from '../../api/src/app.factory';
// eslint-disable-next-line @nx/enforce-module-boundaries -- same
import { totp } from '../../api/src/admin/mfa/totp';
// eslint-disable-next-line @nx/enforce-module-boundaries -- same
import { loadConfig } from '../../api/src/config';

/**
 * Two-factor sign-in in the admin console (issue 25 item 9), in Debian Chromium against the real API on PGlite with
 * ADMIN_MFA=required (the production default): the super admin is stopped at the gate, sets up an authenticator
 * (QR code and key), turns it on with the app's code, sees the recovery codes once and enters; a new session asks
 * for the code. Screenshots go to $INKPRINT_ADMIN_SCREENSHOTS when it is set.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = (process.env.INKPRINT_REQUIRE_SERVICES ?? '').split(',').map((s) => s.trim().toLowerCase());
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium && ['all', '1', 'chromium'].some((name) => required.includes(name)))
  throw new Error(`${CHROMIUM} is missing but INKPRINT_REQUIRE_SERVICES requires chromium`);
const describeInBrowser = hasChromium ? describe : describe.skip;
const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };
const SHOTS = process.env.INKPRINT_ADMIN_SCREENSHOTS;

describeInBrowser('Admin two-factor sign-in in Chromium', () => {
  let api: NestExpressApplication;
  let browser: Browser;
  let base: string;
  let tmp: string;
  const errors: string[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-mfa-e2e-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'pglite'),
      JWT_SECRET: 'admin-mfa-e2e-secret-0123456789abcdef',
      SUPER_ADMIN_EMAIL: SUPER.email,
      SUPER_ADMIN_PASSWORD: SUPER.password,
      ADMIN_MFA: 'required',
    });
    api = await createApp(config);
    await api.listen(0, '127.0.0.1');
    const address = api.getHttpServer().address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function signedInPage(): Promise<Page> {
    const answer = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUPER),
    });
    const session = (await answer.json()) as { user: unknown; tokens: unknown };
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
    });
    await page.goto(`${base}/health`);
    await page.evaluate((value) => localStorage.setItem('inkprint.session', JSON.stringify(value)), session);
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 768, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('stops an admin without it at the gate, sets it up with a QR code, shows recovery codes once, then asks each new session', async () => {
    const page = await signedInPage();
    await page.goto(`${base}/admin`);
    await page.getByText('This console needs two-factor sign-in').waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'mfa-setup');
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('That code is not right').waitFor();
    await page.getByLabel('Code from the app').fill(totp(secret, new Date()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const shown = (await codes.allTextContents()).map((code) => code.trim());
    // Issue 43 item 6: the codes can be copied and downloaded as a .txt file.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('The codes are on your clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const code of shown) expect(copied).toContain(code);
    expect(copied).toContain(`Account: ${SUPER.email}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^inkprint-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/);
    const file = fs.readFileSync((await download.path())!, 'utf8');
    expect(file.split('\n').filter((line) => shown.includes(line))).toEqual(shown);
    await shot(page, 'mfa-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: 'Admin control center' }).waitFor();

    // A new session: the code, then the console.
    const next = await signedInPage();
    await next.goto(`${base}/admin`);
    await next.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await shot(next, 'mfa-verify');
    // A code is accepted once (RFC 6238 §5.2, issue 39 item 5): the set-up took this time-step's code, so the new
    // session sends the next step's, which the ±1-step window accepts.
    await next.getByLabel('Code').fill(totp(secret, new Date(Date.now() + 30_000)));
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.getByRole('heading', { name: 'Admin control center' }).waitFor();
    await next.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
    // The super admin is told the truth: nobody resets their factor (the reset is theirs to do for other admins).
    await next
      .getByText(
        'Two-factor sign-in is on for your account. 10 recovery codes left. You are the super admin: nobody can reset your second factor for you.',
      )
      .waitFor();
    expect(await next.getByTestId('mfa-status').textContent()).not.toContain('the super admin can reset');
    await shot(next, 'mfa-status-super-admin');
    expect(errors).toEqual([]);
  });
});
