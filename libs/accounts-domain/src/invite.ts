import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';

/** An admin invitation: stream `invite-<inviteId>`, where inviteId is derived from the token's hash. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

type At = { at: string };
export type IssueInvite = {
  type: 'IssueInvite';
  data: {
    inviteId: string;
    email: string;
    expiresAt: string;
    issuedBy: string;
    issuerRole: string;
    inviteeIsAdmin: boolean;
  } & At;
};
export type AcceptInvite = { type: 'AcceptInvite'; data: { accountId: string; accountEmail: string } & At };
/** The super admin withdraws an invite that was not used: its link stops working ('resent' when a new one replaces it). */
export type RevokeInvite = {
  type: 'RevokeInvite';
  data: { revokedBy: string; revokerRole: string; reason: InviteRevocationReason; replacedBy?: string } & At;
};
export type InviteCommand = IssueInvite | AcceptInvite | RevokeInvite;
export type InviteRevocationReason = 'revoked' | 'resent';

export type InviteIssued = {
  type: 'InviteIssued';
  data: { inviteId: string; email: string; expiresAt: string; issuedBy: string } & At;
};
export type InviteAccepted = { type: 'InviteAccepted'; data: { accountId: string } & At };
export type InviteRevoked = {
  type: 'InviteRevoked';
  data: { revokedBy: string; reason: InviteRevocationReason; replacedBy?: string } & At;
};
export type InviteEvent = InviteIssued | InviteAccepted | InviteRevoked;

export type InviteStatus = 'pending' | 'accepted' | 'expired' | 'revoked';
export type InviteState =
  | { status: 'none' }
  | {
      status: 'issued' | 'accepted' | 'revoked';
      inviteId: string;
      email: string;
      expiresAt: string;
      issuedBy: string;
      issuedAt: string;
      acceptedBy?: string;
    };

export function inviteStreamId(inviteId: string): string {
  return `invite-${inviteId}`;
}

export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The invite's status as users see it (an issued invite past its expiry reads expired). */
export function inviteStatus(state: InviteState, at: string): InviteStatus | 'none' {
  if (state.status === 'none') return 'none';
  if (state.status === 'accepted') return 'accepted';
  if (state.status === 'revoked') return 'revoked';
  return Date.parse(state.expiresAt) <= Date.parse(at) ? 'expired' : 'pending';
}

export const INVITE_NOT_FOUND_MESSAGE = 'This invitation could not be found or has expired.';

/** Only a pending, unexpired invite can be looked up (spec §4/§6). */
export function lookUpInvite(state: InviteState, at: string): { email: string; expiresAt: string; status: 'pending' } {
  if (state.status === 'none' || inviteStatus(state, at) !== 'pending')
    throw new DomainError('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);
  return { email: state.email, expiresAt: state.expiresAt, status: 'pending' };
}

export const inviteDecider: Decider<InviteState, InviteCommand, InviteEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'IssueInvite': {
        const d = command.data;
        if (d.issuerRole !== 'super_admin')
          throw new DomainError('FORBIDDEN', 'Only the super admin can send admin invitations.', 403);
        if (d.inviteeIsAdmin)
          throw new DomainError('ALREADY_ADMIN', 'This person is already an admin.', 409, { field: 'email' });
        if (state.status !== 'none') throw new DomainError('INVITE_EXISTS', 'This invitation already exists.', 409);
        return [
          {
            type: 'InviteIssued',
            data: { inviteId: d.inviteId, email: d.email, expiresAt: d.expiresAt, issuedBy: d.issuedBy, at: d.at },
          },
        ];
      }
      case 'AcceptInvite': {
        const { accountId, accountEmail, at } = command.data;
        const status = inviteStatus(state, at);
        if (state.status === 'none' || status === 'none' || status === 'expired' || status === 'revoked')
          throw new DomainError('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);
        if (status === 'accepted')
          throw new DomainError('INVITE_NOT_PENDING', 'This invitation has already been used.', 409);
        if (!sameEmail(state.email, accountEmail)) {
          throw new DomainError(
            'INVITE_EMAIL_MISMATCH',
            `This invitation was sent to ${state.email}. Sign in with that email to accept it.`,
            403,
          );
        }
        return [{ type: 'InviteAccepted', data: { accountId, at } }];
      }
      case 'RevokeInvite': {
        const { revokedBy, revokerRole, reason, replacedBy, at } = command.data;
        if (revokerRole !== 'super_admin')
          throw new DomainError('FORBIDDEN', 'Only the super admin can revoke admin invitations.', 403);
        if (state.status === 'none') throw new DomainError('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);
        if (state.status === 'accepted')
          throw new DomainError('INVITE_NOT_PENDING', 'This invitation has already been used.', 409);
        // Revoked already: its link is dead, nothing more to record.
        if (state.status === 'revoked') return [];
        return [{ type: 'InviteRevoked', data: { revokedBy, reason, ...(replacedBy ? { replacedBy } : {}), at } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'InviteIssued':
        return {
          status: 'issued',
          inviteId: event.data.inviteId,
          email: event.data.email,
          expiresAt: event.data.expiresAt,
          issuedBy: event.data.issuedBy,
          issuedAt: event.data.at,
        };
      case 'InviteAccepted':
        return state.status === 'none' ? state : { ...state, status: 'accepted', acceptedBy: event.data.accountId };
      case 'InviteRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
      default:
        return assertNever(event);
    }
  },
};
