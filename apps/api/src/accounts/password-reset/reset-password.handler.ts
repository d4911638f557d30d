import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@inkprint/domain-kernel';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';
import { hashPassword, sha256 } from '../shared/secrets';

const resetTokenInvalid = () =>
  new DomainError('RESET_TOKEN_INVALID', 'This reset link is invalid or has expired. Please request a new one.', 400, {
    field: 'token',
  });

export class ResetPassword extends Command<void> {
  constructor(readonly input: { token: string; password: string }) {
    super();
  }
}

/** `POST /auth/reset-password`: the e-mailed link's token (`<account id>.<secret>`, 1 h) sets a new password. */
@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(private readonly accounts: AccountStreams) {}

  async execute({ input }: ResetPassword): Promise<void> {
    const [accountId, secret] = input.token.split('.');
    if (!accountId || !secret || !/^[0-9a-f-]{36}$/.test(accountId)) throw resetTokenInvalid();
    const passwordHash = await hashPassword(input.password);
    if ((await this.accounts.load(accountId)).status === 'none') throw resetTokenInvalid();
    await this.accounts.run(
      accountId,
      (at) => ({ type: 'ResetPassword', data: { tokenHash: sha256(secret), passwordHash, at } }),
      userActor(accountId),
    );
  }
}
