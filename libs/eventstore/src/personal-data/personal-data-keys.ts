/** Writing personal data of a subject whose key was destroyed: the erasure must stay final. */
export class PersonalDataErasedError extends Error {
  constructor(readonly subject: string) {
    super(`The personal data of ${subject} was erased; nothing new can be recorded for it`);
    this.name = 'PersonalDataErasedError';
  }
}

/** One data key per subject (an account, an invite...). Destroying it is how that subject's personal data is forgotten. */
export interface PersonalDataKeys {
  /** The subject's key, created on first use. Throws PersonalDataErasedError once the subject was erased. */
  keyForWriting(subject: string): Promise<Buffer>;
  /** The subject's key, or null when it was erased (or never existed). */
  keyForReading(subject: string): Promise<Buffer | null>;
  /** Destroys the key for good. Returns false when the subject had no key. Idempotent. */
  erase(subject: string): Promise<boolean>;
  isErased(subject: string): Promise<boolean>;
}
