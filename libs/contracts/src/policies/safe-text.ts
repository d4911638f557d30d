/**
 * Text the service accepts in any request field: no control characters other than tab, line feed, carriage return,
 * vertical tab and form feed (pasted prose keeps its layout), no DEL or C1 controls, and no unpaired UTF-16
 * surrogates. NUL and lone surrogates cannot be stored by PostgreSQL (text, jsonb) and would poison whatever writes
 * them later (read models, projections), so they are refused at the boundary with a clear field error.
 */
export const UNSAFE_TEXT_MESSAGE = 'Remove control characters and invalid characters from this field.';

// U+0000-U+0008, U+000E-U+001F, U+007F-U+009F, and surrogate halves that are not part of a pair.
// Matched without the `u` flag, so the pattern sees UTF-16 code units and can find a lone half. Matching control
// characters is the point of this pattern.
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` holds a character the service refuses (see UNSAFE_TEXT_MESSAGE). */
export function hasUnsafeText(s: string): boolean {
  return UNSAFE.test(s);
}

/**
 * The dotted paths of every string (object keys included) in a parsed JSON value that holds unsafe text.
 * Depth and breadth are bounded by the body limit of the caller.
 */
export function unsafeTextPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return hasUnsafeText(value) ? [path.join('.')] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => unsafeTextPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      hasUnsafeText(k) ? [[...path, k].join('.')] : unsafeTextPaths(v, [...path, k]),
    );
  }
  return [];
}
