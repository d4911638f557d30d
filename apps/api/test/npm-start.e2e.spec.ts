import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../src/config';

/**
 * The product as a user starts it: `npm start` in the repository, embedded defaults (PGlite, in-process job bus,
 * dev mailbox), nothing but a port and a data folder configured. A whole sign-up runs against it over HTTP with
 * the code read from the dev mailbox, then the process is asked to stop.
 */

const MAIN = path.join(REPO_ROOT, 'apps', 'api', 'dist', 'main.js');

/**
 * `npm start` builds first (its `prestart`); here the build is done once up front (CI has already run it) and the
 * start script runs with --ignore-scripts, so no rebuild rewrites dist folders under tests running in parallel.
 */
function ensureBuilt(): void {
  if (!fs.existsSync(MAIN)) execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'pipe' });
}

function waitForListening(child: ChildProcess, output: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not listen within 120 s:\n${output.join('')}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /Inkprint listening on (http:\/\/\S+?:\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before listening:\n${output.join('')}`));
    });
  });
}

function startProduct(env: NodeJS.ProcessEnv, output: string[]): { child: ChildProcess; listening: Promise<string> } {
  const child = spawn('npm', ['start', '--ignore-scripts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, listening: waitForListening(child, output) };
}

/** SIGTERM to npm and the app it started (one process group); resolves when npm is gone. */
async function stopProduct(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, signal);
  await exited;
}

describe('npm start (embedded defaults)', () => {
  let child: ChildProcess;
  let base: string;
  let tmp: string;
  let env: NodeJS.ProcessEnv;
  const output: string[] = [];
  const email = 'first.user@example.com';
  const password = 'Corr3ct-horse';

  beforeAll(async () => {
    ensureBuilt();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-npm-start-'));
    // Only what a person would have: no DATABASE_URL, KAFKA_BROKERS or SMTP_URL (CI exports some for other tests).
    env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmp, PORT: '0', DATA_DIR: path.join(tmp, 'data') };
    const started = startProduct(env, output);
    child = started.child;
    base = await started.listening;
  }, 180_000);

  afterAll(async () => {
    if (child) await stopProduct(child, 'SIGKILL');
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function call(method: string, url: string, body?: unknown, token?: string) {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: res.status,
      body: (await res.json()) as { tokens: { accessToken: string }; checks?: unknown; text?: string },
    };
  }

  it('reports itself healthy on the embedded parts', async () => {
    const health = await call('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.checks).toMatchObject({
      database: { status: 'up' },
      jobBus: { status: 'up' },
      mail: { status: 'up', transport: 'dev-mailbox' },
    });
    expect(output.join('')).toMatch(/database: PGlite in .*job bus: in-process/);
  });

  it('signs a new user up with the code from the dev mailbox, then signs them in', async () => {
    const registered = await call('POST', '/auth/register', { name: 'First User', email, password, confirm: password });
    expect(registered).toMatchObject({
      status: 201,
      body: { message: 'We sent a 6-digit code to your email. Enter it below within 2 minutes.' },
    });

    const mail = await call('GET', `/dev/mailbox/latest?to=${encodeURIComponent(email)}&kind=verification_code`);
    expect(mail.status).toBe(200);
    const code = /^\s+(\d{6})$/m.exec(String(mail.body.text))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verified = await call('POST', '/auth/verify-otp', { email, otp: code });
    expect(verified).toMatchObject({
      status: 200,
      body: {
        message: 'Email verified. Redirecting you...',
        user: { email, status: 'active', planSlug: 'free-signup' },
      },
    });
    const me = await call('GET', '/auth/me', undefined, verified.body.tokens.accessToken);
    expect(me).toMatchObject({ status: 200, body: { user: { email, name: 'First User', role: 'user' } } });

    const login = await call('POST', '/auth/login', { email, password });
    expect(login).toMatchObject({
      status: 200,
      body: { tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) } },
    });
  });

  it('stops on SIGTERM and, started again on the same data folder, still has the account', async () => {
    await stopProduct(child);
    expect(output.join('')).not.toMatch(/failed to start|Unhandled|ERROR/);

    const again: string[] = [];
    const restarted = startProduct(env, again);
    child = restarted.child;
    base = await restarted.listening;
    const login = await call('POST', '/auth/login', { email, password });
    expect(login).toMatchObject({ status: 200, body: { user: { email, status: 'active' } } });
  }, 180_000);
});
