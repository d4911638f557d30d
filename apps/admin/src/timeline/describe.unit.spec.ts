import type { TimelineEvent } from '@inkprint/contracts';
import { actorLabel, describeEvent, eventKind } from './describe';

const event = (type: string, data: Record<string, unknown>, summary = ''): TimelineEvent => ({
  position: '1',
  version: 1,
  type,
  at: '2026-11-23T19:00:00.000Z',
  actor: { type: 'admin', id: 'a1' },
  summary,
  data,
});

describe('timeline sentences', () => {
  const emails = new Map([['a1', 'admin@example.com']]);

  it('names the actor: the account, an admin by e-mail, the system', () => {
    expect(actorLabel({ type: 'user', id: 'u1' }, 'u1', emails)).toBe('the account');
    expect(actorLabel({ type: 'admin', id: 'a1' }, 'u1', emails)).toBe('admin@example.com');
    expect(actorLabel({ type: 'admin', id: 'a2' }, 'u1', emails)).toBe('an admin (a2)');
    expect(actorLabel({ type: 'system', id: 'system' }, 'u1', emails)).toBe('the system');
  });

  it('writes plan and status changes with plan names and the admin', () => {
    expect(describeEvent(event('PlanChanged', { from: null, to: 'pro' }), 'admin@example.com')).toBe(
      'Plan changed from Free to Pro by admin@example.com',
    );
    expect(describeEvent(event('AccountStatusChanged', { from: 'active', to: 'disabled' }), 'the account')).toBe(
      'Status changed from active to disabled',
    );
    expect(describeEvent(event('LoggedIn', {}, 'Signed in'), 'the account')).toBe('Signed in');
  });

  it('sorts event types into kinds', () => {
    expect(eventKind('PlanChanged')).toBe('plan');
    expect(eventKind('RoleChanged')).toBe('role');
    expect(eventKind('SomethingNew')).toBe('other');
  });
});
