import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';

/**
 * An email address belongs to at most one account: stream `email-<hash of the normalised address>` records the
 * claim. Appending the claim with expected version "no stream" makes two simultaneous sign-ups race fairly.
 */
export type ClaimEmail = { type: 'ClaimEmail'; data: { accountId: string; at: string } };
export type EmailClaimed = { type: 'EmailClaimed'; data: { accountId: string; at: string } };
export type EmailClaimState = { status: 'free' } | { status: 'claimed'; accountId: string };

export const emailClaimDecider: Decider<EmailClaimState, ClaimEmail, EmailClaimed> = {
  initialState: () => ({ status: 'free' }),
  decide(command, state) {
    switch (command.type) {
      case 'ClaimEmail':
        if (state.status === 'claimed') {
          if (state.accountId === command.data.accountId) return [];
          throw new DomainError('EMAIL_CLAIMED', 'This email belongs to another account.', 409, { accountId: state.accountId });
        }
        return [{ type: 'EmailClaimed', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'EmailClaimed':
        return { status: 'claimed', accountId: event.data.accountId };
      default:
        return assertNever(event.type);
    }
  },
};

export function emailClaimStreamId(emailHash: string): string {
  return `email-${emailHash}`;
}
