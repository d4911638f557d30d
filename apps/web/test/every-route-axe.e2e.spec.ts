import type { Page } from 'playwright-core';
// The web router's own list of routes, as the API serves them (a unit test keeps it equal to apps/web's router).
// eslint-disable-next-line @nx/enforce-module-boundaries -- the e2e test reads the route list the API serves
import { SERVER_ERROR_ROUTE, WEB_ROUTES } from '../../api/src/web-apps/web-routing';
import {
  axeViolations,
  createAccount,
  describeInBrowser,
  post,
  storeSession,
  SUPER_ADMIN,
  uniqueEmail,
  useBrowserSuite,
  type SignedIn,
} from './support';

const LONG_TEXT =
  'The committee reviewed the proposal in detail and agreed that the timeline was realistic. Several members asked for a clearer budget, and the authors promised a revised version before the next meeting. ' +
  'The chair thanked everyone for their patience, noted that the venue would change in spring, and asked the secretary to circulate the minutes within a week so that nobody would miss the deadline.';

/**
 * Issue 30: axe finds no serious or critical violation on any route, signed out and signed in, the admin console
 * included. The web routes come from WEB_ROUTES (the list the API serves with 200), so a new page is walked without
 * touching this test; the 404 and 500 pages are walked too, and every admin screen as the super admin.
 */
describeInBrowser('every route passes axe', () => {
  const suite = useBrowserSuite();
  let user: SignedIn;
  let root: SignedIn;
  let params: Record<string, string>;

  beforeAll(async () => {
    user = await createAccount(suite.app.baseUrl, uniqueEmail('axe'), 'Axel Walker');
    const login = await post<SignedIn>(suite.app.baseUrl, '/auth/login', SUPER_ADMIN);
    expect(login.status).toBe(200);
    root = login.body;
    // A report page with a real shared report, and a blog post when the install has any.
    const detected = await fetch(`${suite.app.baseUrl}/ai/detect?mode=fast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.tokens.accessToken}` },
      body: JSON.stringify({ text: LONG_TEXT }),
    });
    expect(detected.status).toBe(200);
    const { result } = (await detected.json()) as { result: Record<string, unknown> };
    const shared = await post<{ id: string }>(
      suite.app.baseUrl,
      '/ai/report',
      { result: { ...result, originalText: LONG_TEXT } },
      user.tokens.accessToken,
    );
    expect(shared.status).toBe(201);
    const blogs = (await (await fetch(`${suite.app.baseUrl}/api/blogs`)).json().catch(() => ({}))) as {
      posts?: { slug: string }[];
    };
    params = { slug: blogs.posts?.[0]?.slug ?? 'no-such-post', id: shared.body.id };
  }, 120_000);

  const fill = (route: string) => route.replace(/:(\w+)/g, (_, name: string) => params[name]);

  /** Opens `path` with `session` stored, waits for its heading and the network to settle, and runs axe. */
  async function violationsOn(path: string, session: SignedIn | null): Promise<string[]> {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page: Page = await context.newPage();
      await storeSession(page, suite.app.baseUrl, session && { user: session.user, tokens: session.tokens });
      await page.goto(suite.app.baseUrl + path, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor({ state: 'attached', timeout: 15_000 });
      // Loading skeletons and fades settle before axe judges colours.
      await page.waitForTimeout(600);
      // The screen itself was judged: no redirect (a signed-in admin screen never bounced to /signin), a heading.
      const at = new URL(page.url()).pathname;
      const heading = ((await page.locator('h1').first().textContent()) ?? '').trim();
      if (at !== path.split('?')[0] || !heading) return [`landed on ${at} with heading '${heading}'`];
      return await axeViolations(page);
    } finally {
      await context.close();
    }
  }

  async function walk(paths: string[], session: SignedIn | null): Promise<Record<string, string[]>> {
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const violations = await violationsOn(path, session);
      if (violations.length) found[path] = violations;
    }
    return found;
  }

  const webPaths = () => [...WEB_ROUTES.map(fill), SERVER_ERROR_ROUTE, '/no-such-page'];

  it('has no serious or critical violations on any web route, signed out', async () => {
    expect(await walk(webPaths(), null)).toEqual({});
  }, 180_000);

  it('has no serious or critical violations on any web route, signed in', async () => {
    expect(await walk(webPaths(), user)).toEqual({});
  }, 180_000);

  it('has no serious or critical violations on any admin screen, signed in as the super admin', async () => {
    const paths = [
      '/admin',
      '/admin/users',
      // The account page (issue 43 item 6; the old /timeline address redirects to it).
      `/admin/users/${user.user.id}`,
      '/admin/admins',
      '/admin/security',
      '/admin/invite',
    ];
    expect(await walk(paths, root)).toEqual({});
  }, 180_000);
});
