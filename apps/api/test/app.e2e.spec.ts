import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DomainError } from '@inkprint/domain-kernel';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { z } from 'zod';
import { HealthIndicatorRegistry } from '../src/health';
import { ZodValidationPipe } from '../src/http';
import { startTestApp, type TestApp } from './support/test-app';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Test-only routes that throw what real handlers will throw, so the whole pipeline (pipes, filter) is exercised. */
@Controller('ai/test-errors')
class ErrorsController {
  @Get('domain')
  domain(): never {
    throw new DomainError('DETECTOR_CHAR_LIMIT', 'Maximum 5000 characters.', 400, { max: 5000 });
  }

  @Get('crash')
  crash(): never {
    throw new Error('secret connection string postgres://u:p@db');
  }

  @Post('validate')
  validate(
    @Body(
      new ZodValidationPipe(z.object({ email: z.email({ error: 'Invalid email address' }), text: z.string().min(1) })),
    )
    body: unknown,
  ) {
    return { ok: true, body };
  }
}

@Controller('admin/users')
class AdminUsersController {
  @Get()
  list() {
    return { users: [], nextCursor: null, total: 0 };
  }
}

@Module({ controllers: [ErrorsController, AdminUsersController] })
class TestRoutesModule {}

function writeFixture(dir: string, title: string, base: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>${title}</title><script type="module" src="${base}assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), `console.log(${JSON.stringify(title)});`);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe('API app (HTTP)', () => {
  let t: TestApp;
  let app: NestExpressApplication;
  let fixtures: string;

  beforeAll(async () => {
    fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-api-e2e-'));
    writeFixture(path.join(fixtures, 'web'), 'Inkprint web fixture', '/');
    writeFixture(path.join(fixtures, 'admin'), 'Inkprint admin fixture', '/admin/');
    t = await startTestApp(
      { kind: 'pglite' },
      {
        label: 'app',
        imports: [TestRoutesModule],
        env: { PUBLIC_WEB_DIR: path.join(fixtures, 'web'), ADMIN_WEB_DIR: path.join(fixtures, 'admin') },
      },
    );
    app = t.app;
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(fixtures, { recursive: true, force: true });
  });

  describe('/health', () => {
    it('answers 200 with the checks', async () => {
      const res = await request(app.getHttpServer()).get('/health').expect(200);
      expect(res.body).toEqual({ status: 'ok', checks: expect.any(Object) });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers 503 naming the failing check', async () => {
      const registry = app.get(HealthIndicatorRegistry);
      registry.register({ name: 'e2e-database', check: () => Promise.reject(new Error('connection refused')) });
      try {
        const res = await request(app.getHttpServer()).get('/health').expect(503);
        expect(res.body).toMatchObject({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'Service unavailable: e2e-database is down',
          details: {
            failing: ['e2e-database'],
            checks: { 'e2e-database': { status: 'down', error: 'connection refused' } },
          },
        });
      } finally {
        registry.unregister('e2e-database');
      }
    });
  });

  describe('OpenAPI', () => {
    it('serves the document at /api/docs-json', async () => {
      const res = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(res.body.info.title).toBe('Inkprint API');
      expect(res.body.paths['/health']).toBeDefined();
    });

    it('serves the UI at /api/docs', async () => {
      const res = await request(app.getHttpServer()).get('/api/docs').set('Accept', BROWSER).expect(200);
      expect(res.text).toContain('swagger-ui');
    });
  });

  describe('web app', () => {
    it.each(['/', '/signup', '/report/abc123', '/blogs/node-v1.2'])('%s serves the web index.html', async (url) => {
      const res = await request(app.getHttpServer()).get(url).set('Accept', BROWSER).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('Inkprint web fixture');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('serves the SPA to clients that accept anything', async () => {
      const res = await request(app.getHttpServer()).get('/privacy').expect(200);
      expect(res.text).toContain('Inkprint web fixture');
    });

    it('serves fingerprinted assets with a long cache', async () => {
      const res = await request(app.getHttpServer()).get('/assets/app-1a2b.js').expect(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.text).toContain('Inkprint web fixture');
    });

    it('answers a missing asset 404 in the error shape, not with the app', async () => {
      const res = await request(app.getHttpServer()).get('/assets/missing.js').expect(404);
      expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it.each([
      ['/no/such/page', 404],
      ['/pricing', 404],
      ['/500', 500],
    ])('%s serves the web index.html with status %i (the app shows its 404 / 500 page)', async (url, status) => {
      const res = await request(app.getHttpServer()).get(url).set('Accept', BROWSER).expect(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('Inkprint web fixture');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    });

    it('does not hand the SPA to POSTs', async () => {
      const res = await request(app.getHttpServer()).post('/signup').set('Accept', BROWSER).send({}).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });
  });

  describe('admin app', () => {
    it.each(['/admin', '/admin/', '/admin/users', '/admin/invite?token=abc'])(
      '%s serves the admin index.html to a browser',
      async (url) => {
        const res = await request(app.getHttpServer()).get(url).set('Accept', BROWSER).expect(200);
        expect(res.text).toContain('Inkprint admin fixture');
      },
    );

    it.each(['/admin', '/admin/'])('%s serves the admin index.html to clients that accept anything', async (url) => {
      const res = await request(app.getHttpServer()).get(url).set('Accept', '*/*').expect(200);
      expect(res.text).toContain('Inkprint admin fixture');
    });

    it('serves admin assets under /admin/assets', async () => {
      const res = await request(app.getHttpServer()).get('/admin/assets/app-1a2b.js').expect(200);
      expect(res.text).toContain('Inkprint admin fixture');
    });

    it('lets JSON requests to /admin/users reach the admin API', async () => {
      const res = await request(app.getHttpServer()).get('/admin/users').set('Accept', 'application/json').expect(200);
      expect(res.body).toEqual({ users: [], nextCursor: null, total: 0 });
    });

    it('answers an unknown admin API path in the error shape', async () => {
      const res = await request(app.getHttpServer()).get('/admin/nope').set('Accept', 'application/json').expect(404);
      expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('errors', () => {
    it.each([
      ['GET', '/ai/nope'],
      ['POST', '/ai/nope'],
      ['GET', '/auth/nope'],
      ['GET', '/api/nope'],
    ])('%s %s (unknown API route) → 404 NOT_FOUND even for a browser', async (method, url) => {
      const agent = request(app.getHttpServer());
      const res = await (method === 'GET' ? agent.get(url) : agent.post(url)).set('Accept', BROWSER).expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: `Cannot ${method} ${url}`, status: 404, code: 'NOT_FOUND', details: {} });
    });

    it('a DomainError keeps its code, status and details', async () => {
      const res = await request(app.getHttpServer()).get('/ai/test-errors/domain').expect(400);
      expect(res.body).toEqual({
        message: 'Maximum 5000 characters.',
        status: 400,
        code: 'DETECTOR_CHAR_LIMIT',
        details: { max: 5000 },
      });
    });

    it('invalid input → 400 VALIDATION_ERROR with per-field details', async () => {
      const res = await request(app.getHttpServer())
        .post('/ai/test-errors/validate')
        .send({ email: 'nope' })
        .expect(400);
      expect(res.body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Request validation failed' });
      expect(res.body.details.fields.email).toEqual(['Invalid email address']);
      expect(res.body.details.fields.text).toHaveLength(1);
    });

    it('valid input reaches the handler', async () => {
      await request(app.getHttpServer())
        .post('/ai/test-errors/validate')
        .send({ email: 'a@b.co', text: 'hi' })
        .expect(201, { ok: true, body: { email: 'a@b.co', text: 'hi' } });
    });

    it('malformed JSON → 400 INVALID_JSON', async () => {
      const res = await request(app.getHttpServer())
        .post('/ai/test-errors/validate')
        .set('Content-Type', 'application/json')
        .send('{"email":')
        .expect(400);
      expect(res.body).toEqual({
        message: 'Request body is not valid JSON',
        status: 400,
        code: 'INVALID_JSON',
        details: {},
      });
    });

    it('an oversized body → 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await request(app.getHttpServer())
        .post('/ai/test-errors/validate')
        .send({ email: 'a@b.co', text: 'x'.repeat(1_100_000) })
        .expect(413);
      expect(res.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    });

    it('an unexpected error → 500 INTERNAL_ERROR without a stack or the original message', async () => {
      const res = await request(app.getHttpServer()).get('/ai/test-errors/crash').expect(500);
      expect(res.body).toEqual({
        message: 'An unexpected error occurred',
        status: 500,
        code: 'INTERNAL_ERROR',
        details: {},
      });
      expect(res.text).not.toMatch(/secret|postgres|at /);
    });
  });
});
