import type { SignedInResponse } from '@inkprint/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { REDIRECT_KEY } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
import { useLogin } from '../api/login';
import { useInviteLookup } from '../api/lookup-invite';
import { inviteToken, journeyLink, prefilledEmail, redirectParam, unverifiedEmail, VERIFIED_WELCOME } from '../journey';
import { useSignInJourney } from '../hooks/use-sign-in-journey';
import { afterSignIn, safeStoredPath } from '../rules';
import { AuthCard } from './AuthCard';
import { CodeEntry } from './CodeEntry';
import { PasswordField } from './PasswordFields';
import { useDocumentTitle } from '../../../lib/document-title';

/** The stored redirect target: `?redirect=` or the path the admin console left in local storage (used once). */
function takeStoredRedirect(search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('redirect');
  try {
    const value = window.localStorage.getItem(REDIRECT_KEY);
    window.localStorage.removeItem(REDIRECT_KEY);
    return fromQuery ?? value;
  } catch {
    return fromQuery;
  }
}

/** The return path without using it up: it travels on to sign-up when the visitor creates an account instead. */
function peekReturnPath(search: string): string | null {
  try {
    return redirectParam(search) ?? safeStoredPath(window.localStorage.getItem(REDIRECT_KEY));
  } catch {
    return redirectParam(search);
  }
}

export default function SigninPage() {
  useDocumentTitle('Sign in');
  const { search, continueUrl, signIn, goTo } = useSignInJourney();
  const login = useLogin();
  const [returnPath] = useState(() => peekReturnPath(search));
  const invite = useInviteLookup(inviteToken(returnPath)).data?.invite;
  const invitedEmail = invite?.status === 'pending' ? invite.email : null;
  // null until typed: the address from the link, else the invited one, fills the field (issue 43 item 5).
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const email = typedEmail ?? prefilledEmail(search) ?? invitedEmail ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The address of an account that exists but has not been verified (after the right password). */
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  const signupLink = journeyLink(paths.signup, { continueUrl, redirect: returnPath, email });

  const goOn = (role: unknown) => {
    goTo(afterSignIn(role, continueUrl, takeStoredRedirect(search)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setUnverified(null);
    try {
      const answer = await login.mutateAsync({ email: email.trim(), password });
      signIn(answer);
      showToast({ type: 'success', title: 'Signed in successfully', ttlMs: 3800 });
      goOn(answer.user.role);
    } catch (err) {
      const message = errorMessage(err, 'Sign in failed. Please try again.');
      // Right password, address not verified yet: the code step opens here and the password stays (issue 43 item 4);
      // the toast warns rather than alarms, the panel says what to do.
      const pendingEmail = unverifiedEmail(err, email);
      showToast({ type: pendingEmail ? 'warn' : 'error', title: 'Sign in failed', message });
      if (pendingEmail) return setUnverified({ email: pendingEmail, message });
      setPassword('');
      setError(message);
    }
  };

  const verified = (answer: SignedInResponse) => {
    signIn(answer);
    showToast({ type: 'success', title: VERIFIED_WELCOME, ttlMs: 7000 });
    goOn(answer.user.role);
  };

  const loading = login.isPending;
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to use your plan's limits and saved reports.">
      {invitedEmail && !unverified && (
        <Alert severity="info" sx={{ mb: 2.5 }} data-testid="invite-notice">
          Your admin invitation is for <strong style={{ overflowWrap: 'anywhere' }}>{invitedEmail}</strong>. Sign in
          with that address or{' '}
          <Link component={RouterLink} to={signupLink} sx={{ fontWeight: 700 }}>
            create an account
          </Link>{' '}
          with it, then accept the invitation.
        </Alert>
      )}
      {unverified && (
        <Box
          component="section"
          aria-label="Verify your e-mail"
          sx={{ mb: 3, p: { xs: 2, sm: 2.5 }, borderRadius: 3, border: 1, borderColor: 'warning.light' }}
        >
          <Alert severity="warning" sx={{ mb: 2 }}>
            {unverified.message}
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Enter the 6-digit code we e-mailed to{' '}
            <strong style={{ overflowWrap: 'anywhere' }}>{unverified.email}</strong>, or send a new one.
          </Typography>
          <CodeEntry
            key={unverified.email}
            email={unverified.email}
            continueUrl={continueUrl}
            resendLabel="Send a new code"
            verifyLabel="Verify and sign in"
            onVerified={verified}
          />
        </Box>
      )}
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate={false} aria-label="Sign in">
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setTypedEmail(e.target.value)}
          disabled={loading}
          fullWidth
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={loading}
          fullWidth
        />
        <Stack direction="row" justifyContent="flex-end" sx={{ mt: '8px !important' }}>
          <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
            Forgot password
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? 'Signing in...' : 'Sign in'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          New to Inkprint?{' '}
          <Link component={RouterLink} to={signupLink} sx={{ fontWeight: 700 }}>
            Create one
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
