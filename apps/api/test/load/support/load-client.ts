import { ROOT } from './cluster';
import { loadText } from './texts';

export interface Session {
  userId: string;
  accessToken: string;
}

async function json(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

function expectStatus(what: string, res: { status: number; body: unknown }, status: number): void {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
}

/**
 * A real signed-up account, moved to the Enterprise plan (unlimited requests) by the super admin through the admin
 * API, then signed in again so its token carries the plan: daily limits never stop the load.
 */
export async function enterpriseSession(base: string, tag: string): Promise<Session> {
  const email = `load-${tag}-${Date.now().toString(36)}@example.com`;
  const password = 'L0ad-passw0rd!';
  expectStatus(
    'register',
    await json(base, '/auth/register', { method: 'POST', body: { name: 'Load', email, password } }),
    201,
  );
  const mail = await json(base, `/dev/mailbox/latest?to=${encodeURIComponent(email)}&kind=verification_code`);
  const otp = /\b(\d{6})\b/.exec(String(mail.body.text))?.[1];
  const verified = await json(base, '/auth/verify-otp', { method: 'POST', body: { email, otp } });
  expectStatus('verify-otp', verified, 200);
  const userId = (verified.body.user as { id: string }).id;
  const root = await json(base, '/auth/login', { method: 'POST', body: ROOT });
  expectStatus('root login', root, 200);
  const rootToken = (root.body.tokens as { accessToken: string }).accessToken;
  const plan = await json(base, `/admin/users/${userId}/plan`, {
    method: 'POST',
    token: rootToken,
    body: { planSlug: 'enterprise' },
  });
  if (plan.status >= 300) throw new Error(`set plan: ${plan.status} ${JSON.stringify(plan.body)}`);
  const login = await json(base, '/auth/login', { method: 'POST', body: { email, password } });
  expectStatus('login', login, 200);
  return { userId, accessToken: (login.body.tokens as { accessToken: string }).accessToken };
}

/** A guest session (guests may run 3 detections a day from one address). */
export async function guestSession(base: string): Promise<{ guestId: string; token: string }> {
  const res = await json(base, '/auth/guest/session', { method: 'POST' });
  expectStatus('guest session', res, 201);
  return { guestId: String(res.body.guestId), token: String(res.body.token) };
}

export interface Outcome {
  /** HTTP status; 0 when the connection failed (no answer at all). */
  status: number;
  ms: number;
  /** The spec error code of a failed request, or the connection error. */
  code?: string;
  /** history.id of an answered detection: the tool run (and correlation id) its events carry. */
  runId?: string;
  startedAt: number;
  /** Retry-After of a shed request (seconds). */
  retryAfter?: number;
}

let counter = 0;

/** One POST /ai/detect?mode=moderate with a fresh ~500-word text. */
export async function detect(
  base: string,
  auth: { bearer?: string; guest?: { guestId: string; token: string } },
  seed?: number,
): Promise<Outcome> {
  const startedAt = Date.now();
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/ai/detect?mode=moderate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {}),
        ...(auth.guest ? { 'x-guest-token': auth.guest.token } : {}),
      },
      body: JSON.stringify({
        text: loadText(seed ?? Date.now() * 1000 + ++counter),
        ...(auth.guest ? { guestId: auth.guest.guestId } : {}),
      }),
      signal: AbortSignal.timeout(90_000),
    });
    const body = (await res.json().catch(() => ({}))) as { code?: string; history?: { id?: string } };
    return {
      status: res.status,
      ms: performance.now() - t0,
      code: body.code,
      runId: body.history?.id,
      startedAt,
      ...(res.headers.has('retry-after') ? { retryAfter: Number(res.headers.get('retry-after')) } : {}),
    };
  } catch (error) {
    return { status: 0, ms: performance.now() - t0, code: String((error as Error).cause ?? error), startedAt };
  }
}

export interface LoadReport {
  clients: number;
  seconds: number;
  outcomes: Outcome[];
  answered: number;
  /** Answered 503 SERVICE_UNAVAILABLE: shed at the admission limit (back-pressure), nothing counted or queued. */
  shed: number;
  /** Neither answered nor shed. */
  errors: number;
  errorRate: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** `clients` concurrent clients, each sending detections back to back for `seconds` (closed loop, bounded in time). */
export async function sustain(
  base: string,
  token: string,
  clients: number,
  seconds: number,
  onTick?: () => void,
): Promise<LoadReport> {
  const outcomes: Outcome[] = [];
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const outcome = await detect(base, { bearer: token });
        outcomes.push(outcome);
        onTick?.();
        await waitIfShed(outcome);
      }
    }),
  );
  return summarise(clients, (performance.now() - started) / 1000, outcomes);
}

/** A request the API shed under load (503 SERVICE_UNAVAILABLE): refused at once, neither counted nor lost. */
export function isShed(o: Outcome): boolean {
  return o.status === 503 && o.code === 'SERVICE_UNAVAILABLE';
}

/** Shed under load (or the bus away): a well-behaved client waits as Retry-After says before its next request. */
export async function waitIfShed(o: Outcome): Promise<void> {
  if (isShed(o)) await new Promise((r) => setTimeout(r, 1000 * (o.retryAfter ?? 1)));
}

export function summarise(clients: number, seconds: number, outcomes: Outcome[]): LoadReport {
  const ok = outcomes.filter((o) => o.status === 200);
  const shed = outcomes.filter(isShed).length;
  const latencies = ok.map((o) => o.ms).sort((a, b) => a - b);
  const errors = outcomes.length - ok.length - shed;
  return {
    clients,
    seconds,
    outcomes,
    answered: ok.length,
    shed,
    errors,
    errorRate: outcomes.length ? errors / outcomes.length : 0,
    rps: ok.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

export function formatReport(label: string, r: LoadReport): string {
  return `${label}: ${r.clients} clients, ${r.seconds.toFixed(0)} s: ${r.answered} answered, ${r.shed} shed (503), ${r.errors} errors (${(
    r.errorRate * 100
  ).toFixed(
    2,
  )} %), ${r.rps.toFixed(1)} req/s, p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms`;
}

/** The sum of a Prometheus sample family (`name{...} value` lines), optionally only samples whose labels match. */
export function metricSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}
