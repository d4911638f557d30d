import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { DomainError } from '@inkprint/domain-kernel';
import { JobBusClosedError, JobFailedError, JobTimeoutError } from '@inkprint/job-bus';
import { MailDeliveryError } from '@inkprint/mail';
import { z } from 'zod';
import { RequestValidationError } from './api-error';
import { ApiExceptionFilter } from './api-exception.filter';
import { toErrorBody } from './error-body';
import { ZodValidationPipe } from './zod-validation.pipe';

describe('toErrorBody', () => {
  it('answers a DomainError with its own status, code, message and details', () => {
    const error = new DomainError('DETECTOR_CHAR_LIMIT', 'Maximum 5000 characters.', 422, { max: 5000 });
    expect(toErrorBody(error)).toEqual({
      message: 'Maximum 5000 characters.',
      status: 422,
      code: 'DETECTOR_CHAR_LIMIT',
      details: { max: 5000 },
    });
  });

  it('recognises a DomainError from another copy of domain-kernel by its shape', () => {
    const foreign = Object.assign(new Error('Report not found'), {
      name: 'DomainError',
      code: 'REPORT_NOT_FOUND',
      status: 404,
      details: {},
    });
    expect(toErrorBody(foreign)).toEqual({
      message: 'Report not found',
      status: 404,
      code: 'REPORT_NOT_FOUND',
      details: {},
    });
  });

  it('answers a request validation error 400 VALIDATION_ERROR with per-field messages', () => {
    const error = new RequestValidationError({ email: ['Invalid email address'], 'profile.name': ['Required'] });
    expect(toErrorBody(error)).toEqual({
      message: 'Request validation failed',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { fields: { email: ['Invalid email address'], 'profile.name': ['Required'] } },
    });
  });

  it("maps Nest's route-not-found to 404 NOT_FOUND", () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /ai/nope'))).toEqual({
      message: 'Cannot GET /ai/nope',
      status: 404,
      code: 'NOT_FOUND',
      details: {},
    });
  });

  it('names other HTTP exceptions after their status', () => {
    expect(toErrorBody(new ForbiddenException())).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Forbidden',
    });
    expect(toErrorBody(new HttpException('Slow down', 429))).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Slow down',
    });
    expect(toErrorBody(new ServiceUnavailableException('Bus unavailable'))).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('keeps an explicit code and details given to an HttpException', () => {
    const error = new HttpException(
      { message: 'Daily limit reached', code: 'DAILY_LIMIT', details: { limit: 5 } },
      429,
    );
    expect(toErrorBody(error)).toEqual({
      message: 'Daily limit reached',
      status: 429,
      code: 'DAILY_LIMIT',
      details: { limit: 5 },
    });
  });

  it("turns Nest's array-of-messages validation answers into VALIDATION_ERROR", () => {
    expect(toErrorBody(new BadRequestException(['email must be an email']))).toEqual({
      message: 'Request validation failed',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { fields: { '': ['email must be an email'] } },
    });
  });

  it('answers jobs that timed out 504, failed 502 and a closed bus 503, with words the web client retries on', () => {
    const timeout = toErrorBody(new JobTimeoutError('j1', 'detect', 'low', 45_000));
    expect(timeout).toEqual({
      message: expect.stringContaining('timed out'),
      status: 504,
      code: 'JOB_TIMEOUT',
      details: { timeoutMs: 45_000 },
    });
    const failed = toErrorBody(
      new JobFailedError('j2', 'detect', 'onnx session crashed at /models/x', 'DETECTOR_FAILED'),
    );
    expect(failed).toMatchObject({ status: 502, code: 'JOB_FAILED', details: { reason: 'DETECTOR_FAILED' } });
    expect(failed.message).not.toContain('/models/x');
    expect(toErrorBody(new JobBusClosedError('j3'))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers an e-mail the server did not take 503 MAIL_DELIVERY_FAILED, naming neither the address nor the server', () => {
    const down = new MailDeliveryError('verification_code to ada@example.com: connect ECONNREFUSED 127.0.0.1:2525', {
      failure: 'connection',
      kind: 'verification_code',
      to: 'ada@example.com',
    });
    const body = toErrorBody(down);
    expect(body).toEqual({
      message: expect.stringContaining('verification code could not be e-mailed'),
      status: 503,
      code: 'MAIL_DELIVERY_FAILED',
      details: { failure: 'connection', kind: 'verification_code' },
    });
    expect(JSON.stringify(body)).not.toMatch(/ada@example\.com|127\.0\.0\.1|ECONNREFUSED/);
    // Not words the web client's request layer retries on: sending the same request again is not the remedy.
    expect(body.message).not.toMatch(/timeout|network|fetch|502|503|504/i);
    expect(toErrorBody(new MailDeliveryError('verify: auth failed', { failure: 'auth' }))).toMatchObject({
      status: 503,
      details: { failure: 'auth' },
    });
    expect(toErrorBody(new MailDeliveryError('x', { failure: 'timeout', kind: 'password_reset' })).message).toBe(
      'Unable to send reset email. Please try again.',
    );
  });

  it('answers malformed JSON bodies 400 INVALID_JSON and oversized ones 413', () => {
    const parse = Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), {
      status: 400,
      type: 'entity.parse.failed',
      body: '{"a":',
    });
    expect(toErrorBody(parse)).toEqual({
      message: 'Request body is not valid JSON',
      status: 400,
      code: 'INVALID_JSON',
      details: {},
    });
    const large = Object.assign(new Error('request entity too large'), {
      status: 413,
      type: 'entity.too.large',
      limit: 102400,
    });
    expect(toErrorBody(large)).toEqual({
      message: 'Request body is too large',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      details: { limit: 102400 },
    });
  });

  it.each([
    ['an Error', new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2')],
    ['a string', 'boom'],
    ['undefined', undefined],
    ['a raw ZodError (a bug, not bad input)', new z.ZodError([])],
    ['an internal HttpException', new HttpException('pg pool exhausted at Pool.connect', 500)],
  ])('answers %s 500 INTERNAL_ERROR without leaking it', (_, error) => {
    const body = toErrorBody(error);
    expect(body).toEqual({ message: 'An unexpected error occurred', status: 500, code: 'INTERNAL_ERROR', details: {} });
  });
});

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(
    z.object({ email: z.email({ error: 'Invalid email address' }), name: z.string().min(1) }),
  );

  it('returns the parsed value', () => {
    expect(pipe.transform({ email: 'a@b.co', name: 'Ada', extra: 1 })).toEqual({ email: 'a@b.co', name: 'Ada' });
  });

  it('throws a RequestValidationError keyed by field', () => {
    let thrown: unknown;
    try {
      pipe.transform({ email: 'nope' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RequestValidationError);
    const fields = (thrown as RequestValidationError).fields;
    expect(Object.keys(fields).sort()).toEqual(['email', 'name']);
    expect(fields.email).toEqual(['Invalid email address']);
  });
});

