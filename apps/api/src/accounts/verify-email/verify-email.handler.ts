import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@inkprint/domain-kernel';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';
import { codeHash } from '../shared/secrets';
import { SessionIssuer, type SignedIn } from '../shared/session-issuer';

/**
 * The one refusal of a code for an address with no sign-up waiting, an address already verified and a wrong code
 * alike: the answer never tells whether an address has an account (issue 25 item 8).
 */
/** The account's refusals that mean "no sign-up is waiting for this address" (none, or already verified). */
export const noSignUpWaiting = (error: unknown): boolean =>
  error instanceof DomainError && (error.code === 'ALREADY_VERIFIED' || error.code === 'ACCOUNT_NOT_FOUND');

export const otpInvalid = () =>
  new DomainError('OTP_INVALID', 'That code is not right. Check the email and try again.', 400, { field: 'otp' });

export class VerifyEmail extends Command<SignedIn> {
  constructor(readonly input: { email: string; otp: string }) {
    super();
  }
}

/** `POST /auth/verify-otp`: the right code (in time, within the attempt limit) verifies the address and signs in. */
@CommandHandler(VerifyEmail)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmail> {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ input }: VerifyEmail): Promise<SignedIn> {
    const accountId = await this.accounts.accountIdFor(input.email);
    if (!accountId) throw otpInvalid();
    const outcome = await this.accounts
      .run(
        accountId,
        (at) => ({ type: 'VerifyEmail', data: { codeHash: codeHash(accountId, input.otp), at } }),
        userActor(accountId),
      )
      .catch((error: unknown) => {
        if (noSignUpWaiting(error)) throw otpInvalid();
        throw error;
      });
    if (outcome.events.some((e) => e.type === 'VerificationCodeRejected')) throw otpInvalid();
    return this.sessions.start(accountId);
  }
}
