import { deciderSpecification } from '@inkprint/domain-kernel';
import { inviteDecider, lookUpInvite, type InviteEvent } from './invite';
import { sessionDecider, type SessionEvent } from './session';
import { emailClaimDecider } from './email-claim';

const T0 = '2026-11-21T10:00:00.000Z';
const plus = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();

describe('session decider (refresh-token families)', () => {
  const spec = deciderSpecification(sessionDecider);
  const started: SessionEvent = {
    type: 'SessionStarted',
    data: { sessionId: 's1', accountId: 'a1', refreshTokenHash: 'r1', expiresAt: plus(86400), at: T0 },
  };
  const rotate = (presentedHash: string, nextHash: string, at = plus(60)) =>
    ({ type: 'RotateRefreshToken', data: { presentedHash, nextHash, expiresAt: plus(90000), at } }) as const;
  const rotated: SessionEvent = {
    type: 'RefreshTokenRotated',
    data: { previousHash: 'r1', nextHash: 'r2', expiresAt: plus(90000), at: plus(60) },
  };

  it('starts a session', () => {
    spec.given([]).when({ type: 'StartSession', data: started.data }).then([started]);
  });
  it('rotates the current refresh token', () => {
    spec.given([started]).when(rotate('r1', 'r2')).then([rotated]);
  });
  it('reuse of a rotated token revokes the whole family', () => {
    spec
      .given([started, rotated])
      .when(rotate('r1', 'r3', plus(120)))
      .then([
        { type: 'RefreshTokenReuseDetected', data: { presentedHash: 'r1', at: plus(120) } },
        { type: 'SessionEnded', data: { reason: 'refresh_token_reuse', at: plus(120) } },
      ]);
  });
  it('after revocation even the newest token is refused', () => {
    spec
      .given([started, rotated, { type: 'SessionEnded', data: { reason: 'refresh_token_reuse', at: plus(120) } }])
      .when(rotate('r2', 'r3'))
      .thenThrows('SESSION_EXPIRED');
  });
  it('refuses unknown tokens, unknown sessions and expired ones', () => {
    spec.given([started]).when(rotate('zz', 'r2')).thenThrows('SESSION_EXPIRED');
    spec.given([]).when(rotate('r1', 'r2')).thenThrows('SESSION_EXPIRED');
    spec
      .given([started])
      .when(rotate('r1', 'r2', plus(86400)))
      .thenThrows('SESSION_EXPIRED');
  });
  it('logout ends the session once', () => {
    spec
      .given([started])
      .when({ type: 'EndSession', data: { reason: 'logout', at: plus(5) } })
      .then([{ type: 'SessionEnded', data: { reason: 'logout', at: plus(5) } }]);
    spec
      .given([started, { type: 'SessionEnded', data: { reason: 'logout', at: plus(5) } }])
      .when({ type: 'EndSession', data: { reason: 'logout', at: plus(6) } })
      .then([]);
  });
});

