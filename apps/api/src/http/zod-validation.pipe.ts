import { Injectable, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from '@inkprint/contracts';
import { RequestValidationError, type FieldErrors } from './api-error';

/** A body the JSON parser did not read (no body, or another Content-Type than application/json or a form). */
export const BODY_NOT_JSON = 'Send the request body as JSON (Content-Type: application/json).';

/**
 * Validates a body/query/param against a zod schema (from @inkprint/contracts). Routes use it through
 * `@ContractBody()` / `@ContractQuery()` (api-contract.ts), which take the schema from their `ApiContract`.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // Control characters and lone surrogates are refused in every field before the schema runs: they cannot be
    // stored (PostgreSQL text/jsonb) and must never reach the event log or a projection.
    const unsafe = unsafeTextPaths(value);
    if (unsafe.length > 0) {
      throw new RequestValidationError(Object.fromEntries(unsafe.map((field) => [field, [UNSAFE_TEXT_MESSAGE]])));
    }
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    if (value === undefined) throw new RequestValidationError({ '': [BODY_NOT_JSON] }, BODY_NOT_JSON);
    throw new RequestValidationError(fieldErrors(result.error.issues));
  }
}

export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
