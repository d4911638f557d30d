import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 39 item 1 (high), written as the attack, with real sockets: ten anonymous clients send `POST
 * /ai/detect?mode=fast` with `Content-Length: 100000` and then trickle their bodies, and ten more trickle a
 * multipart upload to `/ai/upload-text`. Admission control used to let each of them in before its body was read and
 * keep its place until the answer, so the next caller got 503 for as long as they trickled. Bodies are read first
 * now (a slow one holds no place), and slow clients are cut off: a JSON body by its deadline, an upload by the
 * server's request timeout; both answer 408 CLIENT_TIMEOUT, close the connection and are counted. The timeouts are
 * shortened here (seconds instead of 30 s and 120 s) so that the test runs in a few seconds.
 */
describe('issue 39 item 1 (high): slow uploads do not shut other callers out of the AI routes', () => {
  let t: TestApp;
  let port: number;
  const BODY_TIMEOUT_MS = 2_500;
  const REQUEST_TIMEOUT_MS = 5_000;

  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      {
        label: 'slow_uploads',
        // The production admission defaults: 8 AI requests of a kind of work in flight before anything is measured.
        admission: {},
        timeouts: {
          bodyTimeoutMs: BODY_TIMEOUT_MS,
          headersTimeoutMs: 2_000,
          requestTimeoutMs: REQUEST_TIMEOUT_MS,
          checkIntervalMs: 250,
        },
      },
    );
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    port = (t.server.address() as AddressInfo).port;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  interface Trickle {
    received: () => string;
    closed: Promise<number>;
    stop: () => void;
  }

  /** A client that sends the head and then one byte every 200 ms, until the server closes the connection. */
  function trickle(head: string, first: string): Trickle {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let data = '';
    const opened = Date.now();
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(' ');
    }, 200);
    const closed = new Promise<number>((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - opened);
      }),
    );
    socket.write(head + first);
    return { received: () => data, closed, stop: () => socket.destroy() };
  }

  it('ten trickling JSON bodies and ten trickling uploads leave the AI routes open, and are cut off with 408', async () => {
    const guest = (await request(t.server).post('/auth/guest/session').expect(201)).body as {
      guestId: string;
      token: string;
    };
    const json = Array.from({ length: 10 }, () =>
      trickle(
        'POST /ai/detect?mode=fast HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100000\r\n\r\n',
        '{"text":"',
      ),
    );
    const boundary = 'slowboundary';
    const uploads = Array.from({ length: 10 }, () =>
      trickle(
        `POST /ai/upload-text HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          'Content-Length: 100000\r\n\r\n',
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="essay.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
    );
    const all = [...json, ...uploads];
    try {
      // Every slow request has arrived at the server and is trickling; none was answered.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(all.every((s) => s.received() === '')).toBe(true);

      // Another caller is served while they trickle: a detection and an upload, not 503.
      const text = 'The committee met on Tuesday to review the budget and the plans for next year in detail. '.repeat(
        4,
      );
      const detected = await request(t.server)
        .post('/ai/detect?mode=fast')
        .set('X-Guest-Token', guest.token)
        .send({ guestId: guest.guestId, text });
      expect([detected.status, detected.body.code]).toEqual([200, undefined]);
      const uploaded = await request(t.server)
        .post('/ai/upload-text')
        .set('X-Guest-Token', guest.token)
        .field('guestId', guest.guestId)
        .attach('file', Buffer.from(text), 'essay.txt');
      expect([uploaded.status, uploaded.body.code]).toEqual([200, undefined]);

      // Each slow client is cut off with 408 CLIENT_TIMEOUT and its connection closed (bounded wait).
      const bound = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), REQUEST_TIMEOUT_MS + 6_000));
      const lifetimes = await Promise.race([Promise.all(all.map((s) => s.closed)), bound]);
      expect(lifetimes).not.toBe('late');
      for (const s of all) {
        expect(s.received()).toMatch(/^HTTP\/1\.1 408 /);
        expect(s.received()).toContain('"code":"CLIENT_TIMEOUT"');
        expect(s.received()).toContain('The request took too long and was cancelled.');
      }
      const jsonLifetimes = (lifetimes as number[]).slice(0, 10);
      expect(Math.max(...jsonLifetimes)).toBeLessThan(BODY_TIMEOUT_MS + 2_000);

      const metrics = (await request(t.server).get('/metrics').expect(200)).text;
      const count = (by: string) =>
        Number(new RegExp(`^inkprint_slow_requests_cut_total\\{by="${by}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
      expect(count('body_deadline')).toBeGreaterThanOrEqual(10);
      expect(count('server_timeout')).toBeGreaterThanOrEqual(10);
      // None of them was shed or let in: the AI routes hold no request now.
      expect(metrics).toMatch(/^inkprint_ai_requests_in_flight 0$/m);
    } finally {
      for (const s of all) s.stop();
    }
  }, 30_000);
});
