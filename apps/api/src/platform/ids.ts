import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/**
 * Randomness that decides behaviour: ids, secrets of tokens and links, one-time codes. Injected so handler tests
 * know the code that was e-mailed or the id an account got.
 */
export interface Ids {
  uuid(): string;
  /** An unguessable secret, base64url of `bytes` random bytes. */
  secret(bytes?: number): string;
  /** A 6-digit one-time code, uniformly random. */
  otp(): string;
}

export const IDS = Symbol('IDS');

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  secret: (bytes = 32) => randomBytes(bytes).toString('base64url'),
  otp: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
};

/** Predictable ids for tests: uuids count up, secrets and codes are whatever the test queues (else counted). */
export class SequentialIds implements Ids {
  private n = 0;
  readonly otps: string[] = [];
  readonly secrets: string[] = [];

  uuid(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${this.n.toString(16).padStart(12, '0')}`;
  }

  secret(): string {
    this.n += 1;
    return this.secrets.shift() ?? `secret-${this.n}`;
  }

  otp(): string {
    this.n += 1;
    return this.otps.shift() ?? String(100000 + (this.n % 900000));
  }
}
