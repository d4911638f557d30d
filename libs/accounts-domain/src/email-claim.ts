import { createHash } from 'node:crypto';
import { normaliseEmail } from '@inkprint/contracts';
import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';

/**
 * An email address belongs to at most one account: stream `email-<hash of the normalised address>` records the
 * claim. Appending the claim with expected version "no stream" makes two simultaneous sign-ups race fairly.
 */
export type ClaimEmail = { type: 'ClaimEmail'; data: { accountId: string; at: string } };
/** The account was erased: the address may sign up again. */
export type ReleaseEmail = { type: 'ReleaseEmail'; data: { accountId: string; at: string } };
export type EmailClaimed = { type: 'EmailClaimed'; data: { accountId: string; at: string } };
export type EmailReleased = { type: 'EmailReleased'; data: { accountId: string; at: string } };
export type EmailClaimState = { status: 'free' } | { status: 'claimed'; accountId: string };

export const emailClaimDecider: Decider<EmailClaimState, ClaimEmail | ReleaseEmail, EmailClaimed | EmailReleased> = {
  initialState: () => ({ status: 'free' }),
  decide(command, state) {
    switch (command.type) {
      case 'ClaimEmail':
        if (state.status === 'claimed') {
          if (state.accountId === command.data.accountId) return [];
          throw new DomainError('EMAIL_CLAIMED', 'This email belongs to another account.', 409, {
            accountId: state.accountId,
          });
        }
        return [{ type: 'EmailClaimed', data: command.data }];
      case 'ReleaseEmail':
        return state.status === 'claimed' && state.accountId === command.data.accountId
          ? [{ type: 'EmailReleased', data: command.data }]
          : [];
      default:
        return assertNever(command);
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'EmailClaimed':
        return { status: 'claimed', accountId: event.data.accountId };
      case 'EmailReleased':
        return { status: 'free' };
      default:
        return assertNever(event);
    }
  },
};

export function emailClaimStreamId(emailHash: string): string {
  return `email-${emailHash}`;
}

/** The claim stream of an address: SHA-256 hex of the normalised address (the address itself is never a stream id). */
export function emailClaimStreamOf(email: string): string {
  return emailClaimStreamId(createHash('sha256').update(normaliseEmail(email)).digest('hex'));
}
