import { Logger, type LogLevel as NestLogLevel, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import type { AppConfig, LogLevel } from './config';
import { contractComponents } from './http/api-contract';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { bodyParsers } from './http/body-parsers';
import { requestLogger } from './http/request-logger.middleware';
import { ApiMetrics } from './observability';
import { webAppsMiddleware } from './web-apps/web-apps.middleware';

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

/** Builds the whole HTTP application (not listening yet): used by main.ts and by the e2e tests. */
export async function createApp(
  config: AppConfig,
  options: { imports?: ModuleMetadata['imports'] } = {},
): Promise<NestExpressApplication> {
  const levels = nestLogLevels(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    logger: levels,
    abortOnError: false,
    bodyParser: false,
  });
  if (levels) Logger.overrideLogger(levels);

  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.enableShutdownHooks();
  app.useGlobalFilters(new ApiExceptionFilter());
  app.use(app.get(ApiMetrics).httpMiddleware());
  app.use(requestLogger());
  for (const handler of bodyParsers()) app.use(handler);
  // Before the Nest router, so browser navigations to /admin/... reach the admin SPA, not the admin API.
  app.use(webAppsMiddleware(config));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Inkprint API')
      .setDescription('AI-text detector and humaniser. Errors answer { message, status, code, details }.')
      .setVersion('0.1.0')
      .addBearerAuth()
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
