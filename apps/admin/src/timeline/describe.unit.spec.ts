import type { TimelineEvent } from '@inkprint/contracts';
import { actorLabel, describeEvent, eventKind, kindTypes } from './describe';

const event = (type: string, data: Record<string, unknown>, summary = ''): TimelineEvent => ({
  position: '1',
  version: 1,
  type,
  at: '2026-11-23T19:00:00.000Z',
  actor: { type: 'admin', id: 'a1', email: 'admin@example.com' },
  summary,
  data,
});

describe('timeline sentences', () => {
  it("names the actor from the API's e-mail: the account, an admin, the system, a guest, an erased account", () => {
    expect(actorLabel({ type: 'user', id: 'u1', email: 'u1@example.com' }, 'u1')).toBe('the account');
    expect(actorLabel({ type: 'admin', id: 'a1', email: 'admin@example.com' }, 'u1')).toBe('admin@example.com');
    expect(actorLabel({ type: 'admin', id: 'a2', email: null }, 'u1')).toBe('an erased admin account');
    expect(actorLabel({ type: 'user', id: 'u2', email: 'other@example.com' }, 'u1')).toBe('other@example.com');
    expect(actorLabel({ type: 'system', id: 'system', email: null }, 'u1')).toBe('the system');
    expect(actorLabel({ type: 'guest', id: 'g1', email: null }, 'u1')).toBe('a guest session');
    expect(actorLabel({ type: 'system', id: 'operator', email: null }, 'u1')).toBe('an operator');
  });

  it("says once that an operator erased the account (the API's summary names the operator)", () => {
    const erased = event('AccountErased', {}, 'Account erased by an operator: name, email and password destroyed');
    expect(describeEvent(erased, 'an operator')).toBe(
      'Account erased by an operator: name, email and password destroyed',
    );
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

  it('names who revoked an API key once, and files key events under their own kind', () => {
    const revoked = event('ApiKeyRevoked', { keyId: 'k1', by: 'admin' }, 'API key k1 revoked by an admin');
    expect(describeEvent(revoked, 'admin@example.com')).toBe('API key k1 revoked by admin@example.com');
    expect(describeEvent({ ...revoked, summary: 'API key k1 revoked' }, 'the account')).toBe('API key k1 revoked');
    expect(eventKind('ApiKeyCreated')).toBe('apikeys');
    expect(kindTypes('apikeys')).toEqual(['ApiKeyCreated', 'ApiKeyRevoked']);
  });

  it('keeps the API summary of tool runs', () => {
    const detection = event('DetectionRecorded', {}, 'Detection: AI-Generated 87.3 %, moderate (150 words)');
    expect(describeEvent(detection, 'the account')).toBe('Detection: AI-Generated 87.3 %, moderate (150 words)');
  });

  it('maps each kind to the event types the API filters by, tool runs included', () => {
    expect(kindTypes('all')).toEqual([]);
    expect(kindTypes('plan')).toEqual(['PlanChanged']);
    expect(kindTypes('tools')).toEqual(['DetectionRecorded', 'HumanisationRecorded', 'TextImported', 'ReportShared']);
    expect(kindTypes('detection')).toEqual(['DetectionRecorded']);
    expect(eventKind('PlanChanged')).toBe('plan');
    expect(eventKind('HumanisationRecorded')).toBe('humanisation');
    expect(eventKind('SomethingNew')).toBe('other');
  });
});
