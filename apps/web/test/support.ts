import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Route,
} from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** Debian package `chromium`. Missing = skipped, unless INKPRINT_REQUIRE_SERVICES asks for it (CI). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = (process.env.INKPRINT_REQUIRE_SERVICES ?? '').split(',').map((s) => s.trim().toLowerCase());
const chromiumRequired = ['all', '1', 'chromium'].some((name) => required.includes(name));
export const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium && chromiumRequired) {
  throw new Error(
    `${CHROMIUM} is missing but INKPRINT_REQUIRE_SERVICES requires chromium: apt-get install -y chromium`,
  );
}
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SUPER_ADMIN = { email: 'root-web-e2e@example.com', password: 'Sup3r-Secret!pw' };
export const PASSWORD = 'Corr3ct-horse!';

/** Builds the whole repository when the API or web build is missing, so a fresh clone can run this test. */
export function ensureBuilt(): void {
  const missing = ['apps/api/dist/main.js', 'apps/web/dist/index.html'].some(
    (f) => !fs.existsSync(path.join(REPO_ROOT, f)),
  );
  if (missing) execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'pipe' });
}

async function freePort(): Promise<number> {
  // Ports 3100-3199 are this app's e2e range.
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 3100 + Math.floor(Math.random() * 100);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3100-3199');
}

export interface RunningApp {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the built API the way `npm start` does (node apps/api/dist/main.js) on a scratch data folder; `options.env`
 * adds or overrides environment variables (e.g. the test-only URL import hosts).
 */
export async function startApp(options: { env?: Record<string, string> } = {}): Promise<RunningApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/api/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'pglite'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      KAFKA_BROKERS: '',
      KURRENTDB_URL: '',
      SMTP_URL: '',
      // The browsers play many clients from one machine, as a reverse proxy on loopback would pass them on.
      TRUST_PROXY: 'loopback',
      ABUSE_LIMITS: 'off',
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`API did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function post<T>(
  baseUrl: string,
  p: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(baseUrl + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

export async function latestMail(baseUrl: string, to: string): Promise<{ subject: string; text: string }> {
  const response = await fetch(`${baseUrl}/dev/mailbox/latest?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`no mail for ${to}: ${response.status}`);
  return (await response.json()) as { subject: string; text: string };
}

export async function codeFor(baseUrl: string, email: string): Promise<string> {
  const mail = await latestMail(baseUrl, email);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in mail to ${email}`);
  return code;
}

export interface SignedIn {
  tokens: { accessToken: string; refreshToken: string; expiresIn: number };
  user: { id: string; name: string; email: string; role: string };
  usage: unknown;
}

/** A verified account made over HTTP (register, code from the dev mailbox, verify). */
export async function createAccount(baseUrl: string, email: string, name = 'Ada Lovelace'): Promise<SignedIn> {
  const registered = await post(baseUrl, '/auth/register', { name, email, password: PASSWORD });
  if (registered.status !== 201) throw new Error(`register ${registered.status}: ${JSON.stringify(registered.body)}`);
  const verified = await post<SignedIn>(baseUrl, '/auth/verify-otp', { email, otp: await codeFor(baseUrl, email) });
  if (verified.status !== 200 && verified.status !== 201) throw new Error(`verify ${verified.status}`);
  return verified.body;
}

let counter = 0;
export const uniqueEmail = (tag: string) => `web-${tag}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Puts a user session into local storage the way the app stores it (key shared with the admin console). */
export async function storeSession(
  page: Page,
  baseUrl: string,
  session: Pick<SignedIn, 'user' | 'tokens'> | null,
  guest?: unknown,
) {
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    ([s, g]) => {
      localStorage.clear();
      if (s) localStorage.setItem('inkprint.session', JSON.stringify(s));
      if (g) localStorage.setItem('inkprint.guest', JSON.stringify(g));
    },
    [session, guest ?? null] as const,
  );
}

export const apiError = (status: number, code: string, message: string) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ message, status, code, details: {} }),
});

export type Fulfil = (route: Route) => Promise<void>;

/** axe-core: serious and critical violations on the current page. */
export async function axeViolations(page: Page): Promise<string[]> {
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, which the pages' CSP (no inline scripts) rightly does not allow
  // for a <script> tag the test would add.
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
}

/** `describe` for a suite that drives Chromium: skipped, and named so, where Chromium is missing. */
export function describeInBrowser(name: string, suite: () => void): void {
  (hasChromium ? describe : describe.skip)(`${name}${hasChromium ? '' : ` [skipped: ${CHROMIUM} missing]`}`, suite);
}

/** What {@link useBrowserSuite} sets up for a suite: the app, the browser and each test's contexts and errors. */
export interface BrowserSuite {
  /** The built API and web app on a scratch data folder (started before the suite's tests). */
  readonly app: RunningApp;
  readonly browser: Browser;
  /** The current test's page errors (and console errors where watched so); emptied before each test. */
  errors: string[];
  /** A new browser context (its own storage), closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * Records `page`'s uncaught errors in `errors`, and with `console` its console errors too (not Chromium's
   * 'Failed to load resource' for each 4xx/5xx fetch, which the tests provoke on purpose); `label` prefixes them.
   */
  watch(page: Page, options?: { console?: boolean; label?: string }): Page;
}

/**
 * The set-up every browser suite shares: builds what is missing, starts the app (`env` adds variables) and Chromium
 * before the suite, stops both after it; before each test `errors` is emptied, after it the test's contexts are closed
 * and, unless `checkErrors` is false, `errors` must be empty. Call it at the top of the suite's `describe`; hooks the
 * suite declares after it run after these (the app is up in its `beforeAll`).
 */
export function useBrowserSuite(options: { env?: Record<string, string>; checkErrors?: boolean } = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet (use it inside a test or a hook)`);
    return value;
  };
  const suite: BrowserSuite = {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    errors: [],
    async newContext(contextOptions) {
      const context = await suite.browser.newContext(contextOptions);
      contexts.push(context);
      return context;
    },
    watch(page, { console: withConsole = false, label } = {}) {
      const prefix = label ? `${label}: ` : '';
      page.on('pageerror', (error) => suite.errors.push(`${prefix}${error.message}`));
      if (withConsole)
        page.on('console', (message) => {
          if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
            suite.errors.push(`${prefix}console: ${message.text()}`);
        });
      return page;
    },
  };
  beforeAll(async () => {
    ensureBuilt();
    app = await startApp({ env: options.env });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(() => {
    suite.errors = [];
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    if (options.checkErrors !== false) expect(suite.errors).toEqual([]);
  });
  return suite;
}
