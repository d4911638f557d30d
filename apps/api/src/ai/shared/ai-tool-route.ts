import { applyDecorators, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, type ApiHeaderOptions } from '@nestjs/swagger';
import type { ApiKeyScope, ErrorCode } from '@inkprint/contracts';
import type { z } from 'zod';
import { AiCallerGuard, ApiKeyScopes } from '../../accounts';
import { ApiContract } from '../../http/api-contract';

/** What every AI tool route can answer besides its own character limit: the quota, the guest, the job. */
const AI_TOOL_ERRORS: readonly ErrorCode[] = [
  'DAILY_LIMIT_REACHED',
  'GUEST_REQUIRED',
  'GUEST_NOT_FOUND',
  'GUEST_INVALID',
  'JOB_TIMEOUT',
  'JOB_FAILED',
  'SERVICE_UNAVAILABLE',
];

export interface AiToolRouteOptions {
  /** Under `/ai`: `detect`, `humanise`. */
  path: string;
  /** The API key scope that may call it; a signed-in session or a guest may too. */
  scope: ApiKeyScope;
  summary: string;
  body: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  /** The tool's own character-limit refusal (`DETECTOR_CHAR_LIMIT`, `HUMANISER_CHAR_LIMIT`). */
  limitError: ErrorCode;
  /** Request headers the route reads besides the caller's, in the order the OpenAPI document lists them. */
  headers?: readonly ApiHeaderOptions[];
}

/**
 * An AI tool route (`POST /ai/<path>`, 200): the caller resolved by `AiCallerGuard` (session, API key with `scope`,
 * or guest), and its contract (`ApiContract`: body, query, answer, the tool's limit and the errors every tool shares).
 * The handler reads the caller with `@Caller()` and its body and query with `@ContractBody()` / `@ContractQuery()`.
 */
export function AiToolRoute(options: AiToolRouteOptions): MethodDecorator {
  // Listed as they would be stacked on the method; decorators stacked there apply from the bottom up.
  const stacked: Array<MethodDecorator | ClassDecorator> = [
    Post(options.path),
    HttpCode(200),
    UseGuards(AiCallerGuard),
    ApiKeyScopes(options.scope),
    ...(options.headers ?? []).map((header) => ApiHeader(header)),
    ApiContract({
      summary: options.summary,
      body: options.body,
      ...(options.query ? { query: options.query } : {}),
      responses: { 200: options.response },
      errors: [options.limitError, ...AI_TOOL_ERRORS],
      auth: 'guest-or-bearer',
      apiKeyScopes: [options.scope],
    }),
  ];
  return applyDecorators(...stacked.reverse());
}
