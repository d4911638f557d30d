import request from 'supertest';
import { describeWithService, realServiceUrl } from '@inkprint/testing';
import { startWorkerProcess } from './support/worker-process';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

const PASSWORD = 'Corr3ct-horse-battery';
const ROOT = { email: 'root@example.com', password: 'Sup3r-secret-pass!' };
const AI_TEXT =
  'Artificial intelligence has transformed numerous industries by enabling unprecedented levels of automation and efficiency. ' +
  'Furthermore, it is important to note that these technologies continue to evolve rapidly, offering innovative solutions to complex challenges. ' +
  'In conclusion, organizations that embrace these advancements will be well-positioned to thrive in an increasingly competitive landscape. ' +
  'Moreover, the integration of machine learning into everyday workflows fosters collaboration and drives sustainable growth across sectors.';
const HUMAN_TEXT =
  "I missed the 8:14 again, so I walked. Rain, obviously. By the time I reached the bakery on Carver St. they'd sold out of the rye " +
  "my mum likes, and the woman at the till - Jo, I think - gave me yesterday's loaf for free because I looked that miserable. " +
  'Small mercies. Got home soaked, burnt the toast, laughed about it anyway.';

interface Account {
  id: string;
  email: string;
  accessToken: string;
}

/**
 * `overtakeWithin`: how many of the free jobs still on the bus when the Pro job joins it may be answered before it.
 * Embedded (one strict-priority queue in the process, 2 worker threads) and with Kafka (each of the two workers runs
 * one job and hands the highest waiting priority the next slot; docs/job-bus.md) that is the jobs already running
 * (2), plus up to two whose answers the API finishes first on a busy machine (measured: 1-3 of 12 under 3 busy
 * loops). First in, first out would answer it last, after all 12.
 * `workerLogs`: the separate worker processes' logs, where the suite has them (Kafka). The priority test then orders
 * the jobs as the workers finished them (each job's log line and its time), not as the API's answers came back:
 * under a busy CI machine the API's own work per answer (appends, read models) reorders answers by more than the
 * jobs' own length, which says nothing about the bus's priorities.
 */
