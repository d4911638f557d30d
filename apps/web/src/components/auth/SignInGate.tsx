import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import type { UserSession } from '../../lib/session-store';

/**
 * The one signed-out gate of the pages that need an account (`/account`, `/account/api-keys`, `/batch`): while the
 * session is being restored it says 'Loading your account…'; signed out, it asks to sign in ({@link prompt}) with a
 * 'Sign in' link that comes back to this page (`/signin?redirect=<path>`); signed in, it renders the page.
 */
export function SignInGate({ prompt, children }: { prompt: string; children: (session: UserSession) => ReactNode }) {
  const { session, status } = useAuth();
  const { pathname } = useLocation();
  if (session) return children(session);
  return (
    <Alert
      severity="info"
      action={
        <Button
          component={RouterLink}
          to={`${paths.signin}?redirect=${encodeURIComponent(pathname)}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Sign in
        </Button>
      }
    >
      {status === 'ready' || status === 'error' ? prompt : 'Loading your account…'}
    </Alert>
  );
}
