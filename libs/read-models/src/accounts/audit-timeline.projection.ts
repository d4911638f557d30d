import { BigIntType, EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ERASED, type Projection, type RecordedEvent } from '@inkprint/eventstore';
import { ACCOUNT_EVENT_TYPES, type AccountEvent } from '@inkprint/accounts-domain';
import { accountIdOfStream, eventTime } from './streams';

/** One row per event of an account's stream: the admin's audit timeline of that account. */
export class AuditTimelineRow {
  accountId!: string;
  /** Version of the event in the account's stream (1, 2, ...): the timeline's order. */
  version!: number;
  /** Global log position of the event. */
  position!: string;
  type!: string;
  at!: Date;
  actorType!: string;
  actorId!: string;
  summary!: string;
  /** The event's data without secrets (hashes, passwords, tokens) and without `at`. */
  data!: Record<string, unknown>;
}

export const AuditTimelineSchema = new EntitySchema<AuditTimelineRow>({
  class: AuditTimelineRow,
  tableName: 'audit_timeline',
  schema: '*',
  properties: {
    accountId: { type: 'string', primary: true },
    version: { type: 'integer', primary: true },
    position: { type: new BigIntType('string') },
    type: { type: 'string' },
    at: { type: 'datetime' },
    actorType: { type: 'string' },
    actorId: { type: 'string' },
    summary: { type: 'text' },
    data: { type: 'json' },
  },
});

/** Personal fields an erased account's rows lose (the ones the accounts events seal). */
const PERSONAL_KEYS = new Set(['email', 'name']);

/** Keys never copied into the timeline, whatever event carries them. */
const SECRET_KEY = /hash|password|secret|token|otp/i;

/** Copies event data without secrets; nested objects are cleaned too. */
export function redactSecrets(data: unknown): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([key]) => !SECRET_KEY.test(key))
          .map(([k, v]) => [k, clean(v)]),
      );
    }
    return value;
  };
  const result = clean(data);
  if (!result || typeof result !== 'object' || Array.isArray(result)) return {};
  const { at: _at, ...rest } = result as Record<string, unknown>;
  return rest;
}

const words = (value: string) => value.replace(/_/g, ' ');

/** One line in plain words per account event (the console shows it as is). */
export function auditSummary(event: AccountEvent): string {
  switch (event.type) {
    case 'AccountRegistered':
      return event.data.role === 'user'
        ? 'Account registered, awaiting email verification'
        : `Account created as ${words(event.data.role)}`;
    case 'RegistrationRenewed':
      return 'Signed up again before verifying: name and password replaced';
    case 'VerificationCodeSent':
      return 'Verification code sent';
    case 'VerificationCodeRejected':
      return `Wrong verification code entered (attempt ${event.data.attempts})`;
    case 'EmailVerified':
      return 'Email verified';
    case 'LoggedIn':
      return 'Signed in';
    case 'LoginFailed':
      return 'Sign-in failed: wrong password';
    case 'PasswordResetRequested':
      return 'Password reset requested';
    case 'PasswordChanged':
      return 'Password changed with a reset link';
    case 'AccountStatusChanged':
      return `Status changed from ${words(event.data.from)} to ${words(event.data.to)}`;
    case 'PlanChanged':
      return `Plan changed from ${event.data.from ?? 'free-signup'} to ${event.data.to}`;
    case 'AccountErased':
      return "Account erased at the owner's request: name, email and password destroyed";
    case 'RoleChanged': {
      const why =
        {
          invite_accepted: ' (admin invitation accepted)',
          revoked: ' (admin access revoked)',
          bootstrap: ' (super admin set at start-up)',
        }[event.data.reason] ?? '';
      return `Role changed from ${words(event.data.from)} to ${words(event.data.to)}${why}`;
    }
    default: {
      const unknown: { type: string } = event;
      return unknown.type;
    }
  }
}

export function auditTimelineProjection(): Projection {
  return {
    name: 'audit_timeline',
    entities: [AuditTimelineSchema],
    eventTypes: ACCOUNT_EVENT_TYPES,
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      const accountEvents = events.filter((event) => accountIdOfStream(event.streamId) !== null);
      if (accountEvents.length === 0) return;
      // Rows already there (a batch is never applied twice, but be safe against a replayed event).
      const existing = await em.find(AuditTimelineRow, {
        $or: accountEvents.map((event) => ({
          accountId: accountIdOfStream(event.streamId)!,
          version: event.streamVersion,
        })),
      });
      const seen = new Set(existing.map((row) => `${row.accountId}\n${row.version}`));
      const created: AuditTimelineRow[] = [];
      for (const event of accountEvents) {
        const accountId = accountIdOfStream(event.streamId)!;
        const key = `${accountId}\n${event.streamVersion}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const actor = event.metadata.actor ?? { type: 'system', id: 'system' };
        created.push(
          em.create(AuditTimelineRow, {
            accountId,
            version: event.streamVersion,
            position: event.globalPosition.toString(),
            type: event.type,
            at: eventTime(event),
            actorType: actor.type,
            actorId: actor.id,
            summary: auditSummary(event as unknown as AccountEvent),
            data: redactSecrets(event.data),
          }),
        );
      }
      // Erased accounts keep their history (who did what, when) but not their personal data: the same rows a rebuild
      // gives, where the sealed fields read as erased.
      const erased = new Set(
        accountEvents
          .filter((event) => event.type === 'AccountErased')
          .map((event) => accountIdOfStream(event.streamId)!),
      );
      if (erased.size === 0) return;
      const stored = await em.find(AuditTimelineRow, { accountId: { $in: [...erased] } });
      for (const row of new Set([...stored, ...created])) {
        if (!erased.has(row.accountId)) continue;
        const personal = Object.keys(row.data).filter((key) => PERSONAL_KEYS.has(key));
        if (personal.length) row.data = { ...row.data, ...Object.fromEntries(personal.map((key) => [key, ERASED])) };
      }
    },
  };
}
