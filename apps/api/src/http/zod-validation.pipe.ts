import { Injectable, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { RequestValidationError, type FieldErrors } from './api-error';

/** A body the JSON parser did not read (no body, or another Content-Type than application/json or a form). */
export const BODY_NOT_JSON = 'Send the request body as JSON (Content-Type: application/json).';

/** Validates a body/query/param against a zod schema (from @inkprint/contracts): `@Body(new ZodValidationPipe(schema))`. */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
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
