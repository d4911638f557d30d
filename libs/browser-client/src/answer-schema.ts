/**
 * The contract's schema of an answer (a zod schema from `@inkprint/contracts`; only its `safeParse` is used, so the
 * request layers of the web app and the admin console stay free of zod themselves). An answer that does not match
 * fails like any other request, with {@link INVALID_ANSWER_MESSAGE} and the code {@link INVALID_ANSWER_CODE}.
 */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export const INVALID_ANSWER_MESSAGE = 'The server sent an answer this page cannot read.';
export const INVALID_ANSWER_CODE = 'INVALID_RESPONSE';

/** The answer parsed with its schema, or `{ ok: false }` when it does not match. */
export function parseAnswer<T>(schema: AnswerSchema<T>, value: unknown): { ok: true; data: T } | { ok: false } {
  const answer = schema.safeParse(value);
  return answer.success ? { ok: true, data: answer.data } : { ok: false };
}
