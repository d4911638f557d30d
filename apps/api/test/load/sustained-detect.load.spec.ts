import { describeWithService } from '@inkprint/testing';
import { Cluster, LOAD_CLIENTS, LOAD_SECONDS, requireBuiltApps } from './support/cluster';
import {
  detect,
  enterpriseSession,
  formatReport,
  guestSession,
  isShed,
  metricSum,
  sustain,
  type LoadReport,
} from './support/load-client';

/**
 * Sustained detect load against the distributed mode (API + PostgreSQL + Kafka + 2 detector-worker processes):
 * LOAD_CLIENTS concurrent clients (default 50 and 200) for LOAD_SECONDS each, p50/p95/p99 and the error rate, with
 * /metrics scraped while the load runs. Beyond what the API can answer within its queue budget it sheds requests
 * with 503 SERVICE_UNAVAILABLE (back-pressure, issue 28): those are answers too (nothing counted, nothing lost), and
 * /metrics counts each of them.
 */
describeWithService('postgres', 'sustained detect load (distributed)', (postgresUrl) => {
  describeWithService('kafka', 'API + 2 worker processes', (brokers) => {
    let cluster: Cluster;
    let token: string;

    beforeAll(async () => {
      requireBuiltApps();
      cluster = new Cluster({ postgresUrl, brokers, workers: 2, label: 'sustained' });
      await cluster.start();
      token = (await enterpriseSession(cluster.base, 'sustained')).accessToken;
      // Warm-up (model load, JIT, topic leaders), not measured.
      await sustain(cluster.base, token, 4, 3);
    }, 300_000);
    afterAll(() => cluster?.close());

    it('answers a guest and an Enterprise account with real sessions', async () => {
      const guest = await detect(cluster.base, { guest: await guestSession(cluster.base) });
      const account = await detect(cluster.base, { bearer: token });
      expect([guest.status, account.status]).toEqual([200, 200]);
      expect(account.runId).toEqual(expect.any(String));
    });

    const reports: LoadReport[] = [];
    for (const clients of LOAD_CLIENTS) {
      it(`${clients} concurrent clients for ${LOAD_SECONDS} s: every request answered 200 or shed with 503, none over the 45 s job timeout`, async () => {
        const shedBefore = metricSum(
          await (await fetch(`${cluster.base}/metrics`)).text(),
          'inkprint_requests_shed_total',
        );
        let scrape: string | undefined;
        let scraping: Promise<void> | undefined;
        const report = await sustain(cluster.base, token, clients, LOAD_SECONDS, () => {
          // One /metrics scrape while the load runs (after the first answers).
          scraping ??= fetch(`${cluster.base}/metrics`)
            .then((r) => r.text())
            .then((t) => void (scrape = t));
        });
        await scraping;
        reports.push(report);
        process.stdout.write(`${formatReport('sustained detect', report)}\n`);
        const failures = report.outcomes.filter((o) => o.status !== 200 && !isShed(o));
        expect(failures.map((o) => `${o.status} ${o.code}`)).toEqual([]);
        const shedAfter = metricSum(
          await (await fetch(`${cluster.base}/metrics`)).text(),
          'inkprint_requests_shed_total',
        );
        expect(shedAfter - shedBefore).toBe(report.shed);
        // Every client got answers (closed loop: each waits for its answer, and after a 503 for Retry-After, before
        // the next request), and the API answered some 200 whatever it shed.
        expect(report.outcomes.length).toBeGreaterThanOrEqual(clients);
        expect(report.answered).toBeGreaterThan(0);
        expect(Math.max(...report.outcomes.map((o) => o.ms))).toBeLessThan(45_000);

        // Metrics scraped during the load: request, job, append and projection-batch histograms have counted,
        // projections report lag.
        expect(scrape).toBeDefined();
        const text = scrape!;
        expect(
          metricSum(text, 'inkprint_http_request_duration_seconds_count', { route: '/ai/detect' }),
        ).toBeGreaterThan(0);
        expect(metricSum(text, 'inkprint_job_duration_seconds_count', { kind: 'detect' })).toBeGreaterThan(0);
        expect(metricSum(text, 'inkprint_eventstore_append_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
        expect(
          metricSum(text, 'inkprint_projection_batch_seconds_count', { projection: 'daily_usage' }),
        ).toBeGreaterThan(0);
        expect(text).toMatch(/^inkprint_projection_lag_events\{projection="daily_usage"\} \d+/m);
      });
    }

    it('the read models catch up once the load stops', async () => {
      expect(reports.length).toBe(LOAD_CLIENTS.length);
      const deadline = Date.now() + 60_000;
      let lag = Infinity;
      while (Date.now() < deadline) {
        lag = metricSum(await (await fetch(`${cluster.base}/metrics`)).text(), 'inkprint_projection_lag_events');
        if (lag === 0) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(lag).toBe(0);
    });
  });
});