describe('ApiExceptionFilter', () => {
  function hostFor(headersSent = false) {
    const res = { headersSent, status: jest.fn(), json: jest.fn(), end: jest.fn() };
    res.status.mockReturnValue(res);
    const req = { method: 'POST', originalUrl: '/ai/detect' };
    const host = {
      switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
    } as unknown as ArgumentsHost;
    return { res, host };
  }

  it('writes the mapped status and body', () => {
    const { res, host } = hostFor();
    new ApiExceptionFilter().catch(new DomainError('GUEST_NOT_FOUND', 'Guest session not found', 404), host);
    expect(res.status).toHaveBeenCalledWith(404);
    expect(res.json).toHaveBeenCalledWith({
      message: 'Guest session not found',
      status: 404,
      code: 'GUEST_NOT_FOUND',
      details: {},
    });
  });

  it('logs unexpected errors server-side and answers 500 without the stack', () => {
    const { res, host } = hostFor();
    const filter = new ApiExceptionFilter();
    const logged = jest
      .spyOn((filter as unknown as { logger: { error: (...args: unknown[]) => void } }).logger, 'error')
      .mockImplementation(() => undefined);
    filter.catch(new TypeError('Cannot read properties of undefined'), host);
    expect(res.status).toHaveBeenCalledWith(500);
    const body = res.json.mock.calls[0][0];
    expect(JSON.stringify(body)).not.toMatch(/TypeError|Cannot read|at /);
    expect(logged).toHaveBeenCalledWith(
      'POST /ai/detect failed: INTERNAL_ERROR',
      expect.stringContaining('TypeError: Cannot read properties of undefined'),
    );
  });

  it('logs no e-mail address: a mail server refusal quoting the recipient is masked (issue 39 item 7)', () => {
    const { host } = hostFor();
    const filter = new ApiExceptionFilter();
    const logged = jest
      .spyOn((filter as unknown as { logger: { error: (...args: unknown[]) => void } }).logger, 'error')
      .mockImplementation(() => undefined);
    filter.catch(new Error('send failed: 550 5.1.1 <victim.name@example.org>: Recipient address rejected'), host);
    const line = JSON.stringify(logged.mock.calls);
    expect(line).not.toContain('victim.name');
    expect(line).toContain('v***@example.org');
  });

  it('only ends a response whose headers are already sent', () => {
    const { res, host } = hostFor(true);
    new ApiExceptionFilter().catch(new NotFoundException(), host);
    expect(res.json).not.toHaveBeenCalled();
    expect(res.end).toHaveBeenCalled();
  });
});
