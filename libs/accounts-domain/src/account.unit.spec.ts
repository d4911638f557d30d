import { deciderSpecification } from '@inkprint/domain-kernel';
import { accountDecider, type AccountEvent } from './account';

const spec = deciderSpecification(accountDecider);
const T0 = '2026-11-21T10:00:00.000Z';
const plus = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    accountId: 'a1',
    email: 'ada@example.com',
    name: 'Ada',
    passwordHash: 'p1',
    role: 'user',
    status: 'pending_verification',
    at: T0,
  },
};
const codeSent = (hash: string, at = T0): AccountEvent => ({
  type: 'VerificationCodeSent',
  data: { codeHash: hash, expiresAt: new Date(Date.parse(at) + 120_000).toISOString(), at },
});
const verified: AccountEvent = { type: 'EmailVerified', data: { at: plus(30) } };
const pending = [registered, codeSent('c1')];
const active = [...pending, verified];
const admin: AccountEvent = {
  type: 'RoleChanged',
  data: { from: 'user', to: 'admin', reason: 'invite_accepted', inviteId: 'i1', at: plus(60) },
};

describe('account decider', () => {
  describe('RegisterAccount', () => {
    const register = (at = T0) =>
      ({
        type: 'RegisterAccount',
        data: {
          accountId: 'a1',
          email: 'ada@example.com',
          name: 'Ada',
          passwordHash: 'p1',
          codeHash: 'c1',
          codeExpiresAt: plus(120),
          at,
        },
      }) as const;
    it('when new: registers a pending account and sends a code', () => {
      spec
        .given([])
        .when(register())
        .then([registered, codeSent('c1')]);
    });
    it("when pending and the cooldown is over: sends a new code and keeps the first sign-up's name and password", () => {
      spec
        .given(pending)
        .when({
          ...register(plus(121)),
          data: {
            ...register(plus(121)).data,
            name: 'Ada L',
            passwordHash: 'p2',
            codeHash: 'c2',
            codeExpiresAt: plus(241),
          },
        })
        .then([codeSent('c2', plus(121))]);
    });
    it('when pending within the cooldown: refuses OTP_RESEND_COOLDOWN with the wait', () => {
      spec
        .given(pending)
        .when(register(plus(20)))
        .thenThrows('OTP_RESEND_COOLDOWN', { retryAfterSeconds: 100 });
    });
    it('when verified: refuses EMAIL_TAKEN', () => {
      spec
        .given(active)
        .when(register(plus(500)))
        .thenThrows('EMAIL_TAKEN');
    });
  });

  describe('BootstrapSuperAdmin', () => {
    const cmd = {
      type: 'BootstrapSuperAdmin',
      data: { accountId: 'a1', email: 'ada@example.com', name: 'Ada', passwordHash: 'p1', at: T0 },
    } as const;
    it('when new: creates an active super admin', () => {
      spec
        .given([])
        .when(cmd)
        .then([{ type: 'AccountRegistered', data: { ...cmd.data, role: 'super_admin', status: 'active' } }]);
    });
    it('when the account exists as a pending user: promotes and activates it', () => {
      spec
        .given(pending)
        .when(cmd)
        .then([
          { type: 'RoleChanged', data: { from: 'user', to: 'super_admin', reason: 'bootstrap', at: T0 } },
          { type: 'AccountStatusChanged', data: { from: 'pending_verification', to: 'active', at: T0 } },
        ]);
    });
    it('when already the super admin: does nothing', () => {
      spec
        .given([{ type: 'AccountRegistered', data: { ...cmd.data, role: 'super_admin', status: 'active' } }])
        .when(cmd)
        .then([]);
    });
  });

  describe('VerifyEmail', () => {
    const verify = (codeHash: string, at = plus(30)) => ({ type: 'VerifyEmail', data: { codeHash, at } }) as const;
    it('with the right code in time: verifies', () => {
      spec.given(pending).when(verify('c1')).then([verified]);
    });
    it('with a wrong code: records the failed attempt', () => {
      spec
        .given(pending)
        .when(verify('nope'))
        .then([{ type: 'VerificationCodeRejected', data: { attempts: 1, at: plus(30) } }]);
    });
    it('after 2 minutes: refuses OTP_EXPIRED, even with the right code', () => {
      spec
        .given(pending)
        .when(verify('c1', plus(120)))
        .thenThrows('OTP_EXPIRED');
    });
    it('after 5 wrong codes: refuses OTP_ATTEMPTS_EXCEEDED, even with the right code', () => {
      const fails = [1, 2, 3, 4, 5].map((n): AccountEvent => ({
        type: 'VerificationCodeRejected',
        data: { attempts: n, at: plus(n) },
      }));
      spec
        .given([...pending, ...fails])
        .when(verify('c1'))
        .thenThrows('OTP_ATTEMPTS_EXCEEDED');
    });
    it('with a new code: the old one no longer works and attempts start again', () => {
      const fails = [1, 2, 3, 4, 5].map((n): AccountEvent => ({
        type: 'VerificationCodeRejected',
        data: { attempts: n, at: plus(n) },
      }));
      spec
        .given([...pending, ...fails, codeSent('c2', plus(130))])
        .when(verify('c1', plus(140)))
        .then([{ type: 'VerificationCodeRejected', data: { attempts: 1, at: plus(140) } }]);
      spec
        .given([...pending, ...fails, codeSent('c2', plus(130))])
        .when(verify('c2', plus(140)))
        .then([{ type: 'EmailVerified', data: { at: plus(140) } }]);
    });
    it('when already verified: refuses ALREADY_VERIFIED', () => {
      spec.given(active).when(verify('c1')).thenThrows('ALREADY_VERIFIED');
    });
    it('when there is no account: refuses ACCOUNT_NOT_FOUND', () => {
      spec.given([]).when(verify('c1')).thenThrows('ACCOUNT_NOT_FOUND');
    });
  });

  describe('ResendVerificationCode', () => {
    const resend = (at: string) =>
      ({ type: 'ResendVerificationCode', data: { codeHash: 'c2', codeExpiresAt: plus(300), at } }) as const;
    it('after the 120 s cooldown: sends a new code', () => {
      spec
        .given(pending)
        .when(resend(plus(120)))
        .then([{ type: 'VerificationCodeSent', data: { codeHash: 'c2', expiresAt: plus(300), at: plus(120) } }]);
    });
    it('within the cooldown: refuses OTP_RESEND_COOLDOWN', () => {
      spec
        .given(pending)
        .when(resend(plus(119)))
        .thenThrows('OTP_RESEND_COOLDOWN', { retryAfterSeconds: 1 });
    });
    it('when verified: refuses ALREADY_VERIFIED', () => {
      spec
        .given(active)
        .when(resend(plus(500)))
        .thenThrows('ALREADY_VERIFIED');
    });
  });

  describe('LogIn', () => {
    const login = (passwordMatches: boolean) =>
      ({ type: 'LogIn', data: { passwordMatches, sessionId: 's1', at: plus(100) } }) as const;
    it('when active with the right password: records the login', () => {
      spec
        .given(active)
        .when(login(true))
        .then([{ type: 'LoggedIn', data: { sessionId: 's1', at: plus(100) } }]);
    });
    it('with a wrong password: records the failure (whatever the status)', () => {
      const failed = [{ type: 'LoginFailed', data: { reason: 'wrong_password', at: plus(100) } }] as const;
      spec
        .given(active)
        .when(login(false))
        .then([...failed]);
      spec
        .given([...active, { type: 'AccountStatusChanged', data: { from: 'active', to: 'disabled', at: plus(50) } }])
        .when(login(false))
        .then([...failed]);
    });
    it('when disabled: refuses ACCOUNT_DISABLED', () => {
      spec
        .given([...active, { type: 'AccountStatusChanged', data: { from: 'active', to: 'disabled', at: plus(50) } }])
        .when(login(true))
        .thenThrows('ACCOUNT_DISABLED');
    });
    it('when not verified: refuses EMAIL_NOT_VERIFIED', () => {
      spec.given(pending).when(login(true)).thenThrows('EMAIL_NOT_VERIFIED', { email: 'ada@example.com' });
    });
  });

  describe('password reset', () => {
    const request = {
      type: 'RequestPasswordReset',
      data: { tokenHash: 't1', expiresAt: plus(3600), at: plus(100) },
    } as const;
    const requested: AccountEvent = { type: 'PasswordResetRequested', data: request.data };
    const reset = (tokenHash: string, at = plus(200)) =>
      ({ type: 'ResetPassword', data: { tokenHash, passwordHash: 'p9', at } }) as const;
    it('records a reset request', () => {
      spec.given(active).when(request).then([requested]);
    });
    it('sends nothing for a disabled account', () => {
      spec
        .given([...active, { type: 'AccountStatusChanged', data: { from: 'active', to: 'disabled', at: plus(50) } }])
        .when(request)
        .then([]);
    });
    it('changes the password with the token', () => {
      spec
        .given([...active, requested])
        .when(reset('t1'))
        .then([{ type: 'PasswordChanged', data: { passwordHash: 'p9', via: 'reset', at: plus(200) } }]);
    });
    it('refuses a wrong, expired or used token with RESET_TOKEN_INVALID', () => {
      spec
        .given([...active, requested])
        .when(reset('t2'))
        .thenThrows('RESET_TOKEN_INVALID');
      spec
        .given([...active, requested])
        .when(reset('t1', plus(3601)))
        .thenThrows('RESET_TOKEN_INVALID');
      spec
        .given([
          ...active,
          requested,
          { type: 'PasswordChanged', data: { passwordHash: 'p9', via: 'reset', at: plus(200) } },
        ])
        .when(reset('t1'))
        .thenThrows('RESET_TOKEN_INVALID');
      spec.given(active).when(reset('t1')).thenThrows('RESET_TOKEN_INVALID');
    });
  });

  describe('ChangeAccountStatus (admins)', () => {
    const change = (status: 'active' | 'disabled' | 'pending_verification') =>
      ({ type: 'ChangeAccountStatus', data: { status, at: plus(300) } }) as const;
    it('allows any change', () => {
      spec
        .given(active)
        .when(change('disabled'))
        .then([{ type: 'AccountStatusChanged', data: { from: 'active', to: 'disabled', at: plus(300) } }]);
      spec
        .given(pending)
        .when(change('active'))
        .then([{ type: 'AccountStatusChanged', data: { from: 'pending_verification', to: 'active', at: plus(300) } }]);
      spec
        .given(active)
        .when(change('pending_verification'))
        .then([{ type: 'AccountStatusChanged', data: { from: 'active', to: 'pending_verification', at: plus(300) } }]);
    });
    it('does nothing when the status is the same', () => {
      spec.given(active).when(change('active')).then([]);
    });
    it('refuses to lock out the super admin', () => {
      spec
        .given([{ type: 'AccountRegistered', data: { ...registered.data, role: 'super_admin', status: 'active' } }])
        .when(change('disabled'))
        .thenThrows('SUPER_ADMIN_PROTECTED');
    });
  });

  describe('ChangePlan (admins)', () => {
    const plan = (planSlug: string) => ({ type: 'ChangePlan', data: { planSlug, at: plus(300) } }) as const;
    it('changes to an assignable plan (case-insensitive)', () => {
      spec
        .given(active)
        .when(plan('PRO'))
        .then([{ type: 'PlanChanged', data: { from: null, to: 'pro', at: plus(300) } }]);
    });
    it('does nothing for the same plan', () => {
      spec
        .given([...active, { type: 'PlanChanged', data: { from: null, to: 'pro', at: plus(200) } }])
        .when(plan('pro'))
        .then([]);
    });
    it('refuses unknown plans and the guest plan with INVALID_PLAN', () => {
      spec.given(active).when(plan('gold')).thenThrows('INVALID_PLAN');
      spec.given(active).when(plan('free-nosignup')).thenThrows('INVALID_PLAN');
    });
  });

  describe('roles', () => {
    it('an accepted invite makes a user an admin; an admin stays as is', () => {
      const promote = {
        type: 'PromoteToAdmin',
        data: { inviteId: 'i1', inviteIssuedAt: plus(30), at: plus(60) },
      } as const;
      spec.given(active).when(promote).then([admin]);
      spec
        .given([...active, admin])
        .when({ ...promote, data: { ...promote.data, inviteId: 'i9' } })
        .then([]);
    });
    it('an invite promotes once: it cannot be replayed, not even after a revocation (issue 25 item 1)', () => {
      const revoked: AccountEvent = {
        type: 'RoleChanged',
        data: { from: 'admin', to: 'user', reason: 'revoked', at: plus(90) },
      };
      const promote = (inviteId: string, inviteIssuedAt: string) =>
        ({ type: 'PromoteToAdmin', data: { inviteId, inviteIssuedAt, at: plus(120) } }) as const;
      spec
        .given([...active, admin])
        .when(promote('i1', plus(30)))
        .thenThrows('INVITE_NOT_PENDING');
      spec
        .given([...active, admin, revoked])
        .when(promote('i1', plus(30)))
        .thenThrows('INVITE_NOT_PENDING');
      // Another invite issued before the revocation does not outlive it; one issued after it does promote.
      spec
        .given([...active, admin, revoked])
        .when(promote('i2', plus(80)))
        .thenThrows('INVITE_NOT_FOUND');
      spec
        .given([...active, admin, revoked])
        .when(promote('i3', plus(100)))
        .then([
          {
            type: 'RoleChanged',
            data: { from: 'user', to: 'admin', reason: 'invite_accepted', inviteId: 'i3', at: plus(120) },
          },
        ]);
    });
    it('revoking turns an admin back into a user', () => {
      spec
        .given([...active, admin])
        .when({ type: 'RevokeAdmin', data: { at: plus(90) } })
        .then([{ type: 'RoleChanged', data: { from: 'admin', to: 'user', reason: 'revoked', at: plus(90) } }]);
    });
    it('refuses to revoke a super admin or a non-admin', () => {
      spec
        .given([{ type: 'AccountRegistered', data: { ...registered.data, role: 'super_admin', status: 'active' } }])
        .when({ type: 'RevokeAdmin', data: { at: plus(90) } })
        .thenThrows('SUPER_ADMIN_PROTECTED');
      spec
        .given(active)
        .when({ type: 'RevokeAdmin', data: { at: plus(90) } })
        .thenThrows('NOT_AN_ADMIN');
    });
  });

  describe('EraseAccount', () => {
    const erase = { type: 'EraseAccount', data: { at: plus(500) } } as const;
    const erased: AccountEvent = { type: 'AccountErased', data: { at: plus(500) } };
    it('erases an active or pending account once; erasing again is a no-op', () => {
      spec.given(active).when(erase).then([erased]);
      spec.given(pending).when(erase).then([erased]);
      spec
        .given([...active, erased])
        .when(erase)
        .then([]);
    });
    it('refuses the super admin and unknown accounts', () => {
      spec
        .given([{ type: 'AccountRegistered', data: { ...registered.data, role: 'super_admin', status: 'active' } }])
        .when(erase)
        .thenThrows('SUPER_ADMIN_PROTECTED');
      spec.given([]).when(erase).thenThrows('ACCOUNT_NOT_FOUND');
    });
    it('an erased account answers nothing more: sign-in, plan, status, reset and invites see no account', () => {
      const after = [...active, erased];
      spec
        .given(after)
        .when({ type: 'LogIn', data: { passwordMatches: true, sessionId: 's9', at: plus(600) } })
        .thenThrows('ACCOUNT_NOT_FOUND');
      spec
        .given(after)
        .when({ type: 'ChangePlan', data: { planSlug: 'pro', at: plus(600) } })
        .thenThrows('ACCOUNT_NOT_FOUND');
      spec
        .given(after)
        .when({ type: 'ChangeAccountStatus', data: { status: 'active', at: plus(600) } })
        .thenThrows('ACCOUNT_NOT_FOUND');
      spec
        .given(after)
        .when({ type: 'RequestPasswordReset', data: { tokenHash: 't', expiresAt: plus(4000), at: plus(600) } })
        .thenThrows('ACCOUNT_NOT_FOUND');
      spec
        .given(after)
        .when({ type: 'PromoteToAdmin', data: { inviteId: 'i2', inviteIssuedAt: plus(550), at: plus(600) } })
        .thenThrows('ACCOUNT_NOT_FOUND');
      const state = after.reduce(accountDecider.evolve, accountDecider.initialState());
      expect(state).toMatchObject({
        status: 'exists',
        account: { status: 'disabled', email: '', name: '', passwordHash: '', erasedAt: plus(500) },
      });
    });
  });
});
