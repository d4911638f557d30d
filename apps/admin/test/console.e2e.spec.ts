import type { NestExpressApplication } from '@nestjs/platform-express';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
// The API in this process, as apps/api/test/start.e2e.spec.ts runs it (its dist may be rebuilt while this runs).
// eslint-disable-next-line @nx/enforce-module-boundaries -- the e2e test hosts the real API; apps have no package entry
import { createApp } from '../../api/src/app.factory';
// eslint-disable-next-line @nx/enforce-module-boundaries -- same
import { loadConfig } from '../../api/src/config';
// eslint-disable-next-line @nx/enforce-module-boundaries -- same: the hosted API's usage and event store
import { UsageService } from '../../api/src/usage';
// eslint-disable-next-line @nx/enforce-module-boundaries -- same
import { EVENT_STORE } from '../../api/src/platform/tokens';
// The test writes a run as an older version recorded it.
import { toolRunDecider, toolRunStreamId, type DetectionFacts } from '@inkprint/ai-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { planBySlug } from '@inkprint/plans-domain';

/**
 * The admin console in Debian Chromium against the built app: the API (started in this process from its sources, on
 * PGlite, on a port in 3200-3299) serving the built `apps/admin/dist` at /admin, with real accounts (sign-up through the dev mailbox) and the configured super
 * admin. Sessions are put in localStorage as the web app stores them (apps/admin/src/providers/session.ts), so the
 * test does not depend on the web app's pages. Screenshots go to $INKPRINT_ADMIN_SCREENSHOTS when it is set.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = (process.env.INKPRINT_REQUIRE_SERVICES ?? '').split(',').map((s) => s.trim().toLowerCase());
const chromiumRequired = ['all', '1', 'chromium'].some((name) => required.includes(name));
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium && chromiumRequired) {
  throw new Error(
    `${CHROMIUM} is missing but INKPRINT_REQUIRE_SERVICES requires chromium: apt-get install -y chromium`,
  );
}
const describeInBrowser = hasChromium ? describe : describe.skip;

const REPO_ROOT = path.resolve(__dirname, '../../..');
const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };
const PASSWORD = 'Corr3ct-horse';
const SHOTS = process.env.INKPRINT_ADMIN_SCREENSHOTS;

interface Session {
  user: { id: string; name: string; email: string; role: string };
  tokens: { accessToken: string; refreshToken: string; expiresIn: number };
}

/** Builds the console when its output is missing (a fresh clone). */
function ensureBuilt(): void {
  if (!fs.existsSync(path.join(REPO_ROOT, 'apps/admin/dist/index.html'))) {
    execFileSync('npx', ['vite', 'build'], { cwd: path.join(REPO_ROOT, 'apps/admin'), stdio: 'pipe' });
  }
}

