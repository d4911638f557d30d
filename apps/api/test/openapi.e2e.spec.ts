import SwaggerParser from '@apidevtools/swagger-parser';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule, DocumentBuilder } from '@nestjs/swagger';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app';

type Operation = {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/** Every route the Nest router serves, as `METHOD /openapi/{path}`. */
function nestRoutes(app: NestExpressApplication): string[] {
  const router = (
    app.getHttpAdapter().getInstance() as {
      router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
    }
  ).router;
  return router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route!.methods)
        .filter((m) => m !== '_all')
        .map((method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
    );
}

describe('OpenAPI document generated from @inkprint/contracts', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    document = (await request(t.server).get('/api/docs-json').expect(200)).body;
  }, 120_000);
  afterAll(() => t?.close());

  it('is a valid OpenAPI document (validated by swagger-parser, $refs resolved)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('lists every route of the Nest router except the dev mailbox (dev tooling, 404 in production), the docs themselves and /metrics (Prometheus text)', () => {
    const documented = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    // GET /metrics is left out on purpose: its body is the Prometheus text format, which no JSON schema describes.
    const served = nestRoutes(t.app).filter(
      (route) => !route.includes(' /dev/') && !route.includes(' /api/docs') && route !== 'GET /metrics',
    );
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('describes request bodies, query parameters and every success and error answer with a schema', () => {
    const problems: string[] = [];
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (path.startsWith('/api/blogs/covers/')) continue; // an image route: its 200 is a binary body, not JSON
        const where = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        const errors = Object.entries(op.responses).filter(([status]) => /^[45]/.test(status));
        if (success.length === 0 || success.some(([, r]) => !r.content?.['application/json']?.schema))
          problems.push(`${where}: success schema`);
        if (
          errors.length === 0 ||
          errors.some(
            ([, r]) =>
              JSON.stringify(r.content?.['application/json']?.schema) !==
              '{"$ref":"#/components/schemas/ApiErrorBody"}',
          )
        ) {
          problems.push(`${where}: error schema`);
        }
        if (
          method === 'post' &&
          ops[method].requestBody === undefined &&
          !/logout|guest\/session|revoke|resend|mfa\/(enrol|reset)/.test(path)
        )
          problems.push(`${where}: request body`);
      }
    }
    expect(problems).toEqual([]);
    expect(document.paths['/auth/register'].post.requestBody?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/RegisterRequest',
    });
    expect(document.paths['/admin/users'].get.parameters?.map((p) => p.name).sort()).toEqual([
      'cursor',
      'limit',
      'q',
      'role',
      'status',
    ]);
    expect(Object.keys(document.paths['/auth/login'].post.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '429',
      '500',
    ]);
  });

  it('holds the contract schemas as components', () => {
    for (const name of [
      'ApiErrorBody',
      'SignedInResponse',
      'UsagePayload',
      'UsersPage',
      'DashboardResponse',
      'TimelineResponse',
      'HealthResponse',
    ]) {
      expect(document.components.schemas[name]).toBeDefined();
    }
  });

  it("documents a detection's AI-written parts (issue 42): segments with offsets and sentences, and their word share", () => {
    const result = document.components.schemas.DetectionResult as {
      properties: Record<string, { type?: string; items?: { properties?: Record<string, unknown> } }>;
    };
    expect(Object.keys(result.properties.segments.items?.properties ?? {}).sort()).toEqual([
      'end',
      'firstSentence',
      'lastSentence',
      'start',
      'words',
    ]);
    expect(result.properties.aiWordShare.type).toBe('number');
  });

  it('is the document the app builds (no drift between UI and JSON)', () => {
    const rebuilt = SwaggerModule.createDocument(t.app, new DocumentBuilder().build());
    expect(Object.keys(rebuilt.paths).sort()).toEqual(Object.keys(document.paths).sort());
  });
});
