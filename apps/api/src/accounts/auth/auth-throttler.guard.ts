import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/** Throttles sign-in and code endpoints per client address and email, so one attacker cannot lock out everyone. */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const body = (req.body ?? {}) as { email?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    return `${String(req.ip)}|${email}`;
  }
}

/** Per client address and email: sign-in attempts and code requests (register, verify, resend, reset) a minute. */
export const SIGN_IN_LIMIT = { auth: { limit: 10, ttl: 60_000 } };
export const CODE_LIMIT = { auth: { limit: 10, ttl: 60_000 } };
