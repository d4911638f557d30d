import type { SignedInResponse } from '@inkprint/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useCooldown } from '../hooks/use-cooldown';
import { codeRecentlySent } from '../journey';
import { rememberPendingSignup } from '../pending-signup';
import { countdown, otpInput } from '../rules';

export const CODE_RECENTLY_SENT =
  'We sent a code to this address less than 2 minutes ago. Enter it below, or ask for a new one when the timer ends.';

/**
 * The 6-digit code step (spec §2 /signup 'otp'), shared by sign-up and by sign-in to an unverified account: the code,
 * 'Verify', and 'Send a new code' with the 120 s cooldown (a refusal inside the cooldown starts the timer the server
 * names and keeps the code entry open instead of ending the journey).
 */
export function CodeEntry({
  email,
  continueUrl,
  initialInfo,
  initialCooldown = 0,
  resendLabel = 'Resend code',
  verifyLabel = 'Verify and continue',
  before,
  onSent,
  onVerified,
}: {
  email: string;
  continueUrl: string | null;
  initialInfo?: string | null;
  /** Seconds before a new code may be asked for when the step opens. */
  initialCooldown?: number;
  resendLabel?: string;
  verifyLabel?: string;
  /** Fields shown above the code (the address, when the step was opened without one). */
  before?: ReactNode;
  onSent?: () => void;
  onVerified: (answer: SignedInResponse) => void;
}) {
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(initialInfo ?? null);
  const [cooldown, startCooldown] = useCooldown(initialCooldown);
  const address = email.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (otp.length !== 6 || !address) return;
    setError(null);
    try {
      const answer = await verify.mutateAsync({
        email: address,
        otp,
        ...(continueUrl ? { continue: continueUrl } : {}),
      });
      rememberPendingSignup(null);
      onVerified(answer);
    } catch (err) {
      setError(errorMessage(err, 'Verification failed. Please try again.'));
    }
  };

  const sendCode = async () => {
    if (!address) return setError('Enter the e-mail address you signed up with.');
    setError(null);
    try {
      await resend.mutateAsync({ email: address, purpose: 'verification' });
      setInfo('New code sent. Check your inbox.');
      setOtp('');
      startCooldown();
      onSent?.();
    } catch (err) {
      const wait = codeRecentlySent(err);
      if (wait === null) return setError('Could not resend the OTP. Try again shortly.');
      setInfo(CODE_RECENTLY_SENT);
      startCooldown(wait);
    }
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} aria-label="Verify e-mail">
      {info && (
        <Alert severity="info" role="status">
          {info}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {before}
      <TextField
        label="6-digit code"
        name="otp"
        value={otp}
        onChange={(e) => setOtp(otpInput(e.target.value))}
        autoComplete="one-time-code"
        required
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the form: focus moves to its one field
        autoFocus={!before}
        disabled={verify.isPending}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]{6}',
            maxLength: 6,
            style: { letterSpacing: '0.5em', fontSize: 22, textAlign: 'center' },
          },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={otp.length !== 6 || !address || verify.isPending}
      >
        {verify.isPending ? 'Verifying...' : verifyLabel}
      </Button>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="center" flexWrap="wrap" useFlexGap>
        <Typography variant="body2" color="text.secondary">
          Didn't get it?
        </Typography>
        <Button size="small" onClick={() => void sendCode()} disabled={cooldown > 0 || resend.isPending}>
          {cooldown > 0 ? `${resendLabel} in ${countdown(cooldown)}` : resend.isPending ? 'Sending...' : resendLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
