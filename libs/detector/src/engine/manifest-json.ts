// Reading the manifest's JSON fields: an object, a finite number or a non-empty string, else undefined. Internal to the
// manifest modules.
export type Json = Record<string, unknown>;

export function obj(x: unknown): Json | undefined {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Json) : undefined;
}
export function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}
export function str(x: unknown): string | undefined {
  return typeof x === 'string' && x.length > 0 ? x : undefined;
}
