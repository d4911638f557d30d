import type { SignedInResponse } from '@inkprint/contracts';
import { isAdminRole } from '@inkprint/contracts/policies';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { api } from './api-client';
import { ApiError } from './api-error';
import { getMe } from './api/get-me';
import { logout } from './api/logout';
import { guestSession, userSession, type GuestSession, type UserSession } from './session-store';

/** Spec §4 "Auth bootstrap". */
export type AuthStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface AuthState {
  status: AuthStatus;
  session: UserSession | null;
  guest: GuestSession | null;
  isAdmin: boolean;
  signIn(answer: SignedInResponse): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Restore and validate the stored user session, then restore the guest session or create one. */
export async function bootstrapSession(): Promise<void> {
  if (userSession.get()) {
    try {
      const me = await getMe();
      userSession.set((current) => (current ? { ...current, user: me.user, usage: me.usage } : current));
    } catch (error) {
      // An invalid session is cleared; a server that cannot answer leaves it for the next try.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) {
        userSession.set(null);
      } else throw error;
    }
  }
  if (!guestSession.get()) await api.createGuestSession();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(userSession.subscribe, userSession.get);
  const guest = useSyncExternalStore(guestSession.subscribe, guestSession.get);
  // The session is bootstrapped once at mount: it is loading from the first render.
  const [status, setStatus] = useState<AuthStatus>('loading');

  useEffect(() => {
    let cancelled = false;
    bootstrapSession().then(
      () => !cancelled && setStatus('ready'),
      () => !cancelled && setStatus('error'),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback((answer: SignedInResponse) => {
    userSession.set({ user: answer.user, tokens: answer.tokens, usage: answer.usage });
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // Spec §4: logout clears tokens even if the call fails.
    } finally {
      userSession.set(null);
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({ status, session, guest, isAdmin: isAdminRole(session?.user.role), signIn, signOut }),
    [status, session, guest, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
