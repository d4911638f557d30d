import { Inject, Injectable } from '@nestjs/common';
import { sessionDecider, sessionStreamId, type Account } from '@inkprint/accounts-domain';
import type {
  MfaEnabledResponse,
  MfaEnrolmentResponse,
  MfaStatusResponse,
  MfaVerifiedResponse,
} from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand } from '@inkprint/eventstore';
import { AccountStreams, userActor, type SignedInAccount } from '../../accounts';
import { AbuseLimits } from '../../accounts/auth/abuse-limits';
import { sha256 } from '../../accounts/shared/secrets';
import { APP_CONFIG, type AppConfig } from '../../config';
import { IDS, type Ids } from '../../platform/ids';
import { AdministeredAccounts } from '../shared/administered-accounts';
import { matchTotpStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri } from './totp';

const codeInvalid = () =>
  new DomainError('MFA_CODE_INVALID', 'That code is not right. Check your authenticator app and try again.', 400, {
    field: 'code',
  });

/**
 * Administrators' second factor (issue 25 item 9): set up an authenticator app (TOTP), confirm it with a first code
 * (which passes this session and hands out ten recovery codes, shown once), pass it on each new session, and let the
 * super admin reset another admin's. Every step is an event on the account's stream, so it is on the audit timeline;
 * the secret is sealed like the account's personal data (erasure forgets it).
 */
@Injectable()
export class AdminMfa {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly administered: AdministeredAccounts,
    private readonly limits: AbuseLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async status(me: SignedInAccount): Promise<MfaStatusResponse> {
    const account = await this.accounts.existing(me.accountId);
    return {
      enrolled: account.mfa.status === 'enabled',
      pending: account.mfa.status === 'pending',
      verified: Boolean(me.mfa?.verified),
      required: this.config.adminMfa === 'required',
      recoveryCodesLeft: account.mfa.status === 'enabled' ? account.mfa.recoveryCodeHashes.length : 0,
    };
  }

  /** Starts (or starts again) a set-up: a new secret, pending until its first code confirms it. */
  async enrol(me: SignedInAccount): Promise<MfaEnrolmentResponse> {
    const secret = newTotpSecret();
    await this.accounts.run(
      me.accountId,
      (at) => ({ type: 'StartMfaEnrolment', data: { secret, at } }),
      userActor(me.accountId),
      this.ids.uuid(),
    );
    return { secret, otpauthUri: otpauthUri(secret, me.email) };
  }

  async confirm(me: SignedInAccount, code: string): Promise<MfaEnabledResponse> {
    this.limits.take('mfaCode', me.accountId);
    const account = await this.accounts.existing(me.accountId);
    const recoveryCodes = newRecoveryCodes();
    const step = account.mfa.status === 'pending' ? matchTotpStep(account.mfa.secret, code, this.now()) : null;
    await this.accounts.run(
      me.accountId,
      (at) => ({
        type: 'ConfirmMfa',
        data: {
          codeMatches: step !== null,
          recoveryCodeHashes: recoveryCodes.map((c) => sha256(normaliseRecoveryCode(c))),
          ...(step !== null ? { step } : {}),
          at,
        },
      }),
      userActor(me.accountId),
      this.ids.uuid(),
    );
    await this.passSession(me);
    return {
      recoveryCodes,
      message:
        'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.',
    };
  }

  /**
   * Passes this session with the authenticator's code, or with a recovery code (used up). An authenticator code is
   * accepted once (RFC 6238 §5.2): its time-step is remembered on the account, and a code of that step or an earlier
   * one is refused afterwards, in this session or any other (issue 39 item 5).
   */
  async verify(me: SignedInAccount, code: string): Promise<MfaVerifiedResponse> {
    this.limits.take('mfaCode', me.accountId);
    const account = await this.accounts.existing(me.accountId);
    if (account.mfa.status !== 'enabled') throw codeInvalid();
    let left = account.mfa.recoveryCodeHashes.length;
    const step = matchTotpStep(account.mfa.secret, code, this.now());
    if (step !== null) {
      await this.accounts.run(
        me.accountId,
        (at) => ({ type: 'UseMfaCode', data: { step, at } }),
        userActor(me.accountId),
        this.ids.uuid(),
      );
    } else {
      const outcome = await this.useRecoveryCode(account, code);
      left = outcome.left;
    }
    await this.passSession(me);
    return { verified: true, recoveryCodesLeft: left, message: 'Verified.' };
  }

  /** The super admin resets another admin's second factor (a lost phone): they set it up again at next sign-in. */
  async reset(superAdmin: SignedInAccount, accountId: string): Promise<{ message: string }> {
    const row = await this.administered.apply(superAdmin, accountId, (at) => ({ type: 'ResetMfa', data: { at } }));
    return { message: `Two-factor sign-in reset for ${row.email}. They set it up again at their next sign-in.` };
  }

  private async useRecoveryCode(account: Account, code: string): Promise<{ left: number }> {
    const normalised = normaliseRecoveryCode(code);
    if (normalised.length !== 10) throw codeInvalid();
    const outcome = await this.accounts.run(
      account.accountId,
      (at) => ({ type: 'UseMfaRecoveryCode', data: { codeHash: sha256(normalised), at } }),
      userActor(account.accountId),
      this.ids.uuid(),
    );
    const state = outcome.state;
    return {
      left:
        state.status === 'exists' && state.account.mfa.status === 'enabled'
          ? state.account.mfa.recoveryCodeHashes.length
          : 0,
    };
  }

  private async passSession(me: SignedInAccount): Promise<void> {
    await handleCommand(this.accounts.store, sessionStreamId(me.sessionId), sessionDecider, {
      type: 'VerifySessionMfa',
      data: { at: this.accounts.nowIso() },
    });
  }

  private now(): Date {
    return this.accounts.clock.now();
  }
}