function aiSuite(
  backend: () => TestBackend,
  env: () => Record<string, string> = () => ({}),
  overtakeWithin = 4,
  workerLogs?: () => string[],
) {
  let t: TestApp;
  let n = 0;
  const stamp = Date.now().toString(36);
  const http = () => request(t.server);
  const bearer = (a: Account) => ({ Authorization: `Bearer ${a.accessToken}` });

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password, WORKER_CONCURRENCY: '2', ...env() },
      label: 'ai',
    });
  }, 180_000);
  afterAll(() => t?.close());

  let addresses = 0;
  /** A guest from its own client address (guests are limited per guest and per address; the app trusts loopback proxies). */
  async function guest(): Promise<{ guestId: string; token: string; ip: string }> {
    const ip = `198.51.100.${++addresses}`;
    const session = (await http().post('/auth/guest/session').set('X-Forwarded-For', ip).expect(201)).body;
    return { ...session, ip };
  }

  /** `POST /ai/report {result}` as guest `g` (its id, token and address). */
  function shareAs(g: { guestId: string; token: string; ip: string }, result: object) {
    return http()
      .post('/ai/report')
      .set('X-Guest-Token', g.token)
      .set('X-Guest-Id', g.guestId)
      .set('X-Forwarded-For', g.ip)
      .send({ result });
  }

  async function signUp(tag: string): Promise<Account> {
    const email = `${tag}-${++n}-${stamp}@example.com`;
    await http().post('/auth/register').send({ name: 'Ada Tester', email, password: PASSWORD }).expect(201);
    const mail = (await http().get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' }).expect(200))
      .body as { text: string };
    const res = await http()
      .post('/auth/verify-otp')
      .send({ email, otp: /\b(\d{6})\b/.exec(mail.text)![1] })
      .expect(200);
    return { id: res.body.user.id, email, accessToken: res.body.tokens.accessToken };
  }

  async function root(): Promise<Account> {
    const res = await http().post('/auth/login').send(ROOT).expect(200);
    return { id: res.body.user.id, email: ROOT.email, accessToken: res.body.tokens.accessToken };
  }

  describe('POST /ai/detect', () => {
    it('scores a guest text in every mode with the full result, usage and history; the same text again comes from the cache and still counts', async () => {
      const modes = ['fast', 'moderate', 'strong', 'forensic'] as const;
      let g = await guest();
      for (const [n, mode] of modes.entries()) {
        // A guest may run 3 a day: the fourth mode runs as a second guest.
        if (n === 3) g = await guest();
        const i = n % 3;
        const res = await http()
          .post(`/ai/detect?mode=${mode}`)
          .set('X-Guest-Token', g.token)
          .set('X-Forwarded-For', g.ip)
          .send({ text: AI_TEXT, guestId: g.guestId })
          .expect(200);
        const { result, history, usage, requests } = res.body;
        expect(result).toMatchObject({ mode, cached: false, engine: expect.any(String), words: expect.any(Number) });
        // With models/lm (CI runs npm run models:fetch) forensic runs moderate's cascade through the worker too.
        if (mode === 'forensic' && process.env.INKPRINT_REQUIRE_LM && env().INKPRINT_LANGUAGE_MODEL !== 'off')
          expect(result.engine).toBe('inkprint-onnx-v1+inkprint-minilm-v2+gemma-3-270m');
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(1);
        expect(result.chunks.length).toBeGreaterThan(0);
        expect(result.sentences.length).toBeGreaterThan(1);
        expect(typeof result.rationale).toBe('string');
        expect(result.timings.durationMs).toBeGreaterThan(0);
        expect(history.display).toMatchObject({ detectionMode: mode, raw: { biasedScore: result.score } });
        expect(history.display.aiProbabilityPercent).toBeCloseTo(result.score * 100, 1);
        expect(Date.parse(history.expiresAt) - Date.parse(history.createdAt)).toBe(48 * 3600_000);
        expect(usage.detector).toEqual({ dailyLimit: 3, dailyUsed: i + 1, dailyRemaining: 2 - i });
        expect(requests.detector).toMatchObject({ dailyLimit: 3, requestsToday: i + 1, remaining: 2 - i });
      }
      const g2 = await guest();
      const again = await http()
        .post('/ai/detect?mode=fast')
        .set('X-Guest-Token', g2.token)
        .set('X-Forwarded-For', g2.ip)
        .query({ guestId: g2.guestId }) // the web app's request layer sends the guest id as a query parameter
        .send({ text: AI_TEXT })
        .expect(200);
      expect(again.body.result.cached).toBe(true);
      expect(again.body.usage.detector.dailyUsed).toBe(1);
      const byHeader = await http()
        .post('/ai/detect?mode=fast')
        .set('X-Guest-Token', g2.token)
        .set('X-Guest-Id', g2.guestId)
        .set('X-Forwarded-For', g2.ip)
        .send({ text: AI_TEXT })
        .expect(200);
      expect(byHeader.body.usage.detector.dailyUsed).toBe(2);
    });

    it('refuses bad input with the catalogue codes and counts nothing', async () => {
      const g = await guest();
      const send = (query: string, body: object) =>
        http()
          .post(`/ai/detect${query}`)
          .set('X-Guest-Token', g.token)
          .set('X-Forwarded-For', g.ip)
          .send({ guestId: g.guestId, ...body });
      const blank = await send('', { text: '  \n ' }).expect(400);
      expect(blank.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: { text: ['Paste some text first.'] } },
      });
      const long = await send('', { text: 'word '.repeat(900) }).expect(400);
      expect(long.body).toMatchObject({
        code: 'DETECTOR_CHAR_LIMIT',
        message: 'Maximum 4000 characters.',
        details: { max: 4000 },
      });
      expect((await send('?mode=turbo', { text: AI_TEXT }).expect(400)).body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: { mode: [expect.stringContaining('mode must be one of')] } },
      });
      expect((await http().post('/ai/detect').send({ text: AI_TEXT }).expect(401)).body.code).toBe('GUEST_REQUIRED');
      expect(
        (
          await http()
            .post('/ai/detect')
            .set('X-Guest-Token', 'gst_wrong')
            .set('X-Forwarded-For', g.ip)
            .send({ text: AI_TEXT, guestId: g.guestId })
            .expect(401)
        ).body.code,
      ).toBe('GUEST_INVALID');
      const requests = await http()
        .get('/auth/requests')
        .query({ guestId: g.guestId })
        .set('X-Guest-Token', g.token)
        .set('X-Forwarded-For', g.ip)
        .expect(200);
      expect(requests.body.requests.detector.requestsToday).toBe(0);
    });

    it('50 parallel detections from one free account grant exactly its daily 5; the rest get DAILY_LIMIT_REACHED', async () => {
      const account = await signUp('crowd');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          http()
            .post('/ai/detect?mode=fast')
            .set(bearer(account))
            .send({ text: `${HUMAN_TEXT} (${i})` }),
        ),
      );
      const ok = answers.filter((r) => r.status === 200);
      const refused = answers.filter((r) => r.status === 429);
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(45);
      for (const r of refused) expect(r.body).toMatchObject({ code: 'DAILY_LIMIT_REACHED', status: 429 });
      const me = await http().get('/auth/me').set(bearer(account)).expect(200);
      expect(me.body.usage.detector).toEqual({ dailyLimit: 5, dailyUsed: 5, dailyRemaining: 0 });
    }, 120_000);
  });

  describe('POST /ai/humanise', () => {
    it('rewrites in a tone with the detector’s evaluation; evaluating that rewrite is free, other text is not', async () => {
      const account = await signUp('writer');
      const res = await http()
        .post('/ai/humanise')
        .set(bearer(account))
        .send({ text: AI_TEXT, tone: 'casual' })
        .expect(200);
      const { result, usage } = res.body;
      expect(result).toMatchObject({
        tone: 'casual',
        original: AI_TEXT,
        words: expect.any(Number),
        notes: expect.any(String),
      });
      expect(result.humanised).not.toBe(AI_TEXT);
      expect(result.evaluation).toMatchObject({
        verdict: expect.stringMatching(/^(Humanised|AI Generated)$/),
        badge: expect.stringMatching(/^(humanised|borderline|ai)$/),
      });
      expect(result.evaluation.aiPercent + result.evaluation.humanPercent).toBeCloseTo(100, 5);
      expect(usage.humaniser.dailyUsed).toBe(1);
      const internal = await http()
        .post('/ai/detect?mode=moderate')
        .set(bearer(account))
        .set('X-Internal-Humanise-Detection', 'true')
        .send({ text: result.humanised })
        .expect(200);
      expect(internal.body.history).toBeNull();
      expect(internal.body.usage.detector.dailyUsed).toBe(0);
      const other = await http()
        .post('/ai/detect?mode=moderate')
        .set(bearer(account))
        .set('X-Internal-Humanise-Detection', 'true')
        .send({ text: HUMAN_TEXT })
        .expect(200);
      expect(other.body.history).not.toBeNull();
      expect(other.body.usage.detector.dailyUsed).toBe(1);
    }, 120_000);

    it('refuses an unknown tone and text over the plan’s humaniser limit', async () => {
      const g = await guest();
      expect(
        (
          await http()
            .post('/ai/humanise')
            .set('X-Guest-Token', g.token)
            .set('X-Forwarded-For', g.ip)
            .send({ guestId: g.guestId, text: AI_TEXT, tone: 'pirate' })
            .expect(400)
        ).body.code,
      ).toBe('VALIDATION_ERROR');
      const long = await http()
        .post('/ai/humanise')
        .set('X-Guest-Token', g.token)
        .set('X-Forwarded-For', g.ip)
        .send({ guestId: g.guestId, text: 'word '.repeat(500) })
        .expect(400);
      expect(long.body).toMatchObject({
        code: 'HUMANISER_CHAR_LIMIT',
        message: 'Input exceeds 2000 chars.',
        details: { max: 2000 },
      });
    });
  });

  describe('reports', () => {
    it('stores a report for 24 h under an unguessable id and opens it by link and by the same-origin twin', async () => {
      const g = await guest();
      const detection = (
        await http()
          .post('/ai/detect?mode=fast')
          .set('X-Guest-Token', g.token)
          .set('X-Forwarded-For', g.ip)
          .send({ text: HUMAN_TEXT, guestId: g.guestId })
          .expect(200)
      ).body.result;
      const saved = await shareAs(g, { ...detection, originalText: HUMAN_TEXT }).expect(201);
      expect(saved.body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(saved.body.expiresAt) - Date.parse(saved.body.createdAt)).toBe(24 * 3600_000);
      for (const path of [`/ai/report/${saved.body.id}`, `/api/ai/report/${saved.body.id}`]) {
        const opened = await http().get(path).set('Accept', 'application/json').expect(200);
        expect(opened.body).toEqual({
          createdAt: saved.body.createdAt,
          result: expect.objectContaining({ score: detection.score, originalText: HUMAN_TEXT }),
        });
      }
      for (const id of ['short', 'A'.repeat(22), 'bad id with spaces!!', 'x'.repeat(65)]) {
        const res = await http()
          .get(`/ai/report/${encodeURIComponent(id)}`)
          .set('Accept', 'application/json')
          .expect(404);
        expect(res.body).toMatchObject({ code: 'REPORT_NOT_FOUND', status: 404 });
      }
      const invalid = await http()
        .post('/ai/report')
        .send({ result: { score: 1.7 } })
        .expect(400);
      expect(invalid.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: { 'result.score': ['Invalid detection response structure'] } },
      });
      expect(
        (
          await http()
            .post('/ai/report')
            .send({ result: { score: 'high' } })
            .expect(400)
        ).body.details.fields['result.score'],
      ).toEqual(['Invalid detection response structure']);
    });

    it('a report carries only what the service detected for its caller: no identity, or a result never produced, is refused', async () => {
      const g = await guest();
      const forged = { score: 0.01, rationale: 'VERIFIED HUMAN', mode: 'fast', originalText: AI_TEXT };
      const anonymous = await http().post('/ai/report').send({ result: forged }).expect(401);
      expect(anonymous.body.code).toBe('AUTH_REQUIRED');
      const never = await shareAs(g, forged).expect(404);
      expect(never.body.code).toBe('REPORT_SOURCE_NOT_FOUND');
      const detected = (
        await http()
          .post('/ai/detect?mode=fast')
          .set('X-Guest-Token', g.token)
          .set('X-Forwarded-For', g.ip)
          .send({ text: AI_TEXT, guestId: g.guestId })
          .expect(200)
      ).body.result;
      const saved = await shareAs(g, forged).expect(201);
      const opened = await http().get(`/ai/report/${saved.body.id}`).set('Accept', 'application/json').expect(200);
      // The posted score and rationale are ignored: the report holds the service's own detection.
      expect(opened.body.result.score).toBe(detected.score);
      expect(opened.body.result.rationale).toBe(detected.rationale);
    });

    it("an erased account's reports go with it", async () => {
      const account = await signUp('leaver');
      await http().post('/ai/detect?mode=fast').set(bearer(account)).send({ text: HUMAN_TEXT }).expect(200);
      const saved = await http()
        .post('/ai/report')
        .set(bearer(account))
        .send({ result: { score: 0.2, mode: 'fast', originalText: HUMAN_TEXT } })
        .expect(201);
      await http().get(`/ai/report/${saved.body.id}`).set('Accept', 'application/json').expect(200);
      await http().delete('/auth/me').set(bearer(account)).send({ password: PASSWORD }).expect(200);
      expect(
        (await http().get(`/ai/report/${saved.body.id}`).set('Accept', 'application/json').expect(404)).body.code,
      ).toBe('REPORT_NOT_FOUND');
    });
  });

  describe('priorities', () => {
    it('a Pro job overtakes a backlog of free jobs end to end over HTTP', async () => {
      const admin = await root();
      const pro = await signUp('pro');
      await http().post(`/admin/users/${pro.id}/plan`).set(bearer(admin)).send({ planSlug: 'pro' }).expect(200);
      const free = await Promise.all([signUp('free'), signUp('free'), signUp('free')]);
      const finished: string[] = [];
      const logStart = workerLogs?.().map((l) => l.length);
      // Near the free plan's 8,000 characters: each job is long next to the API's own work per request.
      const long = `${AI_TEXT} `.repeat(14);
      const backlog = free.flatMap((account, a) =>
        Array.from({ length: 4 }, (_, i) =>
          http()
            .post('/ai/detect?mode=forensic')
            .set(bearer(account))
            .send({ text: `${long} Backlog ${a}-${i}.` })
            .then((r) => {
              expect(r.status).toBe(200);
              finished.push('free');
            }),
        ),
      );
      // Jobs on the bus and not yet answered by a worker, per priority, from the API's gauge (one scrape).
      const inFlight = async () => {
        const text = (await http().get('/metrics')).text;
        const gauge = (priority: string) =>
          Number(new RegExp(`inkprint_jobs_in_flight\\{priority="${priority}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
        return { normal: gauge('normal'), high: gauge('high') };
      };
      // Send the Pro job once the whole free backlog was requested (answered or on the bus).
      for (const until = Date.now() + 20_000; Date.now() < until && (await inFlight()).normal + finished.length < 12;)
        await new Promise((r) => setTimeout(r, 50));
      const proRun = http()
        .post('/ai/detect?mode=forensic')
        .set(bearer(pro))
        .send({ text: `${long} Priority.` })
        .then((r) => {
          expect(r.status).toBe(200);
          finished.push('pro');
        });
      // The moment the Pro job is on the bus (its request first authenticates and takes its quota): the free jobs a
      // worker has answered by then are ahead of it whatever the priority, even when their HTTP answers (appends,
      // read models) are still on the way; the ones still on the bus are the backlog it must overtake.
      let waiting = 0;
      for (const until = Date.now() + 20_000; Date.now() < until && !finished.includes('pro');) {
        const now = await inFlight();
        if (now.high >= 1) {
          waiting = now.normal;
          break;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      await Promise.all([...backlog, proRun]);
      // The order the jobs finished in: at the workers where their logs are at hand, else as the answers came back.
      const order = logStart ? finishedAtWorkers(workerLogs!(), logStart) : finished;
      expect(order.filter((o) => o === 'free')).toHaveLength(12);
      // FIFO would answer the Pro job after all `waiting` free jobs; with priorities only the jobs already running
      // (2 workers), and a little slack in the order the API finishes answers, may go first.
      expect(waiting).toBeGreaterThan(overtakeWithin);
      const late = order.indexOf('pro') - (12 - waiting);
      if (late > overtakeWithin)
        throw new Error(`Pro finished ${late} late: waiting ${waiting}, order ${order}, answers ${finished}`);
      expect(late).toBeLessThanOrEqual(overtakeWithin);
      expect(finished.indexOf('pro')).toBeLessThan(finished.length - 1);
      // The admin dashboard's 14-day chart counts them per plan.
      const chart = (await http().get('/admin/metrics/daily?days=14').set(bearer(admin)).expect(200)).body
        .days as Array<{ plan: string; detections: number }>;
      expect(chart.find((d) => d.plan === 'pro')?.detections).toBeGreaterThanOrEqual(1);
      expect(chart.find((d) => d.plan === 'free-signup')?.detections).toBeGreaterThanOrEqual(12);
    }, 180_000);
  });
}

describe('AI service over HTTP, embedded (PGlite, in-process bus, worker threads)', () => {
  aiSuite(() => ({ kind: 'pglite' }));
});

describeWithService('postgres', 'AI service over HTTP on PostgreSQL', (url) => {
  // The language model stays on in the embedded suite (what `npm start` runs); see the Kafka suite for why not here.
  aiSuite(
    () => ({ kind: 'postgres', baseUrl: url }),
    () => ({ INKPRINT_LANGUAGE_MODEL: 'off' }),
  );
});

describeWithService(
  'kafka',
  'AI service over HTTP on PostgreSQL + Kafka with two separate worker processes',
  (brokers) => {
    const postgres = realServiceUrl('postgres');
    const prefix = `inkprint-ai-${Date.now().toString(36)}`;
    const workers: Array<ReturnType<typeof startWorkerProcess>> = [];
    // The priority test's timing (forensic jobs long next to the API's own work, measured slack of 1-3 answers) was
    // measured on the n-gram forensic mode; with the language model each job takes ~2 s and loads ~1 GB per worker,
    // which on a 2-core CI box shifts answers past that slack. The embedded suite keeps it on.
    const lm = { INKPRINT_LANGUAGE_MODEL: 'off' };
    beforeAll(() => {
      // Two workers in one consumer group, one job at a time each: the same layout as the deployment.
      for (let i = 0; i < 2; i++)
        workers.push(
          startWorkerProcess({
            KAFKA_BROKERS: brokers,
            KAFKA_TOPIC_PREFIX: prefix,
            WORKER_CONCURRENCY: '1',
            // one JSON line a job (with its time): the priority test reads the order the workers finished in
            LOG_FORMAT: 'json',
            LOG_LEVEL: 'info',
            ...lm,
          }),
        );
    });
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop()));
    }, 60_000);
    aiSuite(
      () => ({ kind: 'postgres', baseUrl: postgres! }),
      () => ({ KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: prefix, WORKER_MODE: 'external', ...lm }),
      4,
      () => workers.map((w) => w.log()),
    );
  },
);

/** 'pro' / 'free' per detect job in the order the worker processes finished them, from their `job` log lines written
 * since `from` (each log's length then): the high-priority job is the Pro one. */
function finishedAtWorkers(logs: string[], from: number[]): string[] {
  // A job can run twice (the bus delivers at least once: a rebalance hands an uncommitted job to the other worker);
  // its first finish is the one its caller got.
  const jobs = new Map<string, { time: number; priority: string }>();
  logs.forEach((log, i) => {
    for (const line of log.slice(from[i]).split('\n')) {
      if (!line.startsWith('{')) continue;
      const o = JSON.parse(line) as { msg?: string; kind?: string; priority?: string; time?: string; jobId?: string };
      if (o.msg !== 'job' || o.kind !== 'detect' || !o.time || !o.priority || !o.jobId) continue;
      const time = Date.parse(o.time);
      if ((jobs.get(o.jobId)?.time ?? Infinity) > time) jobs.set(o.jobId, { time, priority: o.priority });
    }
  });
  return [...jobs.values()].sort((a, b) => a.time - b.time).map((j) => (j.priority === 'high' ? 'pro' : 'free'));
}
