import { meetsPasswordPolicy, PASSWORD_POLICY_MESSAGE } from '@inkprint/contracts/policies';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useResetPassword } from '../api/reset-password';
import { matchHint, RESET_REDIRECT_MS } from '../rules';
import { AuthCard, AuthFormFooter } from './AuthCard';
import { PasswordChecklist, PasswordField } from './PasswordFields';
import { useDocumentTitle } from '../../../lib/document-title';

const MISSING = 'The reset link is missing or invalid. Please request a new one.';

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(token ? null : MISSING);
  const [done, setDone] = useState<string | null>(null);
  const hint = matchHint(password, confirm);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.signin), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setError(MISSING);
    if (!meetsPasswordPolicy(password)) return setError(PASSWORD_POLICY_MESSAGE);
    if (password !== confirm) return setError('Passwords must match.');
    setError(null);
    try {
      const answer = await reset.mutateAsync({ token, password });
      setDone(answer?.message || 'Password updated. Redirecting you to sign in...');
    } catch (err) {
      setError(errorMessage(err, 'Unable to update password. Please try again.'));
    }
  };

  const locked = !token || reset.isPending || done !== null;
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 8 characters with 3 of: lowercase, uppercase, number, symbol."
    >
      <Stack component="form" spacing={2.5} onSubmit={submit} aria-label="Reset password">
        {error && (
          <Alert
            severity="error"
            action={
              !token ? (
                <Button component={RouterLink} to={paths.forgotPassword} color="inherit" size="small">
                  Request link
                </Button>
              ) : undefined
            }
          >
            {error}
          </Alert>
        )}
        {done && <Alert severity="success">{done}</Alert>}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={locked}
          fullWidth
          slotProps={{ htmlInput: { minLength: 8 } }}
        />
        <PasswordChecklist password={password} />
        <PasswordField
          label="Confirm password"
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          disabled={locked}
          fullWidth
          error={hint ? !hint.ok : false}
          helperText={hint?.text ?? ' '}
          slotProps={{
            htmlInput: { minLength: 8 },
            formHelperText: { sx: { color: hint?.ok ? 'success.main' : undefined } },
          }}
        />
        <AuthFormFooter label="Update password" busyLabel="Updating..." busy={reset.isPending} disabled={locked} />
      </Stack>
    </AuthCard>
  );
}
