import { accountDecider, accountStreamId, type AccountCommand, type AccountEvent, type AccountState } from './account';
import { inviteDecider, inviteStreamId } from './invite';
import { accountsPersonalData } from './personal-data';

const PERSONAL_KEYS = ['email', 'name', 'passwordHash'];
const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

/** Runs commands through the decider, collecting every event it emits. */
function run(commands: AccountCommand[]): AccountEvent[] {
  let state: AccountState = accountDecider.initialState();
  const all: AccountEvent[] = [];
  for (const command of commands) {
    const events = accountDecider.decide(command, state);
    for (const event of events) state = accountDecider.evolve(state, event);
    all.push(...events);
  }
  return all;
}

describe('accounts personal data policy', () => {
  it('seals every personal field of every account event the deciders emit, under the account stream as subject', () => {
    const events = [
      ...run([
        {
          type: 'RegisterAccount',
          data: {
            accountId: 'a1',
            email: 'ada@example.com',
            name: 'Ada',
            passwordHash: 'p1',
            codeHash: 'c1',
            codeExpiresAt: at(120),
            at: at(0),
          },
        },
        {
          type: 'RegisterAccount',
          data: {
            accountId: 'a1',
            email: 'ada@example.com',
            name: 'Ada L',
            passwordHash: 'p2',
            codeHash: 'c2',
            codeExpiresAt: at(300),
            at: at(130),
          },
        },
        { type: 'VerifyEmail', data: { codeHash: 'c2', at: at(140) } },
        { type: 'RequestPasswordReset', data: { tokenHash: 't1', expiresAt: at(3600), at: at(150) } },
        { type: 'ResetPassword', data: { tokenHash: 't1', passwordHash: 'p3', at: at(160) } },
      ]),
      ...run([
        {
          type: 'BootstrapSuperAdmin',
          data: { accountId: 'root', email: 'root@example.com', name: 'Root', passwordHash: 'r1', at: at(0) },
        },
      ]),
    ];
    const stream = accountStreamId('a1');
    const withPersonalData = events.filter((e) => Object.keys(e.data).some((k) => PERSONAL_KEYS.includes(k)));
    expect(withPersonalData.map((e) => e.type)).toEqual(
      expect.arrayContaining(['AccountRegistered', 'PasswordChanged']),
    );
    // Signing up again no longer renews the details, but logs written before hold RegistrationRenewed: still sealed.
    expect(accountsPersonalData(stream, { type: 'RegistrationRenewed' })?.fields).toEqual(
      expect.arrayContaining(['name', 'passwordHash']),
    );
    for (const event of withPersonalData) {
      const personal = accountsPersonalData(stream, event);
      expect(personal?.subject).toBe(stream);
      expect([...(personal?.fields ?? [])].sort()).toEqual(
        Object.keys(event.data)
          .filter((k) => PERSONAL_KEYS.includes(k))
          .sort(),
      );
    }
    for (const event of events.filter((e) => !withPersonalData.includes(e)))
      expect(accountsPersonalData(stream, event)).toBeUndefined();
  });

  it("seals an invite's e-mail under the invite", () => {
    const [issued] = inviteDecider.decide(
      {
        type: 'IssueInvite',
        data: {
          inviteId: 'i1',
          email: 'new.admin@example.com',
          expiresAt: at(3600),
          issuedBy: 'root',
          issuerRole: 'super_admin',
          inviteeIsAdmin: false,
          at: at(0),
        },
      },
      inviteDecider.initialState(),
    );
    expect(accountsPersonalData(inviteStreamId('i1'), issued)).toEqual({
      subject: inviteStreamId('i1'),
      fields: ['email'],
    });
  });

  it('leaves other streams alone', () => {
    expect(accountsPersonalData('usage-detector-2026-11-21-account-a1', { type: 'QuotaConsumed' })).toBeUndefined();
    expect(accountsPersonalData('email-claim-abc', { type: 'EmailClaimed' })).toBeUndefined();
  });
});
