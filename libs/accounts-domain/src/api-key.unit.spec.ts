import { deciderSpecification } from '@inkprint/domain-kernel';
import { accountDecider, type AccountEvent, type AccountState } from './account';

const spec = deciderSpecification(accountDecider);
const T0 = '2026-11-26T10:00:00.000Z';
const plus = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    accountId: 'a1',
    email: 'ada@example.com',
    name: 'Ada',
    passwordHash: 'p1',
    role: 'user',
    status: 'active',
    at: T0,
  },
};
const onPlan = (to: 'basic' | 'pro' | 'enterprise' | 'free-signup'): AccountEvent => ({
  type: 'PlanChanged',
  data: { from: null, to, at: plus(1) },
});
const keyData = (keyId: string, name = `key ${keyId}`, dailyCap: number | null = null) => ({
  keyId,
  name,
  scopes: ['detect' as const],
  dailyCap,
  secretHash: `h-${keyId}`,
  at: plus(10),
});
const create = (keyId: string, name?: string, dailyCap: number | null = null) =>
  ({ type: 'CreateApiKey', data: keyData(keyId, name, dailyCap) }) as const;
const created = (keyId: string, name?: string, dailyCap: number | null = null): AccountEvent => ({
  type: 'ApiKeyCreated',
  data: keyData(keyId, name, dailyCap),
});

describe('account decider: API keys (issue 29)', () => {
  describe('CreateApiKey', () => {
    it('when on Basic: creates the key with its hash, scopes and a cap up to the plan limit, included', () => {
      spec
        .given([registered, onPlan('basic')])
        .when(create('k1', 'CI', 20))
        .then([created('k1', 'CI', 20)]);
    });
    it('when on Free or on no plan: refused with API_KEY_PLAN_REQUIRED', () => {
      spec.given([registered]).when(create('k1')).thenThrows('API_KEY_PLAN_REQUIRED');
      spec
        .given([registered, onPlan('free-signup')])
        .when(create('k1'))
        .thenThrows('API_KEY_PLAN_REQUIRED');
    });
    it("when the cap is above the plan's daily limit: refused naming the field", () => {
      spec
        .given([registered, onPlan('basic')])
        .when(create('k1', 'CI', 21))
        .thenThrows('VALIDATION_ERROR', {
          fields: { dailyCap: ["The daily cap must be at most your plan's daily limit of 20 requests."] },
          max: 20,
        });
    });
    it('when on Enterprise (unlimited): any cap is accepted', () => {
      spec
        .given([registered, onPlan('enterprise')])
        .when(create('k1', 'big', 100_000))
        .then([created('k1', 'big', 100_000)]);
    });
    it('when a live key has the name, or 10 live keys exist: refused; a revoked key frees its name and place', () => {
      const ten = Array.from({ length: 10 }, (_, i) => created(`k${i}`));
      spec
        .given([registered, onPlan('pro'), ...ten])
        .when(create('k11'))
        .thenThrows('API_KEY_LIMIT');
      spec
        .given([registered, onPlan('pro'), created('k1', 'CI')])
        .when(create('k2', 'ci'))
        .thenThrows('VALIDATION_ERROR');
      spec
        .given([
          registered,
          onPlan('pro'),
          created('k1', 'CI'),
          { type: 'ApiKeyRevoked', data: { keyId: 'k1', by: 'owner', at: plus(20) } },
        ])
        .when(create('k2', 'CI'))
        .then([created('k2', 'CI')]);
    });
  });

  describe('RevokeApiKey', () => {
    const given = [registered, onPlan('basic'), created('k1')];
    it('when live: revoked once; again: nothing; unknown: API_KEY_NOT_FOUND', () => {
      const revoked: AccountEvent = { type: 'ApiKeyRevoked', data: { keyId: 'k1', by: 'admin', at: plus(20) } };
      spec
        .given(given)
        .when({ type: 'RevokeApiKey', data: { keyId: 'k1', by: 'admin', at: plus(20) } })
        .then([revoked]);
      spec
        .given([...given, revoked])
        .when({ type: 'RevokeApiKey', data: { keyId: 'k1', by: 'owner', at: plus(30) } })
        .then([]);
      spec
        .given(given)
        .when({ type: 'RevokeApiKey', data: { keyId: 'nope', by: 'owner', at: plus(20) } })
        .thenThrows('API_KEY_NOT_FOUND');
    });
    it('the state keeps the hash and the revocation time, never a key', () => {
      const state = [
        ...given,
        { type: 'ApiKeyRevoked', data: { keyId: 'k1', by: 'owner', at: plus(20) } } as AccountEvent,
      ].reduce((s, e) => accountDecider.evolve(s, e), accountDecider.initialState() as AccountState);
      expect(state.status === 'exists' && state.account.apiKeys).toEqual([
        {
          keyId: 'k1',
          name: 'key k1',
          scopes: ['detect'],
          dailyCap: null,
          secretHash: 'h-k1',
          createdAt: plus(10),
          expiresAt: null,
          revokedAt: plus(20),
        },
      ]);
    });
  });
});

describe('account decider: what ends every live key (issue 39 item 6)', () => {
  const revokedBy = (keyId: string, reason: string, at: string): AccountEvent =>
    ({ type: 'ApiKeyRevoked', data: { keyId, by: 'system', reason, at } }) as AccountEvent;
  const withKeys: AccountEvent[] = [
    registered,
    onPlan('basic'),
    created('k1'),
    created('k2'),
    { type: 'ApiKeyRevoked', data: { keyId: 'k1', by: 'owner', at: plus(11) } },
  ];

  it('a password reset revokes the live keys in the same append', () => {
    const requested: AccountEvent = {
      type: 'PasswordResetRequested',
      data: { tokenHash: 't', expiresAt: plus(3600), at: plus(20) },
    };
    spec
      .given([...withKeys, requested])
      .when({ type: 'ResetPassword', data: { tokenHash: 't', passwordHash: 'p2', at: plus(30) } })
      .then([
        { type: 'PasswordChanged', data: { passwordHash: 'p2', via: 'reset', at: plus(30) } },
        revokedBy('k2', 'password_reset', plus(30)),
      ]);
  });

  it('a disable revokes them; enabling again brings none back', () => {
    spec
      .given(withKeys)
      .when({ type: 'ChangeAccountStatus', data: { status: 'disabled', at: plus(30) } })
      .then([
        { type: 'AccountStatusChanged', data: { from: 'active', to: 'disabled', at: plus(30) } },
        revokedBy('k2', 'account_disabled', plus(30)),
      ]);
    spec
      .given([
        ...withKeys,
        { type: 'AccountStatusChanged', data: { from: 'active', to: 'disabled', at: plus(30) } },
        revokedBy('k2', 'account_disabled', plus(30)),
      ])
      .when({ type: 'ChangeAccountStatus', data: { status: 'active', at: plus(40) } })
      .then([{ type: 'AccountStatusChanged', data: { from: 'disabled', to: 'active', at: plus(40) } }]);
  });

  it('an erasure revokes them before the account is forgotten', () => {
    spec
      .given(withKeys)
      .when({ type: 'EraseAccount', data: { at: plus(30) } })
      .then([revokedBy('k2', 'account_erased', plus(30)), { type: 'AccountErased', data: { at: plus(30) } }]);
  });

  it('a key with an expiry in the past is refused at creation', () => {
    spec
      .given([registered, onPlan('basic')])
      .when({ type: 'CreateApiKey', data: { ...keyData('k3'), expiresAt: plus(5) } })
      .thenThrows('VALIDATION_ERROR');
  });
});
