import { OPERATOR_ACTOR_ID, type TimelineEvent } from '@inkprint/contracts';
import { planName, words } from '../lib/format';

/**
 * The kinds the timeline filters by, each the event types it stands for: the API filters by type
 * (`?kind=PlanChanged,DetectionRecorded`) and pages the filtered list, so a kind never needs loaded pages.
 */
export const EVENT_KINDS = {
  all: { label: 'All events', types: [] },
  account: {
    label: 'Sign-up and verification',
    types: [
      'AccountRegistered',
      'RegistrationRenewed',
      'VerificationCodeSent',
      'VerificationCodeRejected',
      'EmailVerified',
    ],
  },
  signin: { label: 'Sign-ins', types: ['LoggedIn', 'LoginFailed'] },
  password: { label: 'Password', types: ['PasswordResetRequested', 'PasswordChanged'] },
  plan: { label: 'Plan changes', types: ['PlanChanged'] },
  status: { label: 'Status changes', types: ['AccountStatusChanged'] },
  role: { label: 'Role changes', types: ['RoleChanged'] },
  mfa: {
    label: 'Two-factor sign-in',
    types: ['MfaEnrolmentStarted', 'MfaEnabled', 'MfaRecoveryCodeUsed', 'MfaReset'],
  },
  erasure: { label: 'Erasure', types: ['AccountErased'] },
  apikeys: { label: 'API keys', types: ['ApiKeyCreated', 'ApiKeyRevoked'] },
  tools: {
    label: 'Tool runs (all)',
    types: ['DetectionRecorded', 'HumanisationRecorded', 'TextImported', 'ReportShared'],
  },
  detection: { label: 'Detections', types: ['DetectionRecorded'] },
  humanisation: { label: 'Humanisations', types: ['HumanisationRecorded'] },
  import: { label: 'Text imports', types: ['TextImported'] },
  share: { label: 'Shared reports', types: ['ReportShared'] },
} as const satisfies Record<string, { label: string; types: readonly string[] }>;
export type EventKind = keyof typeof EVENT_KINDS;

/** The event types the API is asked for (none: every event). */
export function kindTypes(kind: EventKind): readonly string[] {
  return EVENT_KINDS[kind].types;
}

/** The narrowest kind an event type belongs to ('other' for a type the console does not know). */
export function eventKind(type: string): EventKind | 'other' {
  for (const [kind, { types }] of Object.entries(EVENT_KINDS)) {
    if (kind !== 'tools' && (types as readonly string[]).includes(type)) return kind as EventKind;
  }
  return 'other';
}

/** Who did it, in words: the account itself, an admin by e-mail (from the API), an operator, the system, a guest. */
export function actorLabel(actor: TimelineEvent['actor'], accountId: string): string {
  // An operator ran an `inkprint` command on the servers (e.g. `inkprint accounts erase`).
  if (actor.type === 'system') return actor.id === OPERATOR_ACTOR_ID ? 'an operator' : 'the system';
  if (actor.type === 'guest') return 'a guest session';
  if (actor.id === accountId) return 'the account';
  // The API names accounts and admins by e-mail; null for an erased account.
  if (actor.type === 'admin') return actor.email ?? 'an erased admin account';
  return actor.email ?? 'an erased account';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** One readable sentence per event: "Plan changed from Free to Pro by admin@example.com". */
export function describeEvent(event: TimelineEvent, actor: string): string {
  const { data } = event;
  let sentence: string;
  switch (event.type) {
    case 'PlanChanged':
      sentence = `Plan changed from ${planName(text(data.from) || 'free-signup')} to ${planName(text(data.to))}`;
      break;
    case 'AccountStatusChanged':
      sentence = `Status changed from ${words(text(data.from))} to ${words(text(data.to))}`;
      break;
    case 'ApiKeyRevoked':
      // The API's summary says "by an admin"; the console names which one.
      sentence = `API key ${text(data.keyId)} revoked`;
      break;
    default:
      sentence = event.summary || event.type;
  }
  // A summary that already names who did it ("Account erased by an operator: ...") is not told twice.
  return actor === 'the account' || actor === 'the system' || sentence.includes(` by ${actor}`)
    ? sentence
    : `${sentence} by ${actor}`;
}
