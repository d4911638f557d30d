import type { ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@inkprint/testing';
import { createApp, type CreateAppOptions } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/config';

/** Where a test app keeps its data: embedded PGlite in a temporary folder, or a fresh database on a real PostgreSQL. */
export type TestBackend = { kind: 'pglite' } | { kind: 'postgres'; baseUrl: string };

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** The app's HTTP server, for supertest. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  tmp: string;
  close(): Promise<void>;
}

/**
 * Starts the real Nest app for an e2e test file. Each call gets its own data: a new PGlite folder, or a scratch
 * PostgreSQL database created next to TEST_DATABASE_URL and dropped on close.
 */
export async function startTestApp(
  backend: TestBackend,
  options: {
    env?: Record<string, string>;
    imports?: ModuleMetadata['imports'];
    label?: string;
    admission?: CreateAppOptions['admission'];
    timeouts?: CreateAppOptions['timeouts'];
    /** Where the app's log lines go (with a LOG_LEVEL in env): a test that reads them. */
    logDestination?: CreateAppOptions['logDestination'];
  } = {},
): Promise<TestApp> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-api-test-'));
  let scratch: ScratchDatabase | undefined;
  if (backend.kind === 'postgres') scratch = await createScratchDatabase(backend.baseUrl, options.label ?? 'api');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(tmp, 'pglite'),
    PUBLIC_WEB_DIR: path.join(tmp, 'web'),
    // The tests play many clients from one machine, as a reverse proxy on loopback would pass them on.
    TRUST_PROXY: 'loopback',
    // Suites sign up dozens of accounts from one address in seconds; the security suite turns the limits back on.
    ABUSE_LIMITS: 'off',
    ADMIN_WEB_DIR: path.join(tmp, 'admin'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  });
  let app: NestExpressApplication | undefined;
  try {
    // Back-pressure off unless a test asks for it: suites fire bursts of parallel requests at a cold process.
    app = await createApp(config, {
      imports: options.imports ?? [],
      admission: options.admission ?? { enabled: false },
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    });
    await app.init();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    throw error;
  }
  const started = app;
  return {
    app: started,
    config,
    server: started.getHttpServer(),
    tmp,
    close: async () => {
      await started.close();
      await scratch?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