/** A free port in 3200-3299 (the range this suite may use). */
async function freePort(): Promise<number> {
  const start = 3200 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3200 + ((start - 3200 + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3200-3299');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeInBrowser(`Admin console in Chromium${hasChromium ? '' : ` [skipped: ${CHROMIUM} missing]`}`, () => {
  let api: NestExpressApplication;
  let browser: Browser;
  let base: string;
  let tmp: string;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  let n = 0;
  const email = (tag: string) => `${tag}-${++n}-${stamp}@example.com`;

  async function call<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }> {
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

  async function mail(to: string, kind: 'verification_code' | 'admin_invite'): Promise<string> {
    const answer = await call<{ text: string }>('GET', `/dev/mailbox/latest?to=${encodeURIComponent(to)}&kind=${kind}`);
    expect(answer.status).toBe(200);
    return answer.body.text;
  }

  async function signUp(address: string, name: string): Promise<Session> {
    expect(
      (await call('POST', '/auth/register', { name, email: address, password: PASSWORD, confirm: PASSWORD })).status,
    ).toBe(201);
    const otp = /\b(\d{6})\b/.exec(await mail(address, 'verification_code'))?.[1];
    const verified = await call<Session>('POST', '/auth/verify-otp', { email: address, otp });
    expect(verified.status).toBe(200);
    return verified.body;
  }

  async function logIn(address: string, password = PASSWORD): Promise<Session> {
    const answer = await call<Session>('POST', '/auth/login', { email: address, password });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  const contexts: BrowserContext[] = [];
  /** A page whose localStorage holds `session` (as the web app stores it), or none. */
  async function pageAs(session: Session | null, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
        pageErrors.push(`console: ${message.text()}`);
      }
    });
    await page.goto(`${base}/health`);
    if (session) {
      await page.evaluate(
        (value) => localStorage.setItem('inkprint.session', JSON.stringify({ user: value.user, tokens: value.tokens })),
        session,
      );
    }
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 768, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await sleep(300);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** axe-core on the current screen: no serious or critical violations. */
  async function expectAccessible(page: Page, screen: string): Promise<void> {
    // Toasts fade in and out (420 ms): a frame mid-fade reads as low contrast. Judge them once they are settled.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="toast"]')].every((toast) => {
          for (let el: Element | null = toast; el; el = el.parentElement)
            if (getComputedStyle(el).opacity !== '1') return false;
          return true;
        }),
      undefined,
      { timeout: 5_000 },
    );
    // Through the DevTools protocol: the console's CSP (no inline scripts) refuses an added <script> tag.
    await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: Document,
              options: unknown,
            ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
    });
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect({ screen, serious }).toEqual({ screen, serious: [] });
  }

  async function toast(page: Page, text: string): Promise<void> {
    await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
  }

  let root: Session;
  let plain: Session;
  let stranger: Session;
  const invitee = { email: '', name: 'Ivy Invitee' };

  beforeAll(async () => {
    ensureBuilt();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'pglite'),
      JWT_SECRET: 'admin-console-e2e-secret-0123456789abcdef',
      APP_PUBLIC_URL: base,
      SUPER_ADMIN_EMAIL: SUPER.email,
      SUPER_ADMIN_PASSWORD: SUPER.password,
      // The directory is filled with 24 sign-ups from this one address in seconds (the hourly limit is 10).
      ABUSE_LIMITS: 'off',
    });
    api = await createApp(config);
    await api.listen(port, '127.0.0.1');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    root = await logIn(SUPER.email, SUPER.password);
    plain = await signUp(email('plain'), 'Plain User');
    stranger = await signUp(email('stranger'), 'Sam Stranger');
    // 22 more accounts, a third left unverified, so the directory has two pages of 20 and a pending filter to show.
    for (let i = 0; i < 22; i++) {
      const address = email(i % 3 === 0 ? 'pending' : 'crowd');
      if (i % 3 === 0) {
        expect(
          (await call('POST', '/auth/register', { name: `Pending ${i}`, email: address, password: PASSWORD })).status,
        ).toBe(201);
      } else {
        await signUp(address, `Crowd ${i}`);
      }
    }
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await api?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    expect(pageErrors.splice(0)).toEqual([]);
  });

  describe('guard', () => {
    it('sends a signed-out visitor to /signin remembering the path', async () => {
      const page = await pageAs(null);
      await page.goto(`${base}/admin/users?status=active`);
      await page.waitForURL((url) => url.pathname === '/signin');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/users?status=active');
      expect(await page.evaluate(() => localStorage.getItem('inkprint.redirect'))).toBe('/admin/users?status=active');
      pageErrors.splice(0); // the web app's /signin may not exist yet: its 404 is not the console's error
    });

    it('sends a plain user to /', async () => {
      const page = await pageAs(plain);
      await page.goto(`${base}/admin`);
      await page.waitForURL((url) => url.pathname === '/');
      pageErrors.splice(0);
    });

    it("shows 'Loading admin experience…' while the profile loads, then lets an admin in", async () => {
      const page = await pageAs(root);
      await page.route('**/auth/me', async (route) => {
        await sleep(1500);
        await route.continue();
      });
      await page.goto(`${base}/admin`);
      await page.getByText('Loading admin experience…').waitFor();
      await shot(page, 'loading');
      await page.getByRole('heading', { name: 'Admin control center' }).waitFor();
      await page.getByText('Total accounts').waitFor();
    });

    it('refreshes an expired access token once and writes the rotated tokens back', async () => {
      const page = await pageAs(await logIn(SUPER.email, SUPER.password));
      await page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem('inkprint.session')!);
        s.tokens.accessToken = 'expired.or.forged';
        localStorage.setItem('inkprint.session', JSON.stringify(s));
      });
      await page.goto(`${base}/admin`);
      await page.getByRole('heading', { name: 'Admin control center' }).waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('inkprint.session')!));
      expect(stored.tokens.accessToken).not.toBe('expired.or.forged');
    });
  });

  describe('super admin', () => {
    it('shows the dashboard: cards, paid plans, recent enrolments, latest humanisations', async () => {
      // One detection by a guest and one by an account, so the latest-humanisations table has both kinds of row
      // (50 words or more: a shorter text gets no verdict and no history row).
      const guest = await call<{ guestId: string; token: string }>('POST', '/auth/guest/session');
      const text =
        'The committee reviewed the proposal in detail and agreed that the timeline was realistic. Several members asked for a clearer budget, and the authors promised a revised version before the next meeting. ' +
        'The chair thanked everyone for their patience, noted that the venue would change in spring, and asked the secretary to circulate the minutes within a week so that nobody would miss the deadline.';
      const byGuest = await fetch(`${base}/ai/detect?mode=fast`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-guest-token': guest.body.token },
        body: JSON.stringify({ text, guestId: guest.body.guestId }),
      });
      expect(byGuest.status).toBe(200);
      expect(
        (await call('POST', '/ai/detect?mode=fast', { text: `${text} Thanks.` }, plain.tokens.accessToken)).status,
      ).toBe(200);
      const page = await pageAs(root);
      await page.goto(`${base}/admin`);
      await page.getByRole('heading', { name: 'Admin control center' }).waitFor();
      for (const label of ['Total accounts', 'Active users', 'Pending verification', 'Admin accounts']) {
        await page.getByTestId(`summary-${label}`).waitFor();
      }
      expect(await page.getByTestId('summary-Total accounts').textContent()).toBe('25');
      expect(await page.getByTestId('summary-Pending verification').textContent()).toBe('8');
      expect(await page.getByTestId('paid-plans').textContent()).toContain('Basic 0 · Pro 0 · Enterprise 0');
      await page.getByRole('heading', { name: 'Recent enrolments' }).waitFor();
      // Issue 43 item 6: 'Latest humanisations' lists humanisations only (none here, and it says so); the detections
      // have their own table, whose 'Bias %' is explained in words.
      await page.getByRole('heading', { name: 'Latest humanisations' }).waitFor();
      const humanisations = page.getByRole('table', { name: 'Latest humanisations' });
      await humanisations.getByText('No humanisations yet.').waitFor();
      expect(await humanisations.getByTestId('activity-row').count()).toBe(0);
      expect(await humanisations.getByText('No detections yet.').count()).toBe(0);
      const activity = page.getByRole('table', { name: 'Latest detections' });
      await activity.getByText('Guest session').waitFor();
      await activity.getByRole('cell', { name: plain.user.email }).waitFor();
      const kinds = await activity
        .getByTestId('activity-row')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
      expect(kinds.length).toBeGreaterThanOrEqual(2);
      expect(new Set(kinds)).toEqual(new Set(['detection']));
      await page.getByText(/^Bias % is how many percentage points the report's banding moved/).waitFor();
      expect(await activity.getAttribute('aria-describedby')).toBe('bias-explained');
      // The 14-day chart of daily detections and humanisations by plan (GET /admin/metrics/daily).
      await page.getByRole('heading', { name: 'Last 14 days by plan' }).waitFor();
      await page
        .getByRole('img', { name: /^Detections per day over the last 14 days, by plan: [1-9]\d* in all/ })
        .waitFor();
      await page
        .getByRole('img', { name: /^Humanisations per day over the last 14 days, by plan: 0 in all/ })
        .waitFor();
      await page.getByText('up to date').first().waitFor();
      await page.getByRole('button', { name: 'Refresh data' }).click();
      await page.getByRole('button', { name: 'Sync profile' }).click();
      await toast(page, 'Profile synced');
      await expect(page.getByRole('menuitem', { name: 'Admin team' }).isVisible()).resolves.toBe(true);
      await shot(page, 'dashboard');
      await expectAccessible(page, 'dashboard');
    });

    // Issue 30 item 5: every element the keyboard reaches in the console shows a ring, not only MUI's focus ripple.
    it('rings every element Tab reaches on the user directory', async () => {
      const page = await pageAs(root);
      await page.goto(`${base}/admin/users`);
      await page.getByTestId('directory-count').waitFor();
      let seen = 0;
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          return {
            what: `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}`,
            field: ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.getAttribute('role') === 'combobox',
            ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          };
        });
        if (!focus || focus.field) continue;
        seen++;
        expect({ element: focus.what, ring: focus.ring }).toEqual({ element: focus.what, ring: true });
      }
      expect(seen).toBeGreaterThan(5);
      await page.keyboard.press('Shift+Tab');
      await shot(page, 'focus-ring');
    });

    it('shows each account as a card on a phone, with every control and nothing off-screen', async () => {
      const page = await pageAs(root, 360);
      await page.goto(`${base}/admin/users`);
      await page
        .getByTestId('directory-count')
        .filter({ hasText: /Showing 2\d of 25/ })
        .waitFor();
      const cards = page.getByTestId('user-card');
      expect(await cards.count()).toBeGreaterThanOrEqual(20);
      const first = cards.first();
      const email = (await first.locator('p').first().textContent()) ?? '';
      expect(email).toMatch(/@/);
      await first.getByRole('combobox', { name: `Status of ${email}` }).waitFor();
      await first.getByRole('link', { name: `Details of ${email}` }).waitFor();
      await first.getByText(/words used · last login/).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page, 'users on a phone');
    });

    // Issue 30 item 8: at 768 px the table hid Confirm, Words used, Last login and the timeline behind a sideways
    // scroll; below 1200 px every account is a card (two columns on a tablet) with every control.
    it('shows each account as a card on a tablet, two to a row, with every control and nothing off-screen', async () => {
      const page = await pageAs(root, 768);
      await page.goto(`${base}/admin/users`);
      await page
        .getByTestId('directory-count')
        .filter({ hasText: /Showing 2\d of 25/ })
        .waitFor();
      const cards = page.getByTestId('user-card');
      expect(await cards.count()).toBeGreaterThanOrEqual(20);
      const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
      const first = cards.first();
      const email = (await first.locator('p').first().textContent()) ?? '';
      await first.getByRole('combobox', { name: `Status of ${email}` }).waitFor();
      await first.getByRole('link', { name: `Details of ${email}` }).waitFor();
      await first.getByText(/words used · last login/).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
      await expectAccessible(page, 'users on a tablet');
      await shot(page, 'users-tablet');
    });

    it('filters, searches (debounced, not paged) and loads more', async () => {
      const page = await pageAs(root);
      await page.goto(`${base}/admin/users`);
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 20 of 25' }).waitFor();
      const loadMore = page.getByRole('button', { name: 'Load more' });
      await loadMore.click();
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 25 of 25' }).waitFor();
      expect(await loadMore.isDisabled()).toBe(true);
      await shot(page, 'users');
      await expectAccessible(page, 'users');

      // Status filter: the 8 unverified accounts.
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/admin/users?')) requests.push(request.url());
      });
      await page.getByRole('combobox', { name: /^Filter by status/ }).click();
      await page.getByRole('option', { name: 'Pending verification' }).click();
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 8 of 8' }).waitFor();
      expect(requests.some((url) => new URL(url).searchParams.get('status') === 'pending_verification')).toBe(true);
      await page.getByRole('combobox', { name: /^Filter by status/ }).click();
      await page.getByRole('option', { name: 'All statuses' }).click();
      await page.getByTestId('directory-count').filter({ hasText: 'of 25' }).waitFor();

      // Role filter.
      await page.getByRole('combobox', { name: /^Filter by role/ }).click();
      await page.getByRole('option', { name: 'Super admin' }).click();
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 1 of 1' }).waitFor();
      await page.getByRole('combobox', { name: /^Filter by role/ }).click();
      await page.getByRole('option', { name: 'All roles' }).click();
      await page.getByTestId('directory-count').filter({ hasText: 'of 25' }).waitFor();

      // Search: typed fast, sent once after the 300 ms pause, never with a cursor; Load more is off.
      requests.length = 0;
      await page.getByRole('textbox', { name: 'Search users' }).pressSequentially('stranger', { delay: 40 });
      await page
        .getByTestId('directory-count')
        .filter({ hasText: 'Showing 1 of 1 (search results are not paged)' })
        .waitFor();
      const searches = requests.filter((url) => new URL(url).searchParams.has('q'));
      expect(searches.map((url) => new URL(url).searchParams.get('q'))).toEqual(['stranger']);
      expect(searches.every((url) => !new URL(url).searchParams.has('cursor'))).toBe(true);
      expect(await loadMore.isDisabled()).toBe(true);
      await page.getByRole('cell', { name: stranger.user.email, exact: true }).waitFor();
    });

    it('invites an admin; the invitee signs up, sees the mismatch as someone else, accepts and reaches /admin', async () => {
      invitee.email = email('invitee');
      const page = await pageAs(root);
      await page.goto(`${base}/admin/admins`);
      await page.getByRole('heading', { name: 'Current admin team' }).waitFor();
      await page.getByTestId('admin-row').filter({ hasText: SUPER.email }).waitFor();
      // Empty address: the spec's message.
      await page.getByRole('button', { name: 'Send invite' }).click();
      await toast(page, 'Email required');
      await page.getByText('Enter an email address to invite.').first().waitFor();
      await page.getByRole('textbox', { name: 'Email address' }).fill(invitee.email);
      await page.getByRole('button', { name: 'Send invite' }).click();
      await toast(page, 'Success');
      await page.getByTestId('invite-row').filter({ hasText: invitee.email }).filter({ hasText: 'pending' }).waitFor();
      // The list comes from GET /admin/invites: a fresh page still shows the invite, with its status and issuer.
      const fresh = await pageAs(root);
      const listed = fresh.waitForResponse((r) => new URL(r.url()).pathname === '/admin/invites' && r.ok());
      await fresh.goto(`${base}/admin/admins`);
      await listed;
      const listedRow = fresh.getByTestId('invite-row').filter({ hasText: invitee.email });
      await listedRow.filter({ hasText: 'pending' }).waitFor();
      await expect(listedRow.getAttribute('data-status')).resolves.toBe('pending');
      await fresh.close();
      await shot(page, 'admin-team');
      await expectAccessible(page, 'admin team');

      const link = /(https?:\/\/\S+\/admin\/invite\?token=[A-Za-z0-9_-]+)/.exec(
        await mail(invitee.email, 'admin_invite'),
      )?.[1];
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get('token')!;
      const invited = await signUp(invitee.email, invitee.name);

      // Signed out: Issued to, Expires and a sign-in button that comes back here.
      const out = await pageAs(null);
      await out.goto(link!.replace(/^https?:\/\/[^/]+/, base));
      await out.getByTestId('issued-to').filter({ hasText: invitee.email }).waitFor();
      await out.getByTestId('expires').waitFor();
      await shot(out, 'invite-signed-out');
      await expectAccessible(out, 'invite (signed out)');
      await out.getByRole('button', { name: 'Sign in to accept' }).click();
      await out.waitForURL((url) => url.pathname === '/signin');
      expect(new URL(out.url()).searchParams.get('redirect')).toBe(`/admin/invite?token=${token}`);
      pageErrors.splice(0);

      // Signed in as someone else: the mismatch warning, no accept button.
      const other = await pageAs(stranger);
      await other.goto(`${base}/admin/invite?token=${token}`);
      await other
        .getByTestId('mismatch')
        .filter({ hasText: `signed in as ${stranger.user.email}` })
        .waitFor();
      expect(await other.getByRole('button', { name: 'Accept admin access' }).count()).toBe(0);
      await shot(other, 'invite-mismatch');
      await expectAccessible(other, 'invite (mismatch)');

      // The invited account (its e-mail in other case: compared case-insensitively) accepts and reaches the console.
      const own = await pageAs({ ...invited, user: { ...invited.user, email: invited.user.email.toUpperCase() } });
      await own.goto(`${base}/admin/invite?token=${token}`);
      await own.route('**/admin/invites/accept', async (route) => {
        await sleep(700);
        await route.continue();
      });
      await shot(own, 'invite-accept');
      await own.getByRole('button', { name: 'Accept admin access' }).click();
      await own.getByRole('button', { name: 'Activating…' }).waitFor();
      await own.waitForURL((url) => url.pathname === '/admin');
      await own.getByRole('heading', { name: 'Admin control center' }).waitFor();
      // A plain admin: no admin team, and its address says why instead of 'Not Found' (issue 30 item 8).
      expect(await own.getByRole('menuitem', { name: 'Admin team' }).count()).toBe(0);
      await own.goto(`${base}/admin/admins`);
      await own
        .getByTestId('super-admin-only')
        .filter({ hasText: 'Only the super admin can see and manage the admin team.' })
        .waitFor();
      expect(await own.getByText(/Not Found/i).count()).toBe(0);
      await expectAccessible(own, 'admin team as a plain admin');
      await shot(own, 'admin-team-plain-admin');
      await own.getByRole('link', { name: 'Back to the dashboard' }).click();
      await own.getByRole('heading', { name: 'Admin control center' }).waitFor();

      // The used link now warns; a missing token says so.
      await other.goto(`${base}/admin/invite?token=${token}`);
      await other.getByText('This invitation has already been used').waitFor();
      await other.goto(`${base}/admin/invite`);
      await other.getByText('Invitation token missing from the URL.').waitFor();
      await other.goto(`${base}/admin/invite?token=nope`);
      await other.getByText('This invitation could not be found or has expired.').waitFor();
    });

    // Issue 30 item 8: 'Admin since' is when the role was granted, and a sign-up by code counts as a sign-in.
    it("shows 'Admin since' as the grant and a last login for an account that only signed up by code", async () => {
      const team = await call<{ admins: { id: string; email: string; createdAt: string; adminSince: string }[] }>(
        'GET',
        '/admin/admins',
        undefined,
        root.tokens.accessToken,
      );
      const invited = team.body.admins.find((a) => a.email.toLowerCase() === invitee.email.toLowerCase())!;
      expect(Date.parse(invited.adminSince)).toBeGreaterThan(Date.parse(invited.createdAt));
      const page = await pageAs(root);
      await page.goto(`${base}/admin/admins`);
      const row = page.getByTestId('admin-row').filter({ hasText: invited.email });
      expect(await row.getByTestId('admin-since').locator('time').getAttribute('datetime')).toBe(invited.adminSince);
      // Below 1200 px each admin is a card (no column behind a sideways scroll), still saying since when.
      await page.setViewportSize({ width: 768, height: 900 });
      await page
        .getByTestId('admin-row')
        .filter({ hasText: invited.email })
        .getByTestId('admin-since')
        .filter({ hasText: /^admin · admin since \d/ })
        .waitFor();
      expect(await page.getByRole('table', { name: 'Current admin team' }).count()).toBe(0);
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, 'admin-team');
      await expectAccessible(page, 'admin team');

      // Sam only ever signed up by code: the directory shows that sign-in, not '—'.
      await page.goto(`${base}/admin/users`);
      await page.getByRole('textbox', { name: 'Search users' }).fill(stranger.user.email);
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 1 of 1' }).waitFor();
      const lastLogin = await page
        .getByRole('row')
        .filter({ hasText: stranger.user.email })
        .getByRole('cell')
        .nth(6)
        .textContent();
      expect(lastLogin).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
    });

    // Issue 30 item 1: a run recorded before too-short texts were given back reads 'Too short to judge', not 'Mixed'.
    it('reads a detection recorded too short to judge as its own state on the dashboard and the timeline', async () => {
      const requestId = `old-short-${stamp}`;
      const at = new Date().toISOString();
      await api
        .get(UsageService)
        .consume({ kind: 'account', accountId: plain.user.id, plan: planBySlug('free-signup') }, 'detector', {
          words: 2,
          requestId,
        });
      const facts: DetectionFacts = {
        requestId,
        user: { type: 'user', id: plain.user.id },
        plan: 'free-signup',
        textHash: 'f'.repeat(64),
        characters: 9,
        words: 2,
        engine: 'onnx',
        modelVersion: null,
        durationMs: 3,
        cached: false,
        clientTrim: false,
        source: 'paste',
        score: 0.49,
        aiProbability: 47.5,
        confidence: 1.2,
        mode: 'fast',
        modeLabel: 'Fast',
        at,
      };
      await handleCommand(
        api.get<EventStore>(EVENT_STORE),
        toolRunStreamId(requestId),
        toolRunDecider,
        { type: 'RecordDetection', data: facts },
        { newStream: true, metadata: { actor: facts.user, correlationId: requestId } },
      );
      const page = await pageAs(root);
      await page.goto(`${base}/admin`);
      const activity = page.getByRole('table', { name: 'Latest detections' });
      const row = activity.getByTestId('activity-row').filter({ hasText: 'Too short to judge' });
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        expect.any(String),
        plain.user.email,
        'Too short to judge',
        '—',
        '—',
      ]);
      expect(await activity.getByText('49.0 %').count()).toBe(0);
      await shot(page, 'dashboard');
      await page.goto(`${base}/admin/users/${plain.user.id}/timeline`);
      await page.getByText('Detection: Too short to judge (2 of 50 words), fast').waitFor();
      await expectAccessible(page, 'timeline with a too-short run');
    });

    it("changes the invitee's status and plan (with 'No change'), revokes the admin, and the timeline shows each with its actor", async () => {
      const page = await pageAs(root);
      await page.goto(`${base}/admin/users`);
      await page.getByRole('textbox', { name: 'Search users' }).fill(invitee.email);
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 1 of 1' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: invitee.email });
      await expect(row.getByRole('cell', { name: 'admin', exact: true }).count()).resolves.toBe(1);

      // Status: disabled, then active again.
      await page.getByRole('combobox', { name: `Status of ${invitee.email}` }).click();
      await page.getByRole('option', { name: 'disabled' }).click();
      await toast(page, 'Success');
      await page
        .getByRole('combobox', { name: `Status of ${invitee.email}` })
        .filter({ hasText: 'disabled' })
        .waitFor();
      await page.getByRole('combobox', { name: `Status of ${invitee.email}` }).click();
      await page.getByRole('option', { name: 'active', exact: true }).click();
      await page
        .getByRole('combobox', { name: `Status of ${invitee.email}` })
        .filter({ hasText: 'active' })
        .waitFor();

      // Plan: Confirm only once the selection differs; Free -> Pro.
      const confirm = page.getByRole('button', { name: `Confirm plan of ${invitee.email}` });
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByRole('combobox', { name: `Plan of ${invitee.email}` }).click();
      await page.getByRole('option', { name: 'Pro' }).click();
      expect(await confirm.isEnabled()).toBe(true);
      await confirm.click();
      await toast(page, 'Success');
      await page
        .getByRole('combobox', { name: `Plan of ${invitee.email}` })
        .filter({ hasText: 'Pro' })
        .waitFor();
      await page.waitForFunction((button) => (button as HTMLButtonElement).disabled, await confirm.elementHandle());

      // Another admin moves the account to Basic meanwhile; choosing Basic here finds the live plan: 'No change'.
      const planCalls: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/plan')) planCalls.push(request.url());
      });
      expect(
        (
          await call(
            'POST',
            `/admin/users/${(await logIn(invitee.email)).user.id}/plan`,
            { planSlug: 'basic' },
            root.tokens.accessToken,
          )
        ).status,
      ).toBe(200);
      await page.getByRole('combobox', { name: `Plan of ${invitee.email}` }).click();
      await page.getByRole('option', { name: 'Basic' }).click();
      await confirm.click();
      await toast(page, 'No change');
      expect(planCalls).toEqual([]);
      await page
        .getByRole('combobox', { name: `Plan of ${invitee.email}` })
        .filter({ hasText: 'Basic' })
        .waitFor();

      // The super admin's own row offers no revoke.
      await page.getByRole('textbox', { name: 'Search users' }).fill(SUPER.email);
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 1 of 1' }).waitFor();
      expect(
        await page
          .getByRole('row')
          .filter({ hasText: SUPER.email })
          .getByRole('button', { name: 'Revoke admin' })
          .isDisabled(),
      ).toBe(true);

      // Revoke the invitee from the directory row.
      await page.getByRole('textbox', { name: 'Search users' }).fill(invitee.email);
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 1 of 1' }).waitFor();
      await page
        .getByRole('row')
        .filter({ hasText: invitee.email })
        .getByRole('button', { name: 'Revoke admin' })
        .click();
      await page.getByRole('button', { name: 'Revoke', exact: true }).click();
      await toast(page, 'Success');
      await page
        .getByRole('row')
        .filter({ hasText: invitee.email })
        .getByRole('cell', { name: 'user', exact: true })
        .waitFor();

      // A tool run of the invitee's, so the timeline has a detection among the account events.
      const detectText =
        'The committee reviewed the proposal in detail and agreed that the timeline was realistic. Several members asked for a clearer budget, and the authors promised a revised version before the next meeting. ' +
        'The chair thanked everyone for their patience, noted that the venue would change in spring, and asked the secretary to circulate the minutes within a week so that nobody would miss the deadline.';
      const inviteeSession = await logIn(invitee.email);
      expect(
        (await call('POST', '/ai/detect?mode=fast', { text: detectText }, inviteeSession.tokens.accessToken)).status,
      ).toBe(200);

      // The audit timeline, from the row. Actors come by e-mail from the API: no admin team or directory lookups.
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await page.getByRole('link', { name: `Details of ${invitee.email}` }).click();
      await page.getByRole('heading', { name: invitee.email, level: 1 }).waitFor();
      const rows = page.getByTestId('timeline-row');
      await rows.filter({ hasText: `(admin access revoked) by ${SUPER.email}` }).waitFor();
      const text = (await rows.allTextContents()).join('\n');
      for (const line of [
        `Role changed from admin to user (admin access revoked) by ${SUPER.email}`,
        `Plan changed from Pro to Basic by ${SUPER.email}`,
        `Plan changed from Free to Pro by ${SUPER.email}`,
        `Status changed from disabled to active by ${SUPER.email}`,
        `Status changed from active to disabled by ${SUPER.email}`,
        'Role changed from user to admin (admin invitation accepted)',
        'Email verified',
      ]) {
        expect(text).toContain(line);
      }
      // Newest first: the revocation above the invitation.
      expect(text.indexOf('admin access revoked')).toBeLessThan(text.indexOf('admin invitation accepted'));
      await page
        .getByRole('row')
        .filter({ hasText: 'admin invitation accepted' })
        .getByRole('cell', { name: 'the account' })
        .waitFor();
      await rows
        .filter({ hasText: /^.*Detection: .+ \(\d+ words\)/ })
        .first()
        .waitFor();
      expect(requested.filter((url) => url.startsWith('/admin/admins') || url.startsWith('/admin/users?'))).toEqual([]);
      const userId = inviteeSession.user.id;
      expect(requested).toContain(`/admin/users/${userId}`);
      await shot(page, 'timeline');
      await expectAccessible(page, 'timeline');

      // Filter by kind: the API is asked for those event types only (server-side), and only they show.
      const types = () => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));
      const filtered = (kind: string) =>
        page.waitForResponse((r) => {
          const url = new URL(r.url());
          return url.pathname === `/admin/users/${userId}/timeline` && url.searchParams.get('kind') === kind && r.ok();
        });
      let answered = filtered('PlanChanged');
      await page.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Plan changes' }).click();
      let answer = (await (await answered).json()) as { events: { type: string }[] };
      expect(answer.events.map((e) => e.type)).toEqual(['PlanChanged', 'PlanChanged']);
      await page.getByTestId('timeline-count').filter({ hasText: '2 events loaded (Plan changes)' }).waitFor();
      await expect(types()).resolves.toEqual(['PlanChanged', 'PlanChanged']);

      answered = filtered('DetectionRecorded');
      await page.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Detections' }).click();
      answer = (await (await answered).json()) as { events: { type: string }[] };
      expect(answer.events.map((e) => e.type)).toEqual(['DetectionRecorded']);
      await page.getByTestId('timeline-count').filter({ hasText: '1 event loaded (Detections)' }).waitFor();
      await expect(types()).resolves.toEqual(['DetectionRecorded']);
      await rows
        .filter({ hasText: /^.*Detection: / })
        .getByRole('cell', { name: 'the account' })
        .waitFor();
      await shot(page, 'timeline-detections');
    });

    // Issue 43 item 6: the profile menu opened mostly off the right edge of the screen.
    it('opens the profile menu inside the viewport at 360, 768 and 1280 px', async () => {
      for (const width of [360, 768, 1280]) {
        // A page opened at each width, as a person would (resizing an open page keeps the side menu as it was).
        const page = await pageAs(root, width);
        await page.goto(`${base}/admin`);
        await page.getByRole('heading', { name: 'Admin control center' }).waitFor();
        // 'Profile' (an icon on a phone) or 'Profile: <name>' (the name shown beside the icon).
        await page.getByRole('button', { name: /^Profile(: .+)?$/ }).click();
        const logout = page.getByRole('menuitem', { name: 'Logout' });
        await logout.waitFor();
        await sleep(400); // the menu grows in (transition) before its box is final
        // The whole popup (who is signed in, then the menu), not only the menu inside it.
        const box = await page.locator('#profile-menu .MuiPopover-paper').boundingBox();
        expect({ width, box: box && box.x >= 0 && box.x + box.width <= width && box.y >= 0 }).toEqual({
          width,
          box: true,
        });
        const item = await logout.boundingBox();
        expect(item && item.x >= 0 && item.x + item.width <= width).toBe(true);
        if (SHOTS) {
          fs.mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: path.join(SHOTS, `profile-menu-${width}.png`) });
        }
        await page.locator('#profile-menu').getByText(SUPER.email).waitFor();
        await expectAccessible(page, `profile menu at ${width} px`);
        await page.keyboard.press('Escape');
        await page.locator('#profile-menu').waitFor({ state: 'detached' });
      }
    });

    // Issue 43 item 6: an account's own page (facts, plan, status, API keys, timeline), opened from its e-mail.
    it("opens an account's page from its e-mail: facts, status, plan ('Plan set to Basic.'), API keys and a timeline that fits", async () => {
      const address = email('detail');
      const owner = await signUp(address, 'Dora Detail');
      expect(
        (await call('POST', `/admin/users/${owner.user.id}/plan`, { planSlug: 'pro' }, root.tokens.accessToken)).status,
      ).toBe(200);
      const key = await call<{ id: string; key: string }>(
        'POST',
        '/auth/api-keys',
        { name: 'Grading script with a long name', scopes: ['detect', 'humanise', 'reports'], dailyCap: 25 },
        owner.tokens.accessToken,
      );
      expect(key.status).toBe(201);
      await call(
        'POST',
        `/admin/users/${owner.user.id}/api-keys/${key.body.id}/revoke`,
        undefined,
        root.tokens.accessToken,
      );

      const page = await pageAs(root);
      await page.goto(`${base}/admin/users`);
      await page.getByRole('textbox', { name: 'Search users' }).fill(address);
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 1 of 1' }).waitFor();
      // A labelled link, not a bare clock icon.
      await page.getByRole('link', { name: `Details of ${address}` }).waitFor();
      await page.getByRole('link', { name: address, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/admin/users/${owner.user.id}`);
      await page.getByRole('heading', { name: address, level: 1 }).waitFor();
      const facts = page.getByTestId('account-facts');
      for (const text of ['Dora Detail', 'Words used', 'Last login', 'Account ID', owner.user.id]) {
        await facts.getByText(text, { exact: true }).first().waitFor();
      }
      await page
        .getByRole('combobox', { name: `Status of ${address}` })
        .filter({ hasText: 'active' })
        .waitFor();
      await page
        .getByRole('combobox', { name: `Plan of ${address}` })
        .filter({ hasText: 'Pro' })
        .waitFor();
      await page.getByTestId('account-api-keys').getByText('Grading script with a long name').waitFor();
      await page.getByRole('heading', { name: 'Audit timeline', level: 2 }).waitFor();
      await page.getByTestId('timeline-row').first().waitFor();

      // Plan names as the select shows them.
      await page.getByRole('combobox', { name: `Plan of ${address}` }).click();
      await page.getByRole('option', { name: 'Basic' }).click();
      await page.getByRole('button', { name: `Confirm plan of ${address}` }).click();
      await toast(page, 'Plan set to Basic.');
      await page.getByTestId('timeline-row').filter({ hasText: 'Plan changed from Pro to Basic' }).waitFor();

      // At 1280 px every column of the API keys and the timeline is inside its card, 'State' included.
      const fits = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[role="region"]')].map((region) => ({
            name: region.getAttribute('aria-label'),
            fits: region.scrollWidth <= region.clientWidth + 1,
          })),
        );
      await page
        .getByTestId('api-key-state')
        .getByText(/Revoked/)
        .waitFor();
      expect(await fits()).toEqual([
        { name: 'API keys', fits: true },
        { name: 'Audit timeline', fits: true },
      ]);
      const state = await page.getByTestId('api-key-state').boundingBox();
      const card = await page.getByTestId('account-api-keys').boundingBox();
      expect(state!.x + state!.width).toBeLessThanOrEqual(card!.x + card!.width);
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      await shot(page, 'user-detail');
      await expectAccessible(page, 'user detail');
      // On a phone the page itself never scrolls sideways, and each timeline event is a block of its own.
      const phone = await pageAs(root, 360);
      await phone.goto(`${base}/admin/users/${owner.user.id}`);
      await phone.getByRole('list', { name: 'Audit timeline' }).getByText('Plan changed from Pro to Basic').waitFor();
      expect(await phone.getByRole('table', { name: 'Audit timeline' }).count()).toBe(0);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(phone, 'user detail on a phone');

      // The address typed in directly opens the page too (it used to show the list), and so does the old timeline one.
      await page.goto(`${base}/admin/users/${owner.user.id}`);
      await page.getByRole('heading', { name: address, level: 1 }).waitFor();
      await page.goto(`${base}/admin/users/${owner.user.id}/timeline`);
      await page.waitForURL((url) => url.pathname === `/admin/users/${owner.user.id}`);
      await page.getByRole('heading', { name: address, level: 1 }).waitFor();
    });

    // Issue 43 item 6: a pending invite can be sent again (new link, the old one dies) or revoked.
    it('resends and revokes a pending invite from the admin team page', async () => {
      const address = email('resend');
      expect((await call('POST', '/admin/invites', { email: address }, root.tokens.accessToken)).status).toBe(201);
      const firstLink = /token=([A-Za-z0-9_-]+)/.exec(await mail(address, 'admin_invite'))![1];
      const page = await pageAs(root);
      await page.goto(`${base}/admin/admins`);
      const rows = page.getByTestId('invite-row').filter({ hasText: address });
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      await page.getByRole('button', { name: `Resend invite to ${address}` }).click();
      await toast(page, `Invitation sent again to ${address}.`);
      await page.locator(`[data-testid="invite-row"][data-status="revoked"]`).filter({ hasText: address }).waitFor();
      await page.locator(`[data-testid="invite-row"][data-status="pending"]`).filter({ hasText: address }).waitFor();
      expect(await rows.count()).toBe(2);
      const secondLink = /token=([A-Za-z0-9_-]+)/.exec(await mail(address, 'admin_invite'))![1];
      expect(secondLink).not.toBe(firstLink);
      expect((await call('POST', '/admin/invites/lookup', { token: firstLink })).status).toBe(404);
      expect((await call('POST', '/admin/invites/lookup', { token: secondLink })).status).toBe(200);
      // Only the pending one offers anything.
      expect(await page.getByRole('button', { name: `Resend invite to ${address}` }).count()).toBe(1);

      await page.getByRole('button', { name: `Revoke invite to ${address}` }).click();
      await page.getByRole('dialog').getByText(`The link sent to ${address} stops working at once.`).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke invite' }).click();
      await toast(page, `Invitation to ${address} revoked.`);
      await page.waitForFunction(
        (to) =>
          [...document.querySelectorAll('[data-testid="invite-row"]')]
            .filter((row) => row.textContent?.includes(to))
            .every((row) => row.getAttribute('data-status') === 'revoked'),
        address,
      );
      expect((await call('POST', '/admin/invites/lookup', { token: secondLink })).status).toBe(404);
      expect(await page.getByRole('button', { name: `Revoke invite to ${address}` }).count()).toBe(0);
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      await shot(page, 'admin-team-invites');
      await expectAccessible(page, 'admin team with revoked invites');
    });

    it('shows the spec toast when the API rejects a command', async () => {
      const page = await pageAs(root);
      await page.goto(`${base}/admin/users`);
      await page.getByRole('textbox', { name: 'Search users' }).fill(plain.user.email);
      await page.getByTestId('directory-count').filter({ hasText: 'Showing 1 of 1' }).waitFor();
      await page.route('**/admin/users/*/status', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: '', status: 500, code: 'INTERNAL_ERROR', details: {} }),
        }),
      );
      await page.getByRole('combobox', { name: `Status of ${plain.user.email}` }).click();
      await page.getByRole('option', { name: 'disabled' }).click();
      await toast(page, 'Update failed');
      await page.getByTestId('toast').filter({ hasText: 'Unable to update user status.' }).waitFor();
      pageErrors.splice(0);
    });
  });
});
