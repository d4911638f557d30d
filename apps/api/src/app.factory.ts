import { Logger, type LogLevel as NestLogLevel, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PinoNestLogger } from '@inkprint/detector-worker';
import { configureLogging, type LogFormat } from '@inkprint/job-bus';
import type { DestinationStream } from 'pino';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import type { AppConfig, LogLevel } from './config';
import { API_KEY_SECURITY, contractComponents } from './http/api-contract';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { AdmissionControl, type AdmissionOptions } from './http/admission-control';
import { bodyParsers } from './http/body-parsers';
import { applyServerTimeouts, bodyDeadline, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './http/slow-requests';
import { ApiMetrics, correlationMiddleware, correlationScope } from './observability';
import { webAppsMiddleware } from './web-apps/web-apps.middleware';
import { securityHeaders } from './http/security-headers';

export const OPENAPI_UI_PATH = 'api/docs';
export const OPENAPI_JSON_PATH = 'api/docs-json';

const NEST_LEVELS: Record<Exclude<LogLevel, 'silent'>, NestLogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  verbose: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

export function nestLogLevels(level: LogLevel): NestLogLevel[] | false {
  return level === 'silent' ? false : NEST_LEVELS[level];
}

export interface CreateAppOptions {
  imports?: ModuleMetadata['imports'];
  /** LOG_FORMAT (main.ts reads it); default json. */
  logFormat?: LogFormat;
  /** Where log lines go; default stdout (tests pass a sink to read them). */
  logDestination?: DestinationStream;
  /** Back-pressure on the AI routes (defaults in AdmissionControl; tests lower them to provoke shedding). */
  admission?: AdmissionOptions;
  /** How long a client may take to send a request (defaults in slow-requests.ts; tests shorten them). */
  timeouts?: HttpTimeouts;
}

/**
 * Builds the whole HTTP application (not listening yet): used by main.ts and by the e2e tests. Every log line of
 * the process (Nest's, one per request, one per job of an embedded worker) goes through one pino logger at
 * LOG_LEVEL, and carries the request's correlation id (X-Request-Id).
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  configureLogging({
    level: config.logLevel,
    format: options.logFormat ?? 'json',
    name: 'api',
    ...(options.logDestination ? { destination: options.logDestination } : {}),
  });
  const levels = nestLogLevels(config.logLevel);
  const nestLogger = levels ? new PinoNestLogger() : false;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    logger: nestLogger,
    abortOnError: false,
    bodyParser: false,
  });
  if (nestLogger) Logger.overrideLogger(nestLogger);

  app.disable('x-powered-by');
  // No proxy is trusted unless TRUST_PROXY names it: X-Forwarded-For from anyone else is ignored (docs/security.md).
  app.set('trust proxy', config.trustProxy);
  app.enableShutdownHooks();
  app.useGlobalFilters(new ApiExceptionFilter());
  app.use(securityHeaders({ production: config.nodeEnv === 'production' }));
  app.use(correlationMiddleware());
  app.use(app.get(ApiMetrics).httpMiddleware());
  // Slow clients are cut off (issue 39 item 1): headers, the whole request, and a JSON or form body each have a
  // deadline; what they cut off is counted (inkprint_slow_requests_cut_total).
  const metrics = app.get(ApiMetrics);
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts };
  applyServerTimeouts(app.getHttpServer(), timeouts, (by) => metrics.slowRequestsCut.inc({ by }));
  app.use(bodyDeadline(timeouts.bodyTimeoutMs, (by) => metrics.slowRequestsCut.inc({ by })));
  for (const handler of bodyParsers()) app.use(handler);
  // After the body is read (a multipart upload: after its file interceptor, AdmitAfterUpload): an AI request the
  // process cannot answer in time is shed with 503 at once, and a slow body never holds a place.
  app.use(metrics.admit(new AdmissionControl(options.admission)));
  app.use(correlationScope());
  // Before the Nest router, so browser navigations to /admin/... reach the admin SPA, not the admin API.
  app.use(webAppsMiddleware(config));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Inkprint API')
      .setDescription('AI-text detector and humaniser. Errors answer { message, status, code, details }.')
      .setVersion('0.1.0')
      .addBearerAuth()
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ink_…',
          description:
            'An API key (Basic, Pro, Enterprise; POST /auth/api-keys) in Authorization: Bearer ink_…, on the AI routes its scopes allow. See docs/api-keys.md.',
        },
        API_KEY_SECURITY,
      )
      .build(),
  );
  // Request and response schemas come from @inkprint/contracts (routes reference them with @ApiContract).
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...contractComponents() },
  };
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: 'api/docs-yaml',
  });
  return app;
}
