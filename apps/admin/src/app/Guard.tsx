import { isAdminRole, type MfaStatusResponse } from '@inkprint/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { LOADING_ADMIN, serverMessage } from '../lib/messages';
import { MfaScreen } from '../mfa/MfaScreen';
import type { AdminDataProvider } from '../providers/data-provider';
import { readSession, writeUser, type SessionStorage } from '../providers/session';

type GuardState =
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'mfa'; status: MfaStatusResponse }
  | { kind: 'error'; message: string };

export function LoadingAdmin() {
  return (
    <Box
      role="status"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress size={24} aria-hidden />
      <Typography>{LOADING_ADMIN}</Typography>
    </Box>
  );
}

/**
 * The console's entry guard (spec §2 "Admin page" guard, §4 "Auth bootstrap"): restores the stored session and
 * validates it with the profile call (`GET /auth/me`; a 401 refreshes once, a failed refresh clears it). While that
 * runs it shows 'Loading admin experience…'. No user: the web app's sign-in, remembering the path; a non-admin: `/`;
 * admin and super_admin enter.
 */
export function Guard({
  dataProvider,
  storage,
  toSignIn,
  toHome,
  children,
}: {
  dataProvider: AdminDataProvider;
  storage: SessionStorage;
  toSignIn: () => void;
  toHome: () => void;
  children: ReactNode;
}) {
  const [state, setState] = useState<GuardState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    if (!readSession(storage)) {
      toSignIn();
      return;
    }
    dataProvider.getProfile().then(
      async ({ user }) => {
        if (!live) return;
        writeUser(storage, user);
        if (!isAdminRole(user.role)) return toHome();
        // Two-factor sign-in: an account that has it passes it once per session; ADMIN_MFA=required makes it a must.
        const status = await dataProvider.getMfaStatus();
        if (!live) return;
        const needed = status.enrolled ? !status.verified : status.required;
        setState(needed ? { kind: 'mfa', status } : { kind: 'ready' });
      },
      (error: { status?: number }) => {
        if (!live) return;
        // A 401 that survived the refresh has already cleared the session and left for sign-in.
        if (error?.status === 401) toSignIn();
        else setState({ kind: 'error', message: serverMessage(error) ?? 'Unable to load your profile.' });
      },
    );
    return () => {
      live = false;
    };
  }, [dataProvider, storage, toSignIn, toHome, attempt]);

  if (state.kind === 'ready') return <>{children}</>;
  if (state.kind === 'mfa') {
    return (
      <MfaScreen
        dataProvider={dataProvider}
        mode="gate"
        initial={state.status}
        onDone={() => setState({ kind: 'ready' })}
      />
    );
  }
  if (state.kind === 'error') {
    return (
      <Box component="main" sx={{ maxWidth: 560, mx: 'auto', mt: 8, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => (setState({ kind: 'loading' }), setAttempt((n) => n + 1))}
            >
              Try again
            </Button>
          }
        >
          {state.message}
        </Alert>
      </Box>
    );
  }
  return <LoadingAdmin />;
}
