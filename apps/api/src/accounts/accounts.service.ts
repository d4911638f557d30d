import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import {
  accountDecider,
  accountPersonalDataSubject,
  accountStreamId,
  emailClaimDecider,
  emailClaimStreamId,
  normaliseEmail,
  OTP_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  sessionDecider,
  sessionStreamId,
  type Account,
  type AccountState,
} from '@inkprint/accounts-domain';
import { DomainError } from '@inkprint/domain-kernel';
import { accountPlan } from '@inkprint/plans-domain';
import { handleCommand, loadState, type Actor, type EventStore, type PersonalDataKeys } from '@inkprint/eventstore';
import { MailDeliveryError, passwordResetMail, verificationCodeMail, type Mailer } from '@inkprint/mail';
import { APP_CONFIG, type AppConfig } from '../config';
import { MAILER } from '../mail';
import { EVENT_STORE, PERSONAL_DATA_KEYS } from '../platform/tokens';
import type { SignedInAccount } from './auth/current-account';
import { JWT_SECRET } from './auth/tokens';
import { burnPasswordCheck, codeHash, hashPassword, otpCode, randomToken, sha256, verifyPassword } from './secrets';
import { UsageService, type UsagePayload } from './usage.service';

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Account['role'];
  status: Account['status'];
  planSlug: string;
  createdAt: string;
  lastLoginAt: string | null;
}
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}
export interface SignedIn {
  tokens: Tokens;
  user: PublicUser;
  usage: UsagePayload;
}

const INVALID_CREDENTIALS = () => new DomainError('INVALID_CREDENTIALS', 'Invalid email or password.', 401);
const OTP_INVALID = () =>
  new DomainError('OTP_INVALID', 'That code is not right. Check the email and try again.', 400, { field: 'otp' });
const VERIFY_NOT_FOUND = () =>
  new DomainError('ACCOUNT_NOT_FOUND', 'No sign-up is waiting for this email. Create an account first.', 404, {
    field: 'email',
  });

