/** A job failure with a catalogue code; the code travels to the requester in JobFailedError.workerErrorCode. */
export class JobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'JobError';
  }
}
