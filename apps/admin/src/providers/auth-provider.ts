import { isAdminRole, type Role } from '@inkprint/contracts';
import type { AuthProvider } from 'ra-core';
import { clearSession, readSession, type SessionStorage } from './session';

/** Permissions are the role (spec §6): 'admin' or 'super_admin'; only the super admin manages the admin team. */
export type AdminPermissions = Role;

export const canManageAdmins = (permissions: unknown): boolean => permissions === 'super_admin';

export interface AuthProviderOptions {
  storage: SessionStorage;
  /** Leaves the console for the web app's sign-in page (remembering where the admin was). */
  toSignIn: () => void;
  /** `POST /auth/logout` (revokes the refresh token); its failure does not keep the tokens (spec §4). */
  revoke?: () => Promise<unknown>;
}

/**
 * react-admin's auth provider over the session the web app stores (see session.ts). The entry guard (app/Guard.tsx)
 * has already validated the session with the profile call; this provider keeps react-admin in step with the storage:
 * a session that disappears (signed out in another tab) or a 401 that survives the one refresh sends the admin to
 * sign-in, a 403 FORBIDDEN (role revoked meanwhile) does too.
 */
export function createAuthProvider({ storage, toSignIn, revoke }: AuthProviderOptions): AuthProvider {
  return {
    async login() {
      // Signing in happens in the web app (/signin); the console never shows a login form.
      toSignIn();
    },
    async logout() {
      if (revoke && readSession(storage)) await revoke().catch(() => undefined);
      clearSession(storage);
      toSignIn();
      return false;
    },
    async checkAuth() {
      const session = readSession(storage);
      if (!session || !isAdminRole(session.user.role)) {
        toSignIn();
        throw new Error('Not signed in as an admin.');
      }
    },
    async checkError(error: { status?: number; body?: { code?: string } }) {
      if (error?.status === 401 || (error?.status === 403 && error.body?.code === 'FORBIDDEN')) {
        if (error.status === 401) clearSession(storage);
        toSignIn();
        throw error;
      }
    },
    async getIdentity() {
      const session = readSession(storage);
      if (!session) throw new Error('Not signed in.');
      return { id: session.user.id, fullName: session.user.name || session.user.email, email: session.user.email };
    },
    async getPermissions() {
      return readSession(storage)?.user.role ?? null;
    },
  };
}
