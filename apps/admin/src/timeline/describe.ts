import type { TimelineEvent } from '@inkprint/contracts';
import { planName, words } from '../lib/format';

/** The kinds the timeline filters by (the API has no kind filter yet: the console filters the pages it loaded). */
export const EVENT_KINDS = {
  all: 'All events',
  account: 'Sign-up and verification',
  signin: 'Sign-ins',
  password: 'Password',
  plan: 'Plan changes',
  status: 'Status changes',
  role: 'Role changes',
  erasure: 'Erasure',
  other: 'Other',
} as const;
export type EventKind = keyof typeof EVENT_KINDS;

const KIND_OF: Record<string, EventKind> = {
  AccountRegistered: 'account',
  RegistrationRenewed: 'account',
  VerificationCodeSent: 'account',
  VerificationCodeRejected: 'account',
  EmailVerified: 'account',
  LoggedIn: 'signin',
  LoginFailed: 'signin',
  PasswordResetRequested: 'password',
  PasswordChanged: 'password',
  PlanChanged: 'plan',
  AccountStatusChanged: 'status',
  RoleChanged: 'role',
  AccountErased: 'erasure',
};

export function eventKind(type: string): EventKind {
  return KIND_OF[type] ?? 'other';
}

/** Who did it, in words: the account itself, an admin by e-mail, the system. */
export function actorLabel(
  actor: TimelineEvent['actor'],
  accountId: string,
  emails: ReadonlyMap<string, string>,
): string {
  if (actor.type === 'system') return 'the system';
  if (actor.type === 'guest') return 'a guest session';
  if (actor.id === accountId) return 'the account';
  const email = emails.get(actor.id);
  if (actor.type === 'admin') return email ? email : `an admin (${actor.id})`;
  return email ?? `account ${actor.id}`;
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
    default:
      sentence = event.summary || event.type;
  }
  return actor === 'the account' || actor === 'the system' ? sentence : `${sentence} by ${actor}`;
}
