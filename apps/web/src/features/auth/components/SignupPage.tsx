import { meetsPasswordPolicy, PASSWORD_POLICY_MESSAGE } from '@inkprint/contracts/policies';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { useRegister } from '../api/register';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import {
  afterSignup,
  continueTarget,
  countdown,
  matchHint,
  otpInput,
  RESEND_COOLDOWN_S,
  SIGNUP_REDIRECT_MS,
} from '../rules';
import { AuthCard } from './AuthCard';
import { PasswordChecklist, PasswordField } from './PasswordFields';
import { useDocumentTitle } from '../../../lib/document-title';

type Step = 'details' | 'otp' | 'success';
const CODE_SENT = 'We sent a 6-digit code to your email. Enter it below within 2 minutes.';

function useCooldown(): [number, () => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  return [
    Math.max(0, (until - now) / 1000),
    () => {
      setNow(Date.now());
      setUntil(Date.now() + RESEND_COOLDOWN_S * 1000);
    },
  ];
}

export default function SignupPage() {
  useDocumentTitle('Create your account');
  const { search } = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const register = useRegister();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const continueUrl = continueTarget(search, env.productHost);
  const [step, setStep] = useState<Step>('details');
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '' });
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCooldown();
  const hint = matchHint(form.password, form.confirm);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  useEffect(() => {
    if (step !== 'success') return;
    const target = afterSignup(continueUrl);
    const timer = setTimeout(
      () => (target.startsWith('http') ? window.location.assign(target) : navigate(target)),
      SIGNUP_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [step, continueUrl, navigate]);

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The server holds the same rule (@inkprint/contracts/policies); checking here saves a round trip and keeps the form.
    if (!meetsPasswordPolicy(form.password)) return setError(PASSWORD_POLICY_MESSAGE);
    if (form.password !== form.confirm) return setError('Passwords do not match');
    try {
      const answer = await register.mutateAsync({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        confirm: form.confirm,
      });
      setInfo(answer?.message || CODE_SENT);
      setStep('otp');
      startCooldown();
    } catch (err) {
      setError(errorMessage(err, 'Unable to create account. Please try again.'));
    }
  };

  const submitOtp = async (event: FormEvent) => {
    event.preventDefault();
    if (otp.length !== 6) return;
    setError(null);
    try {
      const answer = await verify.mutateAsync({
        email: form.email.trim(),
        otp,
        ...(continueUrl ? { continue: continueUrl } : {}),
      });
      signIn(answer);
      setInfo('Email verified. Redirecting you...');
      setStep('success');
    } catch (err) {
      setError(errorMessage(err, 'Verification failed. Please try again.'));
    }
  };

  const resendCode = async () => {
    setError(null);
    try {
      await resend.mutateAsync({ email: form.email.trim(), purpose: 'verification' });
      setInfo('New code sent. Check your inbox.');
      setOtp('');
      startCooldown();
    } catch {
      setError('Could not resend the OTP. Try again shortly.');
    }
  };

  if (step === 'success') {
    return (
      <AuthCard title="You're in" subtitle="Your account is ready.">
        <Stack spacing={2} alignItems="center" sx={{ py: 2 }}>
          <Alert severity="success" sx={{ width: '100%' }}>
            {info}
          </Alert>
          <CircularProgress size={28} aria-label="Redirecting" />
        </Stack>
      </AuthCard>
    );
  }

  if (step === 'otp') {
    return (
      <AuthCard
        title="Check your inbox"
        subtitle={
          <>
            We e-mailed a code to <strong>{form.email}</strong>.
          </>
        }
      >
        <Stack component="form" spacing={2.5} onSubmit={submitOtp} aria-label="Verify e-mail">
          {info && <Alert severity="info">{info}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="6-digit code"
            name="otp"
            value={otp}
            onChange={(e) => setOtp(otpInput(e.target.value))}
            autoComplete="one-time-code"
            required
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the form: focus moves to its one field
            autoFocus
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
          <Button type="submit" variant="contained" size="large" disabled={otp.length !== 6 || verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Verify and continue'}
          </Button>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="center" flexWrap="wrap">
            <Typography variant="body2" color="text.secondary">
              Didn't get it?
            </Typography>
            <Button size="small" onClick={resendCode} disabled={cooldown > 0 || resend.isPending}>
              {cooldown > 0 ? `Resend code in ${countdown(cooldown)}` : resend.isPending ? 'Sending...' : 'Resend code'}
            </Button>
          </Stack>
          <Button
            size="small"
            color="inherit"
            onClick={() => {
              setStep('details');
              setError(null);
              setInfo(null);
            }}
          >
            Use a different e-mail
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const loading = register.isPending;
  return (
    <AuthCard
      title="Create your account"
      subtitle="Free accounts get longer texts and more daily requests than guests."
    >
      <Stack component="form" spacing={2.5} onSubmit={submitDetails} aria-label="Create account">
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={form.name}
          onChange={set('name')}
          disabled={loading}
          fullWidth
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
          disabled={loading}
          fullWidth
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
          disabled={loading}
          fullWidth
        />
        <PasswordChecklist password={form.password} />
        <PasswordField
          label="Confirm password"
          name="confirm"
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set('confirm')}
          disabled={loading}
          fullWidth
          error={hint ? !hint.ok : false}
          helperText={hint?.text ?? ' '}
          slotProps={{ formHelperText: { sx: { color: hint?.ok ? 'success.main' : undefined } } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? 'Creating account...' : 'Create account'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link
            component={RouterLink}
            to={continueUrl ? `${paths.signin}?continue=${encodeURIComponent(continueUrl)}` : paths.signin}
            sx={{ fontWeight: 700 }}
          >
            Sign in
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
