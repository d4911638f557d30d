import type { Page } from 'playwright-core';
import * as path from 'node:path';
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

/** API_KEYS_SCREENSHOTS=1 also writes docs/screenshots/api-keys-*.png at 360, 768 and 1280 px. */
const SHOTS = process.env.API_KEYS_SCREENSHOTS === '1';
/** TOP_BAR_SCREENSHOTS=1 (or API_KEYS_SCREENSHOTS=1) writes docs/screenshots/top-bar-admin-*.png. */
const BAR_SHOTS = SHOTS || process.env.TOP_BAR_SCREENSHOTS === '1';
const WIDTHS = [360, 768, 1280];
const TEXT =
  'We walked along the canal after lunch, arguing about whether the heron was the same one as last week. ' +
  'Tom said yes, obviously, it has the same limp; I said herons do not limp. We are both probably wrong. ' +
  'On the way back we stopped at the lock, bought two terrible coffees from the boat, and watched a narrowboat ' +
  'take twenty minutes to go nowhere at all. Nobody minded.';

describeInBrowser('API keys page in Chromium', () => {
  const suite = useBrowserSuite();
  let client = 0;

  async function signedInPage(account: SignedIn | null, width = 1280): Promise<Page> {
    const context = await suite.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${++client}` },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.baseUrl });
    const page = suite.watch(await context.newPage(), { console: true });
    if (account) await storeSession(page, suite.app.baseUrl, account);
    await page.goto(`${suite.app.baseUrl}/account/api-keys`);
    return page;
  }

  async function onPlan(account: SignedIn, planSlug: string) {
    const root = await post<SignedIn>(suite.app.baseUrl, '/auth/login', SUPER_ADMIN);
    const changed = await post(
      suite.app.baseUrl,
      `/admin/users/${account.user.id}/plan`,
      { planSlug },
      root.body.tokens.accessToken,
    );
    expect(changed.status).toBe(200);
  }

  const detectWith = (key: string) =>
    fetch(`${suite.app.baseUrl}/ai/detect?mode=fast`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: TEXT }),
    });

  /** The page from its top, or what the viewport shows (a dialog: `fullPage` false). */
  async function shoot(page: Page, name: string, fullPage = true) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Nothing wider than the viewport at any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A full page from its top: scrolled, the sticky bar would be drawn mid-page.
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      if (SHOTS)
        await page.screenshot({
          path: path.join(REPO_ROOT, `docs/screenshots/api-keys-${name}-${width}.png`),
          fullPage,
        });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('asks a signed-out visitor to sign in, and returns them to /account/api-keys', async () => {
    const email = uniqueEmail('keys-out');
    await createAccount(suite.app.baseUrl, email);
    const page = await signedInPage(null);
    await page.getByText('Sign in to manage your API keys.').waitFor();
    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/signin\?redirect=%2Faccount%2Fapi-keys$/);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${suite.app.baseUrl}/account/api-keys`);
    await page.getByText('API keys come with the Basic, Pro and Enterprise plans. Upgrade to create one.').waitFor();
  });

  it('a Free account is told keys come with Basic, Pro and Enterprise, with a way to the plans', async () => {
    const free = await createAccount(suite.app.baseUrl, uniqueEmail('keys-free'));
    const page = await signedInPage(free);
    await page.getByText('API keys come with the Basic, Pro and Enterprise plans. Upgrade to create one.').waitFor();
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/#pricing');
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await shoot(page, 'free');
  });

  it('creates a key shown once with a copy button, which works until it is revoked', async () => {
    const ada = await createAccount(suite.app.baseUrl, uniqueEmail('keys'));
    await onPlan(ada, 'basic');
    const page = await signedInPage(ada);
    await page.getByRole('button', { name: 'Create key' }).waitFor();

    // The form checks what the API checks, in the same words.
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Name the key.').waitFor();
    await page.getByLabel('Name').fill('Grading script');
    await page.getByLabel('Daily cap (optional)').fill('21');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText("The daily cap must be at most your plan's daily limit of 20 requests.").waitFor();
    await page.getByLabel('Daily cap (optional)').fill('5');
    await page.getByRole('checkbox', { name: /Reports/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();

    const value = page.getByTestId('new-key-value');
    await value.waitFor();
    const key = (await value.textContent())!.trim();
    expect(key).toMatch(/^ink_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Grading script' });
    await row.getByText('Cap 5 a day').waitFor();
    await row.getByText(/Last used never · 0 uses/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'created');

    // The key works on the AI routes; the page, reloaded, never shows it again but shows its use.
    expect((await detectWith(key)).status).toBe(200);
    await page.reload();
    await row.getByText(/1 use$/).waitFor();
    expect(await page.getByTestId('new-key-value').count()).toBe(0);
    expect(await page.content()).not.toContain(key.split('.')[2]);

    // Revoke, confirmed: the row says so and the key is refused.
    await row.getByRole('button', { name: 'Revoke Grading script' }).click();
    await page.getByRole('dialog').getByText('Requests with this key are refused from now on.').waitFor();
    await shoot(page, 'revoke', false);
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    const refused = await detectWith(key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('API_KEY_INVALID');
    await shoot(page, 'revoked');
  });

  // Issue 43 item 7: a cap could not equal the plan's limit (1-19 on Basic's 20 a day); the curl example cut the key
  // line at 360 px and had no copy button.
  it("takes a cap equal to the plan's limit; the curl example wraps at 360 px and copies by keyboard", async () => {
    const cy = await createAccount(suite.app.baseUrl, uniqueEmail('keys-cap'));
    await onPlan(cy, 'basic');
    const page = await signedInPage(cy, 360);
    await page.getByRole('button', { name: 'Create key' }).waitFor();
    await page.getByText("Requests per tool per day for this key, 1 to 20. Empty: your plan's 20.").waitFor();
    await page.getByLabel('Name').fill('Whole allowance');
    await page.getByLabel('Daily cap (optional)').fill('20');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = ((await page.getByTestId('new-key-value').textContent()) ?? '').trim();
    expect(key).toMatch(/^ink_/);
    await page.getByTestId('api-key-row').filter({ hasText: 'Whole allowance' }).getByText('Cap 20 a day').waitFor();
    // The server holds the same rule: 21 is refused with the words the form uses.
    const over = await post<{ message: string }>(
      suite.app.baseUrl,
      '/auth/api-keys',
      { name: 'Too much', scopes: ['detect'], dailyCap: 21 },
      cy.tokens.accessToken,
    );
    expect(over).toMatchObject({
      status: 400,
      body: { message: "The daily cap must be at most your plan's daily limit of 20 requests." },
    });

    const curl = page.getByTestId('curl-example');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // The whole command is on screen: nothing to scroll inside the box, the box inside the page.
      const fit = await curl.evaluate((el) => ({
        inner: el.scrollWidth - el.clientWidth,
        right: el.getBoundingClientRect().right,
      }));
      expect(fit.inner).toBeLessThanOrEqual(0);
      expect(fit.right).toBeLessThanOrEqual(width);
      expect((await curl.textContent())!.replace(/\s+/g, ' ')).toContain(`-H 'Authorization: Bearer ${key}'`);
    }
    await page.setViewportSize({ width: 360, height: 900 });
    // Keyboard: focus the copy button (Tab from the button before it), Enter copies, a status says 'Copied'.
    const copy = page.getByRole('button', { name: 'Copy command' });
    await page.getByRole('button', { name: 'I have saved it' }).focus();
    await page.keyboard.press('Tab');
    expect(await copy.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /^Copied$/ })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.textContent());
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(key);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'curl');
  });

  it('is in the top bar for signed-in users at every desktop width (and in the phone menu)', async () => {
    const bo = await createAccount(suite.app.baseUrl, uniqueEmail('keys-nav'), 'Bartholomew Higginbotham');
    const page = await signedInPage(bo);
    await page.goto(suite.app.baseUrl + '/');
    const main = page.getByRole('navigation', { name: 'Main' });
    // From 961 px (the desktop bar) up, Batch and API keys are in the bar beside the landing links and the greeting
    // (a long name is cut with an ellipsis), and nothing in the bar is pushed past its edge.
    for (const width of [961, 1024, 1100, 1199, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const name of ['Batch', 'API keys', 'Blog', 'Contact'])
        await main.getByRole('link', { name, exact: true }).waitFor({ timeout: 5_000 });
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      const bar = await page.evaluate(() => {
        const toolbar = document.querySelector('header .MuiToolbar-root')!;
        const links = [...document.querySelectorAll('nav[aria-label="Main"] a')];
        const greeting = document.querySelector('[data-testid="greeting"]')!.parentElement!;
        return {
          overflow: toolbar.scrollWidth - toolbar.clientWidth,
          room: greeting.getBoundingClientRect().left - links[links.length - 1].getBoundingClientRect().right,
        };
      });
      expect([width, bar.overflow]).toEqual([width, 0]);
      expect(bar.room).toBeGreaterThanOrEqual(8);
      if (SHOTS)
        await page.screenshot({
          path: path.join(REPO_ROOT, `docs/screenshots/top-bar-${width}.png`),
          clip: { x: 0, y: 0, width, height: 72 },
        });
    }
    await page.setViewportSize({ width: 1024, height: 900 });
    await main.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL('**/account/api-keys');
    await page.goto(suite.app.baseUrl + '/');
    await main.getByRole('link', { name: 'Batch' }).click();
    await page.waitForURL('**/batch');
    for (const width of [360, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(suite.app.baseUrl + '/');
      await page.getByRole('button', { name: /menu/i }).first().click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.getByRole('link', { name: 'Batch' }).waitFor();
      if (SHOTS) {
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(REPO_ROOT, `docs/screenshots/top-bar-menu-${width}.png`) });
      }
      await menu.getByRole('link', { name: 'API keys' }).click();
      await page.waitForURL('**/account/api-keys');
    }
  });

  it("links an admin's bar to /account at every desktop width: the greeting, or an icon where it has no room", async () => {
    const root = await post<SignedIn>(suite.app.baseUrl, '/auth/login', SUPER_ADMIN);
    const page = await signedInPage(root.body);
    await page.goto(suite.app.baseUrl + '/');
    const main = page.getByRole('navigation', { name: 'Main' });
    // 961-1159 px: the admin's bar has one link more (Admin) and no greeting; an account icon takes its place.
    for (const width of [961, 1000, 1100, 1159, 1160, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await main.getByRole('link', { name: 'Admin', exact: true }).waitFor({ timeout: 5_000 });
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      const bar = await page.evaluate(() => {
        const toolbar = document.querySelector('header .MuiToolbar-root')!;
        const links = [...document.querySelectorAll('nav[aria-label="Main"] a')];
        const account = [...toolbar.querySelectorAll('a[href="/account"]')].filter(
          (a) => a.getBoundingClientRect().width > 0,
        );
        const box = account[0]?.getBoundingClientRect();
        return {
          overflow: toolbar.scrollWidth - toolbar.clientWidth,
          account: account.map((a) => a.getAttribute('data-testid')),
          room: box ? box.left - links[links.length - 1].getBoundingClientRect().right : -1,
          inside: box ? box.right <= toolbar.getBoundingClientRect().right : false,
        };
      });
      if (BAR_SHOTS)
        await page.screenshot({
          path: path.join(REPO_ROOT, `docs/screenshots/top-bar-admin-${width}.png`),
          clip: { x: 0, y: 0, width, height: 72 },
        });
      expect([width, bar.overflow, bar.account, bar.inside]).toEqual([
        width,
        0,
        [width < 1160 ? 'account-icon-link' : 'greeting'],
        true,
      ]);
      expect(bar.room).toBeGreaterThanOrEqual(8);
    }
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL(`${suite.app.baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Your account' }).getAttribute('aria-current')).toBe('page');
    expect(await axeViolations(page)).toEqual([]);
  });
});
