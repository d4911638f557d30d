#!/usr/bin/env node
/* global fetch, setTimeout, URL, localStorage */
// Screenshots of every web route at 360, 768 and 1280 px into docs/screenshots/web/ (issue 12).
// Usage: npm run build && node scripts/screenshots-web.mjs      (starts the API on a scratch data folder)
//        BASE_URL=http://127.0.0.1:3000 node scripts/screenshots-web.mjs   (uses a running app)
// /api/blogs does not exist yet: the blog routes are served from apps/web/test/fixtures/blog-posts.json.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/screenshots/web');
const WIDTHS = [360, 768, 1280];
const blogs = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/test/fixtures/blog-posts.json'), 'utf8'));

const ROUTES = [
  ['home', '/'],
  ['privacy', '/privacy'],
  ['terms', '/terms'],
  ['security', '/security'],
  ['contact', '/contact'],
  ['blogs', '/blogs'],
  ['blog-post', `/blogs/${blogs.posts[0].slug}`],
  ['blog-not-found', '/blogs/no-such-post'],
  ['signup', '/signup'],
  ['signin', '/signin'],
  ['forgot-password', '/forgot-password'],
  ['reset-password', '/reset-password?token=example-token'],
  ['report', '/report/abcd1234efgh'],
  ['500', '/500'],
  ['404', '/no/such/page'],
];

async function startApi() {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-e2e-shots-'));
  const port = Number(process.env.PORT ?? 3190);
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dir, 'pglite'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Registers and verifies an account through the dev mailbox; returns the SignedInResponse. */
async function signUp(baseUrl, email) {
  const post = (p, body) =>
    fetch(baseUrl + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/auth/register', { name: 'Ada Lovelace', email, password: 'Corr3ct-horse!' });
  const mail = await fetch(`${baseUrl}/dev/mailbox/latest?to=${encodeURIComponent(email)}`).then((r) => r.json());
  const otp = JSON.stringify(mail).match(/\b(\d{6})\b/)[1];
  return post('/auth/verify-otp', { email, otp });
}

async function routeBlogs(page) {
  await page.route('**/api/blogs**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/blogs')
      return route.fulfill({
        json: {
          posts: blogs.posts.map(({ slug, title, summary, updatedAt, coverImage }) => ({
            slug,
            title,
            summary,
            updatedAt,
            coverImage,
          })),
        },
      });
    const post = blogs.posts.find((p) => url.pathname === `/api/blogs/${p.slug}`);
    if (post) return route.fulfill({ json: post });
    return route.fulfill({
      status: 404,
      json: { message: 'Post not found', status: 404, code: 'NOT_FOUND', details: {} },
    });
  });
}

const { baseUrl, stop } = await startApi();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
fs.mkdirSync(OUT, { recursive: true });
try {
  const signedIn = await signUp(baseUrl, `shots-${Date.now()}@example.com`);
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width, height: width === 360 ? 780 : 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await routeBlogs(page);
    for (const [name, url] of ROUTES) {
      await page.goto(baseUrl + url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
    }
    // Signed in: the greeting and usage line (desktop) or the mobile menu (phones and tablets).
    await page.evaluate(
      (s) =>
        localStorage.setItem('inkprint.session', JSON.stringify({ user: s.user, tokens: s.tokens, usage: s.usage })),
      signedIn,
    );
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    if (width < 961) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByText('Signed in as').waitFor();
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: path.join(OUT, `home-signed-in-${width}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  await stop();
}
console.log(`screenshots in ${path.relative(ROOT, OUT)}`);
