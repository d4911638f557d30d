import { accountDecider, type AccountEvent, type AccountState } from './account';
import { callerMayAct } from './caller';

const T0 = '2026-11-26T10:00:00.000Z';
const plus = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();
const NOW = Date.parse(plus(100));

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    accountId: 'a1',
    email: 'a@example.com',
    name: 'A',
    passwordHash: 'p',
    role: 'user',
    status: 'active',
    at: T0,
  },
};
const onPlan = (to: 'basic' | 'free-signup', at = plus(1)): AccountEvent => ({
  type: 'PlanChanged',
  data: { from: null, to, at },
});
const key = (keyId: string, expiresAt: string | null = null): AccountEvent => ({
  type: 'ApiKeyCreated',
  data: { keyId, name: keyId, scopes: ['detect'], dailyCap: null, secretHash: 'h', expiresAt, at: plus(2) },
});
const fold = (events: AccountEvent[]): AccountState =>
  events.reduce((state, event) => accountDecider.evolve(state, event), accountDecider.initialState());
const refusal = (events: AccountEvent[], credential: Parameters<typeof callerMayAct>[1]) => {
  const verdict = callerMayAct(fold(events), credential, NOW);
  return verdict.ok ? 'ok' : verdict.refusal;
};

describe('callerMayAct: the one liveness rule of sessions, API keys and batch items (issue 39 item 2)', () => {
  const base = [registered, onPlan('basic'), key('k1')];

  it('lets an active account act, with a live key of a plan with keys', () => {
    expect(refusal(base, { startedAt: plus(3), apiKeyId: 'k1' })).toBe('ok');
    expect(refusal(base, { session: { open: true }, startedAt: plus(3) })).toBe('ok');
  });

  it('refuses a missing, disabled or erased account', () => {
    expect(refusal([], {})).toBe('account_unavailable');
    const disabled: AccountEvent = {
      type: 'AccountStatusChanged',
      data: { from: 'active', to: 'disabled', at: plus(5) },
    };
    expect(refusal([...base, disabled], { apiKeyId: 'k1' })).toBe('account_unavailable');
    expect(refusal([...base, { type: 'AccountErased', data: { at: plus(5) } }], {})).toBe('account_unavailable');
  });

  it('refuses what started before a password reset, or before a disable once enabled again', () => {
    const reset: AccountEvent = { type: 'PasswordChanged', data: { passwordHash: 'p2', via: 'reset', at: plus(5) } };
    expect(refusal([...base, reset], { startedAt: plus(3) })).toBe('session_ended');
    expect(refusal([...base, reset], { startedAt: plus(6) })).toBe('ok');
    const offAndOn: AccountEvent[] = [
      { type: 'AccountStatusChanged', data: { from: 'active', to: 'disabled', at: plus(5) } },
      { type: 'AccountStatusChanged', data: { from: 'disabled', to: 'active', at: plus(6) } },
    ];
    expect(refusal([...base, ...offAndOn], { startedAt: plus(3) })).toBe('session_ended');
    expect(refusal(base, { session: { open: false }, startedAt: plus(3) })).toBe('session_ended');
  });

  it('refuses an unknown, revoked or expired key, and a key on a plan without keys (a downgrade)', () => {
    expect(refusal(base, { apiKeyId: 'nope' })).toBe('key_unknown');
    const revoked: AccountEvent = { type: 'ApiKeyRevoked', data: { keyId: 'k1', by: 'owner', at: plus(5) } };
    expect(refusal([...base, revoked], { apiKeyId: 'k1' })).toBe('key_revoked');
    expect(refusal([registered, onPlan('basic'), key('k2', plus(50))], { apiKeyId: 'k2' })).toBe('key_expired');
    expect(refusal([registered, onPlan('basic'), key('k2', plus(500))], { apiKeyId: 'k2' })).toBe('ok');
    expect(refusal([...base, onPlan('free-signup', plus(5))], { apiKeyId: 'k1' })).toBe('plan_without_keys');
  });
});
