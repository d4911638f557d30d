import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { REDIRECT_KEY } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
import { useLogin } from '../api/login';
import { afterSignIn, continueTarget } from '../rules';
import { AuthCard } from './AuthCard';
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

export default function SigninPage() {
  useDocumentTitle('Sign in');
  const { search } = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const continueUrl = continueTarget(search, env.productHost);
  const signupLink = continueUrl ? `${paths.signup}?continue=${encodeURIComponent(continueUrl)}` : paths.signup;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await login.mutateAsync({ email: email.trim(), password });
      signIn(answer);
      showToast({ type: 'success', title: 'Signed in successfully', ttlMs: 3800 });
      const target = afterSignIn(answer.user.role, continueUrl, takeStoredRedirect(search));
      if (target.startsWith('http') || target.startsWith(paths.admin)) window.location.assign(target);
      else navigate(target);
    } catch (err) {
      const message = errorMessage(err, 'Sign in failed. Please try again.');
      setPassword('');
      setError(message);
      showToast({ type: 'error', title: 'Sign in failed', message });
    }
  };

  const loading = login.isPending;
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to use your plan's limits and saved reports.">
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate={false} aria-label="Sign in">
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