/** The account use cases of spec §5-7: thin handlers over the account, email-claim and session deciders. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly jwt: JwtService,
    private readonly usage: UsageService,
    @Inject(JWT_SECRET) private readonly jwtSecret: string,
    @Inject(PERSONAL_DATA_KEYS) private readonly personalData: PersonalDataKeys,
  ) {}

  /** The account id that owns an email, if any. */
  async accountIdFor(email: string): Promise<string | undefined> {
    const { state } = await loadState(this.store, emailClaimStreamId(sha256(normaliseEmail(email))), emailClaimDecider);
    return state.status === 'claimed' ? state.accountId : undefined;
  }

  async load(accountId: string): Promise<AccountState> {
    return (await loadState(this.store, accountStreamId(accountId), accountDecider)).state;
  }

  async register(input: {
    name: string;
    email: string;
    password: string;
  }): Promise<{ email: string; expiresAt: string }> {
    const email = normaliseEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const fresh = randomUUID();
    // Claim the address first: of two simultaneous sign-ups exactly one account gets it.
    const claim = await handleCommand(this.store, emailClaimStreamId(sha256(email)), emailClaimDecider, (state) => ({
      type: 'ClaimEmail' as const,
      data: { accountId: state.status === 'claimed' ? state.accountId : fresh, at: new Date().toISOString() },
    }));
    const accountId = claim.state.status === 'claimed' ? claim.state.accountId : fresh;
    const code = otpCode();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS).toISOString();
    await handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      {
        type: 'RegisterAccount',
        data: {
          accountId,
          email,
          name: input.name.trim(),
          passwordHash,
          codeHash: codeHash(accountId, code),
          codeExpiresAt: expiresAt,
          at: now.toISOString(),
        },
      },
      { metadata: { actor: { type: 'user', id: accountId } } },
    );
    await this.sendCode(email, input.name.trim(), code);
    return { email, expiresAt };
  }

  private async sendCode(email: string, name: string, code: string): Promise<void> {
    await this.mailer.send(verificationCodeMail({ to: email, name, code, expiresInMinutes: OTP_TTL_MS / 60_000 }));
  }

  async resendOtp(emailInput: string): Promise<{ email: string; expiresAt: string }> {
    const email = normaliseEmail(emailInput);
    const accountId = await this.accountIdFor(email);
    if (!accountId) throw VERIFY_NOT_FOUND();
    const code = otpCode();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS).toISOString();
    const outcome = await handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      {
        type: 'ResendVerificationCode',
        data: { codeHash: codeHash(accountId, code), codeExpiresAt: expiresAt, at: now.toISOString() },
      },
      { metadata: { actor: { type: 'user', id: accountId } } },
    );
    const name = outcome.state.status === 'exists' ? outcome.state.account.name : '';
    await this.sendCode(email, name, code);
    return { email, expiresAt };
  }

  async verifyOtp(input: { email: string; otp: string }): Promise<SignedIn> {
    const accountId = await this.accountIdFor(input.email);
    if (!accountId) throw VERIFY_NOT_FOUND();
    const outcome = await handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      { type: 'VerifyEmail', data: { codeHash: codeHash(accountId, input.otp), at: new Date().toISOString() } },
      { metadata: { actor: { type: 'user', id: accountId } } },
    );
    if (outcome.events.some((e) => e.type === 'VerificationCodeRejected')) throw OTP_INVALID();
    return this.startSession(accountId);
  }

  async login(input: { email: string; password: string }): Promise<SignedIn> {
    const accountId = await this.accountIdFor(input.email);
    if (!accountId) {
      await burnPasswordCheck(input.password);
      throw INVALID_CREDENTIALS();
    }
    const sessionId = randomUUID();
    const outcome = await handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      async (state) => ({
        type: 'LogIn' as const,
        data: {
          passwordMatches:
            state.status === 'exists' && (await verifyPassword(state.account.passwordHash, input.password)),
          sessionId,
          at: new Date().toISOString(),
        },
      }),
      { metadata: { actor: { type: 'user', id: accountId } } },
    );
    if (outcome.events.some((e) => e.type === 'LoginFailed')) throw INVALID_CREDENTIALS();
    return this.startSession(accountId, sessionId);
  }

  private async startSession(accountId: string, sessionId: string = randomUUID()): Promise<SignedIn> {
    const secret = randomToken(32);
    const now = Date.now();
    await handleCommand(
      this.store,
      sessionStreamId(sessionId),
      sessionDecider,
      {
        type: 'StartSession',
        data: {
          sessionId,
          accountId,
          refreshTokenHash: sha256(secret),
          expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS).toISOString(),
          at: new Date(now).toISOString(),
        },
      },
      { metadata: { actor: { type: 'user', id: accountId } } },
    );
    const state = await this.load(accountId);
    if (state.status === 'none') throw new Error('account vanished');
    const account = state.account;
    return {
      tokens: {
        accessToken: await this.accessToken(account, sessionId),
        refreshToken: `${sessionId}.${secret}`,
        expiresIn: this.config.accessTokenTtlSeconds,
      },
      user: publicUser(account),
      usage: await this.usage.usage(
        { kind: 'account', accountId, plan: accountPlan(account.planSlug) },
        account.planSlug,
      ),
    };
  }

  private accessToken(account: Account, sessionId: string): Promise<string> {
    return this.jwt.signAsync(
      { sub: account.accountId, sid: sessionId, role: account.role },
      { secret: this.jwtSecret, expiresIn: this.config.accessTokenTtlSeconds, algorithm: 'HS256' },
    );
  }

  /** Rotates the refresh token; a reused one revokes the session family (REFRESH_TOKEN_REUSED). */
  async refresh(refreshToken: string): Promise<Tokens> {
    const [sessionId, secret] = refreshToken.split('.');
    if (!sessionId || !secret || !/^[0-9a-f-]{36}$/.test(sessionId)) {
      throw new DomainError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.', 401);
    }
    const next = randomToken(32);
    const outcome = await handleCommand(this.store, sessionStreamId(sessionId), sessionDecider, {
      type: 'RotateRefreshToken',
      data: {
        presentedHash: sha256(secret),
        nextHash: sha256(next),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString(),
        at: new Date().toISOString(),
      },
    });
    if (outcome.events.some((e) => e.type === 'RefreshTokenReuseDetected')) {
      this.logger.warn(`refresh token reuse on session ${sessionId}: session revoked`);
      throw new DomainError(
        'REFRESH_TOKEN_REUSED',
        'This sign-in was used elsewhere, so we signed you out everywhere for safety. Please sign in again.',
        401,
      );
    }
    const session = outcome.state;
    if (session.status !== 'active')
      throw new DomainError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.', 401);
    const account = await this.load(session.accountId);
    if (account.status === 'none' || account.account.status === 'disabled') {
      throw new DomainError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.', 401);
    }
    return {
      accessToken: await this.accessToken(account.account, sessionId),
      refreshToken: `${sessionId}.${next}`,
      expiresIn: this.config.accessTokenTtlSeconds,
    };
  }

  async logout(account: SignedInAccount): Promise<void> {
    await handleCommand(
      this.store,
      sessionStreamId(account.sessionId),
      sessionDecider,
      {
        type: 'EndSession',
        data: { reason: 'logout', at: new Date().toISOString() },
      },
      { metadata: { actor: { type: 'user', id: account.accountId } } },
    );
  }

  /**
   * The owner erases their account (password confirmed): the address is released, the account's data key is
   * destroyed, so its name, email and password hash read as erased in every past event, and the account answers
   * nothing more. Usage and audit history stay, without the person. Each step can be repeated if one fails.
   */
  async erase(account: SignedInAccount, password: string): Promise<void> {
    const stream = accountStreamId(account.accountId);
    const subject = accountPersonalDataSubject(account.accountId);
    const { state } = await loadState(this.store, stream, accountDecider);
    // A key already destroyed means an erasure was interrupted after its point of no return: the password hash is
    // gone with it, the signed-in session is what authorises finishing the job.
    const interrupted = await this.personalData.isErased(subject);
    if (state.status !== 'exists' || (!interrupted && !(await verifyPassword(state.account.passwordHash, password)))) {
      throw new DomainError('PASSWORD_INCORRECT', 'The password is not correct.', 403, { field: 'password' });
    }
    const at = new Date().toISOString();
    accountDecider.decide({ type: 'EraseAccount', data: { at } }, state); // refusals (the super admin) before anything changes
    const metadata = { actor: { type: 'user' as const, id: account.accountId } };
    if (!interrupted) {
      await handleCommand(
        this.store,
        emailClaimStreamId(sha256(normaliseEmail(state.account.email))),
        emailClaimDecider,
        {
          type: 'ReleaseEmail',
          data: { accountId: account.accountId, at },
        },
        { metadata },
      );
      await this.personalData.erase(subject);
    }
    await handleCommand(this.store, stream, accountDecider, { type: 'EraseAccount', data: { at } }, { metadata });
    await this.logout(account);
    this.logger.log(`account ${account.accountId} erased at its owner's request`);
  }

  /** Same answer whether or not the email exists (no account enumeration). */
  async forgotPassword(emailInput: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    const accountId = await this.accountIdFor(email);
    if (!accountId) return;
    const secret = randomToken(32);
    const now = Date.now();
    const outcome = await handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      {
        type: 'RequestPasswordReset',
        data: {
          tokenHash: sha256(secret),
          expiresAt: new Date(now + PASSWORD_RESET_TTL_MS).toISOString(),
          at: new Date(now).toISOString(),
        },
      },
      { metadata: { actor: { type: 'user', id: accountId } } },
    );
    if (outcome.events.length === 0 || outcome.state.status !== 'exists') return;
    const resetUrl = new URL('/reset-password', this.config.appPublicUrl);
    resetUrl.searchParams.set('token', `${accountId}.${secret}`);
    try {
      await this.mailer.send(
        passwordResetMail({
          to: email,
          name: outcome.state.account.name,
          resetUrl: resetUrl.toString(),
          expiresInMinutes: PASSWORD_RESET_TTL_MS / 60_000,
        }),
      );
    } catch (error) {
      // A refused recipient is about this address: answer as for any address (no enumeration) and keep it in the log.
      // A mail server that is down or refuses our credentials is about the service: that error goes to the user (503).
      if (!(error instanceof MailDeliveryError) || error.failure !== 'rejected') throw error;
      this.logger.warn(`password reset for account ${accountId}: the mail server refused the recipient`);
    }
  }

  async resetPassword(input: { token: string; password: string }): Promise<void> {
    const [accountId, secret] = input.token.split('.');
    const invalid = () =>
      new DomainError(
        'RESET_TOKEN_INVALID',
        'This reset link is invalid or has expired. Please request a new one.',
        400,
        { field: 'token' },
      );
    if (!accountId || !secret || !/^[0-9a-f-]{36}$/.test(accountId)) throw invalid();
    const passwordHash = await hashPassword(input.password);
    const state = await this.load(accountId);
    if (state.status === 'none') throw invalid();
    await handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      { type: 'ResetPassword', data: { tokenHash: sha256(secret), passwordHash, at: new Date().toISOString() } },
      { metadata: { actor: { type: 'user', id: accountId } } },
    );
  }

  async me(account: SignedInAccount): Promise<{ user: PublicUser; usage: UsagePayload }> {
    const state = await this.load(account.accountId);
    if (state.status === 'none') throw new DomainError('AUTH_REQUIRED', 'Sign in to continue.', 401);
    const a = state.account;
    return {
      user: publicUser(a),
      usage: await this.usage.usage(
        { kind: 'account', accountId: a.accountId, plan: accountPlan(a.planSlug) },
        a.planSlug,
      ),
    };
  }

  /** SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD: creates the super admin on first start (or promotes that account). */
  async bootstrapSuperAdmin(): Promise<void> {
    const sa = this.config.superAdmin;
    if (!sa) return;
    const email = normaliseEmail(sa.email);
    const fresh = randomUUID();
    const claim = await handleCommand(this.store, emailClaimStreamId(sha256(email)), emailClaimDecider, (state) => ({
      type: 'ClaimEmail' as const,
      data: { accountId: state.status === 'claimed' ? state.accountId : fresh, at: new Date().toISOString() },
    }));
    const accountId = claim.state.status === 'claimed' ? claim.state.accountId : fresh;
    const actor: Actor = { type: 'system', id: 'bootstrap' };
    const existing = await this.load(accountId);
    const passwordHash = existing.status === 'exists' ? existing.account.passwordHash : await hashPassword(sa.password);
    const outcome = await handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      {
        type: 'BootstrapSuperAdmin',
        data: { accountId, email, name: sa.name, passwordHash, at: new Date().toISOString() },
      },
      { metadata: { actor } },
    );
    if (outcome.events.length > 0) this.logger.log(`super admin ${email} ready`);
  }
}

export function publicUser(a: Account): PublicUser {
  return {
    id: a.accountId,
    name: a.name,
    email: a.email,
    role: a.role,
    status: a.status,
    planSlug: accountPlan(a.planSlug).slug,
    createdAt: a.createdAt,
    lastLoginAt: a.lastLoginAt,
  };
}
