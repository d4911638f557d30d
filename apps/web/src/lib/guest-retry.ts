import type { ErrorCode } from '@inkprint/contracts';

/**
 * GUEST_RETRY_CODES of @inkprint/contracts (spec §8), repeated as a type-checked literal because importing the
 * contracts' errors module at run time pulls zod (~25 kB gzip) into the initial bundle; guest-retry.unit.spec.ts
 * keeps the two equal.
 */
export const GUEST_RETRY: readonly ErrorCode[] = [
  'GUEST_REQUIRED',
  'GUEST_NOT_FOUND',
  'GUEST_INVALID',
  'AUTH_REQUIRED',
];
