import type { Page } from 'playwright-core';
import * as path from 'node:path';
import {
  axeViolations,
  createAccount,
  describeInBrowser,
  latestMail,
  PASSWORD,
  post,
  REPO_ROOT,
  storeSession,
  SUPER_ADMIN,
  uniqueEmail,
  useBrowserSuite,
  type SignedIn,
} from './support';

/** ACCOUNT_SCREENSHOTS=1 also writes docs/screenshots/account-*.png at 360, 768 and 1280 px. */
const SHOTS = process.env.ACCOUNT_SCREENSHOTS === '1';
const TEXT =
  'We walked along the canal after lunch, arguing about whether the heron was the same one as last week. ' +
  'Tom said yes, obviously, it has the same limp; I said herons do not limp. We are both probably wrong. ' +
  'On the way back we stopped at the lock, bought two terrible coffees from the boat, and watched a narrowboat ' +
  'take twenty minutes to go nowhere at all. Nobody minded.';

/** Issue 43 item 7: '/account' answered 404 and 'Hi, Alice' in the top bar led nowhere. */
describeInBrowser('account page in Chromium', () => {
  const suite = useBrowserSuite();
  let client = 0;

  async function pageAs(account: SignedIn | null, width = 1280): Promise<Page> {
    const context = await suite.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${++client}` },
    });
    const page = suite.watch(await context.newPage(), { console: true });
    await storeSession(page, suite.app.baseUrl, account && { user: account.user, tokens: account.tokens });
    return page;
  }

  async function shoot(page: Page, name: string) {
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.evaluate(() => window.scrollTo(0, 0));
      if (SHOTS)
        await page.screenshot({
          path: path.join(REPO_ROOT, `docs/screenshots/account-${name}-${width}.png`),
          fullPage: true,
        });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it("'Hi, Alice' opens /account: e-mail, plan, today's meters, a reset link by mail, sign out", async () => {
    const email = uniqueEmail('account');
    const alice = await createAccount(suite.app.baseUrl, email, 'Alice Liddell');
    const root = await post<SignedIn>(suite.app.baseUrl, '/auth/login', SUPER_ADMIN);
    expect(
      (
        await post(
          suite.app.baseUrl,
          `/admin/users/${alice.user.id}/plan`,
          { planSlug: 'basic' },
          root.body.tokens.accessToken,
        )
      ).status,
    ).toBe(200);
    const detected = await fetch(`${suite.app.baseUrl}/ai/detect?mode=fast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.tokens.accessToken}` },
      body: JSON.stringify({ text: TEXT }),
    });
    expect(detected.status).toBe(200);

    const page = await pageAs(alice);
    await page.goto(`${suite.app.baseUrl}/blogs`);
    await page.getByRole('link', { name: 'Hi, Alice' }).click();
    await page.waitForURL(`${suite.app.baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(email);
    await expect(page.getByTestId('account-name').textContent()).resolves.toBe('Alice Liddell');
    await page
      .getByTestId('account-plan-name')
      .filter({ hasText: /^Basic$/ })
      .waitFor();
    await page.getByTestId('meter-detector').filter({ hasText: '1 / 20' }).waitFor();
    await page.getByTestId('meter-humaniser').filter({ hasText: '0 / 20' }).waitFor();
    expect(await page.getByRole('link', { name: 'Hi, Alice' }).getAttribute('aria-current')).toBe('page');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'page');

    // The page's own address, reloaded, is the app with 200 (not the 404 page).
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();

    // A new password by a link mailed to the account (the API's reset route).
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText(`We sent a reset link to ${email}.`).waitFor();
    const mail = await latestMail(suite.app.baseUrl, email);
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    await shoot(page, 'reset-sent');

    // Phones reach it from the menu.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${suite.app.baseUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL(`${suite.app.baseUrl}/account`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sign out from the page: to /, signed out.
    await page.locator('main').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.app.baseUrl}/`);
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('inkprint.session'))).toBeNull();
  }, 120_000);

  it('asks a signed-out visitor to sign in, and returns them to /account', async () => {
    const email = uniqueEmail('account-out');
    await createAccount(suite.app.baseUrl, email, 'Bob Out');
    const page = await pageAs(null);
    const answer = await page.goto(`${suite.app.baseUrl}/account`);
    expect(answer?.status()).toBe(200);
    await page.getByText('Sign in to see your account.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'signed-out');
    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/signin\?redirect=%2Faccount$/);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${suite.app.baseUrl}/account`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
  }, 120_000);
});
