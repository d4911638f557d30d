import { BigIntType, EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ERASED, type Actor, type RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from '@inkprint/projections';
import { ACCOUNT_EVENT_TYPES, OPERATOR_ACTOR_ID, type AccountEvent } from '@inkprint/accounts-domain';
import { DETECTION_MIN_WORDS, recordedDetectionReading, round1, TOO_SHORT_LABEL } from '@inkprint/contracts';
import type {
  DetectionRecorded,
  HumanisationRecorded,
  ReportShared,
  TextImported,
  ToolUser,
} from '@inkprint/ai-domain';
import { accountIdOfStream, eventTime } from '../streams';
import { tableIn } from '../tables';

/**
 * One row per event about an account: its own stream's events, and its tool runs and shared reports (scores, never
 * text). The admin's audit timeline of that account.
 */
export class AuditTimelineRow {
  accountId!: string;
  /** Place of the event in the account's timeline (1, 2, ... in log order): the timeline's order and page key. */
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

/** An operator's command (`inkprint accounts erase`): a system actor the console names "an operator". */
const byOperator = (actor?: Actor) => actor?.type === 'system' && actor.id === OPERATOR_ACTOR_ID;

/** One line in plain words per account event (the console shows it as is), `actor` being who did it. */
export function auditSummary(event: AccountEvent, actor?: Actor): string {
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
      return byOperator(actor)
        ? 'Account erased by an operator: name, email and password destroyed'
        : "Account erased at the owner's request: name, email and password destroyed";
    case 'MfaEnrolmentStarted':
      return 'Two-factor sign-in set-up started';
    case 'MfaEnabled':
      return `Two-factor sign-in turned on (${event.data.recoveryCodeHashes.length} recovery codes)`;
    case 'MfaRecoveryCodeUsed':
      return `Signed in with a recovery code (${event.data.left} left)`;
    case 'MfaReset':
      return actor?.type === 'admin' ? 'Two-factor sign-in reset by the super admin' : 'Two-factor sign-in reset';
    case 'ApiKeyCreated': {
      const d = event.data;
      const cap = d.dailyCap === null ? "the plan's daily limit" : `a daily cap of ${d.dailyCap}`;
      return `API key "${d.name}" (${d.keyId}) created: ${d.scopes.join(', ')}, ${cap}`;
    }
    case 'ApiKeyRevoked':
      return `API key ${event.data.keyId} revoked${event.data.by === 'admin' ? ' by an admin' : ''}`;
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

/** Tool runs and shared reports of an account, in plain words (scores with one decimal; never text). */
type ActivityEvent = DetectionRecorded | HumanisationRecorded | ReportShared | TextImported;

const KIND_NAMES = {
  txt: 'a text file',
  pdf: 'a PDF',
  docx: 'a Word document',
  image: 'an image (OCR)',
  html: 'a web page',
} as const;

export function activitySummary(event: ActivityEvent): string {
  const apiKeyId = event.type === 'ReportShared' ? undefined : event.data.apiKeyId;
  const summary = activityLine(event);
  return apiKeyId ? `${summary} with API key ${apiKeyId}` : summary;
}

function activityLine(event: ActivityEvent): string {
  switch (event.type) {
    case 'DetectionRecorded': {
      const d = event.data;
      const how = [
        d.mode,
        d.source !== 'paste' ? `from ${d.source === 'url' ? 'a URL' : 'an upload'}` : '',
        d.cached ? 'cached' : '',
      ]
        .filter(Boolean)
        .join(', ');
      // Below the minimum length there is no verdict, whatever the score (runs recorded before they were given back).
      const { verdict, aiPercent } = recordedDetectionReading(d);
      return aiPercent === null
        ? `Detection: ${TOO_SHORT_LABEL} (${d.words} of ${DETECTION_MIN_WORDS} words), ${how}`
        : `Detection: ${verdict} ${aiPercent.toFixed(1)} %, ${how} (${d.words} words)`;
    }
    case 'HumanisationRecorded': {
      const d = event.data;
      const after =
        d.scoreAfter === null ? 'not evaluated' : `rewrite reads ${round1(d.scoreAfter * 100).toFixed(1)} % AI`;
      return `Humanisation (${d.tone === 'auto' ? `auto: ${d.appliedTone}` : d.tone}): ${after} (${d.words} words)`;
    }
    case 'TextImported': {
      const d = event.data;
      const what =
        d.via === 'url'
          ? `${KIND_NAMES[d.kind]} from ${d.host}`
          : `${KIND_NAMES[d.kind]}${d.pages ? ` (${d.pages} pages)` : ''}`;
      return `Imported ${what}: ${d.characters.toLocaleString('en-US')} characters${d.truncated ? ', clipped to the plan limit' : ''}`;
    }
    case 'ReportShared':
      return `Report shared: score ${round1(event.data.score * 100).toFixed(1)} %, link valid until ${event.data.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  }
}

const ACTIVITY_TYPES = ['DetectionRecorded', 'HumanisationRecorded', 'TextImported', 'ReportShared'] as const;

/** The account an event belongs to in the timeline, or null. */
function timelineAccountOf(event: RecordedEvent): string | null {
  const own = accountIdOfStream(event.streamId);
  if (own) return own;
  if (!(ACTIVITY_TYPES as readonly string[]).includes(event.type)) return null;
  const data = event.data as { user?: ToolUser; sharedBy?: ToolUser | null };
  const who = event.type === 'ReportShared' ? data.sharedBy : data.user;
  return who?.type === 'user' ? who.id : null;
}

export function auditTimelineProjection(): Projection {
  return {
    name: 'audit_timeline',
    entities: [AuditTimelineSchema],
    eventTypes: [...ACCOUNT_EVENT_TYPES, ...ACTIVITY_TYPES],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      const accountEvents = events.filter((event) => timelineAccountOf(event) !== null);
      if (accountEvents.length === 0) return;
      // One statement, no read first: each event not yet in the timeline (a batch is never applied twice, but be safe
      // against a replayed event) gets the next place of its account, continuing from the account's highest version
      // in log order, so a rebuild numbers them the same. Only each account's highest version and this batch's
      // positions are looked at (not the account's whole history, which made every batch cost grow with it).
      const rows = accountEvents.map((event) => {
        const actor = event.metadata.actor ?? { type: 'system', id: 'system' };
        const activity = (ACTIVITY_TYPES as readonly string[]).includes(event.type);
        return {
          account_id: timelineAccountOf(event)!,
          position: event.globalPosition.toString(),
          type: event.type,
          at: (activity
            ? new Date(
                (event.data as { at?: string; createdAt?: string }).at ??
                  (event.data as { createdAt: string }).createdAt,
              )
            : eventTime(event)
          ).toISOString(),
          actor_type: actor.type,
          actor_id: actor.id,
          summary: activity
            ? activitySummary(event as unknown as ActivityEvent)
            : auditSummary(event as unknown as AccountEvent, actor),
          data: redactSecrets(
            activity ? { ...(event.data as object), user: undefined, sharedBy: undefined } : event.data,
          ),
        };
      });
      const timeline = tableIn(em, AuditTimelineSchema);
      await em.execute(
        `with r as (
           select * from jsonb_to_recordset(?::jsonb) as r(account_id text, position bigint, type text, at timestamptz,
             actor_type text, actor_id text, summary text, data jsonb)),
         m as (
           select account_id, max(version) as top from ${timeline}
           where account_id in (select account_id from r) group by account_id)
         insert into ${timeline} (account_id, version, position, type, at, actor_type, actor_id, summary, data)
         select r.account_id, coalesce(m.top, 0) + row_number() over (partition by r.account_id order by r.position),
           r.position, r.type, r.at, r.actor_type, r.actor_id, r.summary, r.data
         from r left join m on m.account_id = r.account_id
         where not exists (select 1 from ${timeline} as t where t.account_id = r.account_id and t.position = r.position)`,
        [JSON.stringify(rows)],
      );
      // Erased accounts keep their history (who did what, when) but not their personal data: the same rows a rebuild
      // gives, where the sealed fields read as erased.
      const erased = new Set(
        accountEvents
          .filter((event) => event.type === 'AccountErased')
          .map((event) => accountIdOfStream(event.streamId)!),
      );
      if (erased.size === 0) return;
      // The rows just inserted are in the table: the find loads them with the older ones.
      const erasedRows = await em.find(AuditTimelineRow, { accountId: { $in: [...erased] } });
      for (const row of erasedRows) {
        if (!erased.has(row.accountId)) continue;
        const personal = Object.keys(row.data).filter((key) => PERSONAL_KEYS.has(key));
        if (personal.length) row.data = { ...row.data, ...Object.fromEntries(personal.map((key) => [key, ERASED])) };
      }
    },
  };
}
