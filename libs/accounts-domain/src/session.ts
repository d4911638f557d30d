import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';

/**
 * A sign-in session and its refresh-token family: stream `session-<sessionId>`. Each refresh rotates the token;
 * presenting a token that was already rotated away means it leaked, so the whole family is revoked.
 */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

type At = { at: string };
export type StartSession = {
  type: 'StartSession';
  data: { sessionId: string; accountId: string; refreshTokenHash: string; expiresAt: string } & At;
};
export type RotateRefreshToken = {
  type: 'RotateRefreshToken';
  data: { presentedHash: string; nextHash: string; expiresAt: string } & At;
};
export type EndSession = {
  type: 'EndSession';
  data: { reason: 'logout' | 'password_changed' | 'account_disabled' | 'account_erased' } & At;
};
/** The session passed the account's second factor (administrators' TOTP or a recovery code). */
export type VerifySessionMfa = { type: 'VerifySessionMfa'; data: At };
export type SessionCommand = StartSession | RotateRefreshToken | EndSession | VerifySessionMfa;

export type SessionStarted = {
  type: 'SessionStarted';
  data: { sessionId: string; accountId: string; refreshTokenHash: string; expiresAt: string } & At;
};
export type RefreshTokenRotated = {
  type: 'RefreshTokenRotated';
  data: { previousHash: string; nextHash: string; expiresAt: string } & At;
};
export type RefreshTokenReuseDetected = { type: 'RefreshTokenReuseDetected'; data: { presentedHash: string } & At };
export type SessionEnded = {
  type: 'SessionEnded';
  data: { reason: EndSession['data']['reason'] | 'refresh_token_reuse' } & At;
};
export type SessionMfaVerified = { type: 'SessionMfaVerified'; data: At };
export type SessionEvent =
  SessionStarted | RefreshTokenRotated | RefreshTokenReuseDetected | SessionEnded | SessionMfaVerified;

export type SessionState =
  | { status: 'none' }
  | {
      status: 'active' | 'ended';
      sessionId: string;
      accountId: string;
      currentHash: string;
      expiresAt: string;
      retiredHashes: readonly string[];
      /** When the session was started: sessions started before the account's `sessionsValidFrom` are over. */
      startedAt: string;
      /** When the session passed the second factor, if it did. */
      mfaVerifiedAt?: string;
    };

export function sessionStreamId(sessionId: string): string {
  return `session-${sessionId}`;
}

const ended = () => new DomainError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.', 401);

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'StartSession':
        if (state.status !== 'none') throw new DomainError('SESSION_EXISTS', 'This session already exists.', 409);
        return [{ type: 'SessionStarted', data: command.data }];
      case 'RotateRefreshToken': {
        const { presentedHash, nextHash, expiresAt, at } = command.data;
        if (state.status === 'none') throw ended();
        if (state.retiredHashes.includes(presentedHash)) {
          // Reuse of a rotated token: record it, and end the family if it is still active.
          const events: SessionEvent[] = [{ type: 'RefreshTokenReuseDetected', data: { presentedHash, at } }];
          if (state.status === 'active')
            events.push({ type: 'SessionEnded', data: { reason: 'refresh_token_reuse', at } });
          return events;
        }
        if (
          state.status === 'ended' ||
          presentedHash !== state.currentHash ||
          Date.parse(state.expiresAt) <= Date.parse(at)
        )
          throw ended();
        return [{ type: 'RefreshTokenRotated', data: { previousHash: presentedHash, nextHash, expiresAt, at } }];
      }
      case 'EndSession':
        return state.status === 'active' ? [{ type: 'SessionEnded', data: command.data }] : [];
      case 'VerifySessionMfa':
        if (state.status !== 'active') throw ended();
        return [{ type: 'SessionMfaVerified', data: command.data }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return {
          status: 'active',
          sessionId: event.data.sessionId,
          accountId: event.data.accountId,
          currentHash: event.data.refreshTokenHash,
          expiresAt: event.data.expiresAt,
          retiredHashes: [],
          startedAt: event.data.at,
        };
      case 'RefreshTokenRotated':
        if (state.status === 'none') return state;
        return {
          ...state,
          currentHash: event.data.nextHash,
          expiresAt: event.data.expiresAt,
          retiredHashes: [...state.retiredHashes, event.data.previousHash],
        };
      case 'RefreshTokenReuseDetected':
        return state;
      case 'SessionEnded':
        return state.status === 'none' ? state : { ...state, status: 'ended' };
      case 'SessionMfaVerified':
        return state.status === 'none' ? state : { ...state, mfaVerifiedAt: event.data.at };
      default:
        return assertNever(event);
    }
  },
};