describe('invite decider', () => {
  const spec = deciderSpecification(inviteDecider);
  const issue = (over: Partial<{ issuerRole: string; inviteeIsAdmin: boolean }> = {}) =>
    ({
      type: 'IssueInvite',
      data: {
        inviteId: 'i1',
        email: 'Grace@Example.com',
        expiresAt: plus(3600),
        issuedBy: 'sa',
        issuerRole: 'super_admin',
        inviteeIsAdmin: false,
        at: T0,
        ...over,
      },
    }) as const;
  const issued: InviteEvent = {
    type: 'InviteIssued',
    data: { inviteId: 'i1', email: 'Grace@Example.com', expiresAt: plus(3600), issuedBy: 'sa', at: T0 },
  };
  const accept = (accountEmail: string, at = plus(60)) =>
    ({ type: 'AcceptInvite', data: { accountId: 'a2', accountEmail, at } }) as const;

  it('only the super admin issues invites', () => {
    spec.given([]).when(issue()).then([issued]);
    spec
      .given([])
      .when(issue({ issuerRole: 'admin' }))
      .thenThrows('FORBIDDEN');
  });
  it('refuses to invite someone who is already an admin', () => {
    spec
      .given([])
      .when(issue({ inviteeIsAdmin: true }))
      .thenThrows('ALREADY_ADMIN');
  });
  it('accepts when signed in as the invited email, case-insensitively', () => {
    spec
      .given([issued])
      .when(accept('grace@example.COM'))
      .then([{ type: 'InviteAccepted', data: { accountId: 'a2', at: plus(60) } }]);
  });
  it('refuses another account, an expired invite, a used one and an unknown one', () => {
    spec.given([issued]).when(accept('eve@example.com')).thenThrows('INVITE_EMAIL_MISMATCH');
    spec
      .given([issued])
      .when(accept('grace@example.com', plus(3600)))
      .thenThrows('INVITE_NOT_FOUND');
    spec
      .given([issued, { type: 'InviteAccepted', data: { accountId: 'a2', at: plus(60) } }])
      .when(accept('grace@example.com'))
      .thenThrows('INVITE_NOT_PENDING');
    spec.given([]).when(accept('grace@example.com')).thenThrows('INVITE_NOT_FOUND');
  });
  it('looks up only pending, unexpired invites', () => {
    const state = inviteDecider.evolve(inviteDecider.initialState(), issued);
    expect(lookUpInvite(state, plus(10))).toEqual({
      email: 'Grace@Example.com',
      expiresAt: plus(3600),
      status: 'pending',
    });
    expect(() => lookUpInvite(state, plus(3600))).toThrow(expect.objectContaining({ code: 'INVITE_NOT_FOUND' }));
    const used = inviteDecider.evolve(state, { type: 'InviteAccepted', data: { accountId: 'a2', at: plus(60) } });
    expect(() => lookUpInvite(used, plus(70))).toThrow(expect.objectContaining({ code: 'INVITE_NOT_FOUND' }));
  });

  // Issue 43 item 6: the super admin revokes a pending (or expired) invite, or replaces it by sending it again.
  const revoke = (revokerRole = 'super_admin', reason: 'revoked' | 'resent' = 'revoked', replacedBy?: string) =>
    ({
      type: 'RevokeInvite',
      data: { revokedBy: 'sa', revokerRole, reason, ...(replacedBy ? { replacedBy } : {}), at: plus(120) },
    }) as const;
  const revoked: InviteEvent = { type: 'InviteRevoked', data: { revokedBy: 'sa', reason: 'revoked', at: plus(120) } };
  describe('revoking', () => {
    it('given a pending invite, when the super admin revokes it, then InviteRevoked; its link is dead', () => {
      spec.given([issued]).when(revoke()).then([revoked]);
      spec
        .given([issued, revoked])
        .when(accept('grace@example.com', plus(130)))
        .thenThrows('INVITE_NOT_FOUND');
      const state = [issued, revoked].reduce(inviteDecider.evolve, inviteDecider.initialState());
      expect(() => lookUpInvite(state, plus(130))).toThrow(expect.objectContaining({ code: 'INVITE_NOT_FOUND' }));
    });
    it('records a resend with the invite that replaces it', () => {
      spec
        .given([issued])
        .when(revoke('super_admin', 'resent', 'i2'))
        .then([
          { type: 'InviteRevoked', data: { revokedBy: 'sa', reason: 'resent', replacedBy: 'i2', at: plus(120) } },
        ]);
    });
    it('refuses an admin, an unknown invite and a used one; a revoked one stays revoked (nothing new)', () => {
      spec.given([issued]).when(revoke('admin')).thenThrows('FORBIDDEN');
      spec.given([]).when(revoke()).thenThrows('INVITE_NOT_FOUND');
      spec
        .given([issued, { type: 'InviteAccepted', data: { accountId: 'a2', at: plus(60) } }])
        .when(revoke())
        .thenThrows('INVITE_NOT_PENDING');
      spec.given([issued, revoked]).when(revoke()).then([]);
    });
  });
});

describe('email claim decider', () => {
  const spec = deciderSpecification(emailClaimDecider);
  it('claims a free address once; the same account again is a no-op; another account is refused', () => {
    spec
      .given([])
      .when({ type: 'ClaimEmail', data: { accountId: 'a1', at: T0 } })
      .then([{ type: 'EmailClaimed', data: { accountId: 'a1', at: T0 } }]);
    spec
      .given([{ type: 'EmailClaimed', data: { accountId: 'a1', at: T0 } }])
      .when({ type: 'ClaimEmail', data: { accountId: 'a1', at: T0 } })
      .then([]);
    spec
      .given([{ type: 'EmailClaimed', data: { accountId: 'a1', at: T0 } }])
      .when({ type: 'ClaimEmail', data: { accountId: 'a2', at: T0 } })
      .thenThrows('EMAIL_CLAIMED', { accountId: 'a1' });
  });
  it('releases the address only for the account holding it; a released address can be claimed again', () => {
    const claimed = { type: 'EmailClaimed', data: { accountId: 'a1', at: T0 } } as const;
    const released = { type: 'EmailReleased', data: { accountId: 'a1', at: T0 } } as const;
    spec
      .given([claimed])
      .when({ type: 'ReleaseEmail', data: { accountId: 'a1', at: T0 } })
      .then([released]);
    spec
      .given([claimed])
      .when({ type: 'ReleaseEmail', data: { accountId: 'a2', at: T0 } })
      .then([]);
    spec
      .given([claimed, released])
      .when({ type: 'ReleaseEmail', data: { accountId: 'a1', at: T0 } })
      .then([]);
    spec
      .given([claimed, released])
      .when({ type: 'ClaimEmail', data: { accountId: 'a2', at: T0 } })
      .then([{ type: 'EmailClaimed', data: { accountId: 'a2', at: T0 } }]);
  });
});
