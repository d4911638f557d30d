/** The one error body of the API (product spec §7-8): every failed request answers with this shape. */
export type ApiErrorBody = {
  message: string;
  status: number;
  code: string;
  details: Record<string, unknown>;
};

/** Per-field messages of a rejected request, keyed by the field's dotted path (`''` = the whole body). */
export type FieldErrors = Record<string, string[]>;

/** A request that failed validation: answered 400 VALIDATION_ERROR with `details.fields`. */
export class RequestValidationError extends Error {
  constructor(
    readonly fields: FieldErrors,
    message = 'Request validation failed',
  ) {
    super(message);
    this.name = 'RequestValidationError';
  }
}
