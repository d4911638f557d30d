import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard, AuthFormFooter } from './AuthCard';
import { useDocumentTitle } from '../../../lib/document-title';

const SENT = 'If an account exists we sent a reset link. Please check spam/junk if you do not see it.';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    try {
      const answer = await forgot.mutateAsync({ email: email.trim() });
      setNote({ ok: true, text: answer?.message || SENT });
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'Unable to send reset email. Please try again.') });
    }
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the e-mail address of your account and we will send you a reset link."
    >
      <Stack component="form" spacing={2.5} onSubmit={submit} aria-label="Forgot password">
        {note && <Alert severity={note.ok ? 'success' : 'error'}>{note.text}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={forgot.isPending}
          fullWidth
        />
        <AuthFormFooter label="Send reset link" busyLabel="Sending..." busy={forgot.isPending} />
      </Stack>
    </AuthCard>
  );
}
