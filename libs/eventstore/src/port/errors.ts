import type { ExpectedVersion } from './event-store';

/** Optimistic-concurrency failure: the stream was not at the expected version. Nothing was written. */
export class StreamVersionConflictError extends Error {
  readonly code = 'STREAM_VERSION_CONFLICT';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, expected ${String(expectedVersion)}`);
    this.name = 'StreamVersionConflictError';
  }
}
