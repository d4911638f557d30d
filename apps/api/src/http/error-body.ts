import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError } from '@inkprint/domain-kernel';
import { JobBusClosedError, JobFailedError, JobTimeoutError } from '@inkprint/job-bus';
import { MailDeliveryError, type MailKind } from '@inkprint/mail';
import { RequestValidationError, type ApiErrorBody } from './api-error';

const CODES_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export function codeForStatus(status: number): string {
  return CODES_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`);
}

const INTERNAL: ApiErrorBody = {
  message: 'An unexpected error occurred',
  status: HttpStatus.INTERNAL_SERVER_ERROR,
  code: 'INTERNAL_ERROR',
  details: {},
};

/**
 * The one mapping from anything thrown to the API's error body. Anything not recognised is a 500 whose body
 * carries no message, stack or class name of the original error (the filter logs those server-side).
 */
export function toErrorBody(error: unknown): ApiErrorBody {
  if (isDomainError(error)) {
    return { message: error.message, status: error.status, code: error.code, details: { ...error.details } };
  }
  if (error instanceof RequestValidationError) {
    return { message: error.message, status: 400, code: 'VALIDATION_ERROR', details: { fields: error.fields } };
  }
  if (error instanceof HttpException) return fromHttpException(error);
  const job = fromJobError(error);
  if (job) return job;
  if (error instanceof MailDeliveryError) return fromMailError(error);
  const bodyParser = fromBodyParserError(error);
  if (bodyParser) return bodyParser;
  return { ...INTERNAL, details: {} };
}

/** Duck-typed as well, so a DomainError from a second copy of domain-kernel (src vs dist) still maps. */
function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true;
  if (!(error instanceof Error) || error.name !== 'DomainError') return false;
  const e = error as Partial<DomainError>;
  return typeof e.code === 'string' && typeof e.status === 'number' && e.status >= 400 && e.status <= 599;
}

function fromHttpException(error: HttpException): ApiErrorBody {
  const status = error.getStatus();
  const response = error.getResponse();
  const code = codeForStatus(status);
  if (status >= 500 && status !== 501 && status !== 503) return { ...INTERNAL, status, code, details: {} };
  if (typeof response === 'string') return { message: response, status, code, details: {} };
  const body = response as { message?: unknown; code?: unknown; details?: unknown };
  // Nest's built-in pipes report validation failures as an array of messages.
  if (Array.isArray(body.message)) {
    return {
      message: 'Request validation failed',
      status,
      code: status === 400 ? 'VALIDATION_ERROR' : code,
      details: { fields: { '': body.message.map(String) } },
    };
  }
  return {
    message: typeof body.message === 'string' ? body.message : error.message,
    status,
    code: typeof body.code === 'string' ? body.code : code,
    details: isRecord(body.details) ? body.details : {},
  };
}

/**
 * Detect/humanise jobs that did not come back: the request layer of the web app retries messages that mention a
 * timeout or 502/503/504 (product spec §4), so these keep those words and statuses.
 */
export function fromJobError(error: unknown): ApiErrorBody | undefined {
  if (error instanceof JobTimeoutError) {
    return {
      message: 'The analysis timed out. Please try again.',
      status: 504,
      code: 'JOB_TIMEOUT',
      details: { timeoutMs: error.timeoutMs },
    };
  }
  if (error instanceof JobFailedError) {
    return {
      message: 'The analysis failed (502). Please try again.',
      status: 502,
      code: 'JOB_FAILED',
      details: error.workerErrorCode ? { reason: error.workerErrorCode } : {},
    };
  }
  if (error instanceof JobBusClosedError) {
    return {
      message: 'The service is restarting (503). Please try again.',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      details: {},
    };
  }
  return undefined;
}

const UNSENT_MAIL: Record<MailKind, string> = {
  verification_code:
    'Your details are saved, but the verification code could not be e-mailed just now. Please request a new code in a few minutes.',
  password_reset: 'Unable to send reset email. Please try again.',
  admin_invite: 'Unable to send invite.',
  // Answered like the verification code's failure: the sign-up must not tell which addresses have accounts.
  account_exists:
    'Your details are saved, but the verification code could not be e-mailed just now. Please request a new code in a few minutes.',
};

/**
 * A message the mail server did not take (SMTP down, refused credentials, refused recipient). 503: the request was
 * understood and whatever it recorded stands (a pending sign-up, an issued reset); only the e-mail is missing.
 * The message avoids the words the web client retries on, because repeating the request is not what helps.
 */
export function fromMailError(error: MailDeliveryError): ApiErrorBody {
  return {
    message: error.kind
      ? UNSENT_MAIL[error.kind]
      : 'The e-mail could not be sent just now. Please try again in a few minutes.',
    status: 503,
    code: 'MAIL_DELIVERY_FAILED',
    details: { failure: error.failure, ...(error.kind ? { kind: error.kind } : {}) },
  };
}

/** Errors raised by Express's body parsers before any controller runs (malformed JSON, body too large...). */
export function fromBodyParserError(error: unknown): ApiErrorBody | undefined {
  if (!isRecord(error) || typeof error.type !== 'string') return undefined;
  const status = typeof error.status === 'number' ? error.status : undefined;
  if (!status || status < 400 || status > 499) return undefined;
  switch (error.type) {
    case 'entity.parse.failed':
      return { message: 'Request body is not valid JSON', status: 400, code: 'INVALID_JSON', details: {} };
    case 'entity.too.large':
      return {
        message: 'Request body is too large',
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        details: { limit: error.limit },
      };
    default:
      return { message: 'The request body could not be read', status, code: codeForStatus(status), details: {} };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
