/** The time of the API's decisions (expiry, quotas, retention). Injected, so tests move time instead of faking Date. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

/** The one place the API reads the wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves. */
export class TestClock implements Clock {
  constructor(private current: Date = new Date('2026-01-01T12:00:00.000Z')) {}

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(to: Date | string): void {
    this.current = new Date(to);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
