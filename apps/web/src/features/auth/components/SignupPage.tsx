import type { SignedInResponse } from '@inkprint/contracts';
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
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { REDIRECT_KEY } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
import { useRegister } from '../api/register';
import {
  afterVerified,
  codeRecentlySent,
  cooldownLeft,
  journeyLink,
  prefilledEmail,
  redirectParam,
  VERIFIED_WELCOME,
} from '../journey';
import { forgetStoredItem, loadPendingSignup, rememberPendingSignup } from '../pending-signup';
import { useSignInJourney } from '../hooks/use-sign-in-journey';
import { matchHint, RESEND_COOLDOWN_S, SIGNUP_REDIRECT_MS } from '../rules';
import { AuthCard } from './AuthCard';
import { CODE_RECENTLY_SENT, CodeEntry } from './CodeEntry';
import { PasswordChecklist, PasswordField } from './PasswordFields';

type Step = 'details' | 'otp' | 'success';
const CODE_SENT = 'We sent a 6-digit code to your email. Enter it below within 2 minutes.';
const CODE_REMEMBERED = 'Enter the code we e-mailed you, or ask for a new one below.';

/** How the code step was reached: a code just sent, one sent earlier (remembered or refused as too soon), or by hand. */
interface CodeStep {
  info: string | null;
  cooldown: number;
  /** The address can still be typed ('I already have a code' before any was sent from this page). */
  askEmail: boolean;
}

export default function SignupPage() {
  useDocumentTitle('Create your account');
  const { search, continueUrl, signIn, goTo } = useSignInJourney();
  const register = useRegister();
  // Reopening /signup while a code is on its way goes back to the code step (issue 43 item 4).
  const [pending] = useState(() => {
    const remembered = loadPendingSignup();
    const asked = prefilledEmail(search);
    return remembered && (!asked || asked.toLowerCase() === remembered.email.toLowerCase()) ? remembered : null;
  });
  // Only what the link carries (or the remembered sign-up): a stale stored redirect must not steer a new account.
  const [redirect] = useState(() => redirectParam(search) ?? pending?.redirect ?? null);
  const [step, setStep] = useState<Step>(pending ? 'otp' : 'details');
  const [codeStep, setCodeStep] = useState<CodeStep>(() => ({
    info: CODE_REMEMBERED,
    cooldown: pending ? cooldownLeft(pending.sentAt, Date.now(), RESEND_COOLDOWN_S) : 0,
    askEmail: false,
  }));
  const [form, setForm] = useState(() => ({
    name: '',
    email: pending?.email ?? prefilledEmail(search) ?? '',
    password: '',
    confirm: '',
  }));
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const hint = matchHint(form.password, form.confirm);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const journey = { continueUrl, redirect };
  const target = afterVerified(journey);

  useEffect(() => {
    if (step !== 'success') return;
    const timer = setTimeout(() => {
      // The confirmation goes with the user to the page they land on.
      showToast({ type: 'success', title: VERIFIED_WELCOME, ttlMs: 7000 });
      goTo(target);
    }, SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, target, goTo]);

  const openCodeStep = (next: CodeStep, sentAt: number | null) => {
    if (sentAt !== null) rememberPendingSignup({ email: form.email.trim(), sentAt, redirect });
    setCodeStep(next);
    setError(null);
    setStep('otp');
  };

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
      openCodeStep({ info: answer?.message || CODE_SENT, cooldown: RESEND_COOLDOWN_S, askEmail: false }, Date.now());
    } catch (err) {
      // A code went to this address less than 2 minutes ago: that code still works, so the step to enter it opens.
      const wait = codeRecentlySent(err);
      if (wait !== null) {
        const sentAt = Date.now() - (RESEND_COOLDOWN_S - wait) * 1000;
        return openCodeStep({ info: CODE_RECENTLY_SENT, cooldown: wait, askEmail: false }, sentAt);
      }
      setError(errorMessage(err, 'Unable to create account. Please try again.'));
    }
  };

  const verified = (answer: SignedInResponse) => {
    signIn(answer);
    rememberPendingSignup(null);
    forgetStoredItem(REDIRECT_KEY);
    setInfo('Email verified. Redirecting you...');
    setStep('success');
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
          codeStep.askEmail ? (
            'Enter the address you signed up with and the 6-digit code we e-mailed to it.'
          ) : (
            <>
              We e-mailed a code to <strong style={{ overflowWrap: 'anywhere' }}>{form.email}</strong>.
            </>
          )
        }
      >
        <CodeEntry
          email={form.email}
          continueUrl={continueUrl}
          initialInfo={codeStep.info}
          initialCooldown={codeStep.cooldown}
          onSent={() => rememberPendingSignup({ email: form.email.trim(), sentAt: Date.now(), redirect })}
          onVerified={verified}
          before={
            codeStep.askEmail ? (
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={set('email')}
                fullWidth
              />
            ) : undefined
          }
        />
        <Stack alignItems="center" sx={{ mt: 1 }}>
          <Button
            size="small"
            color="inherit"
            onClick={() => {
              rememberPendingSignup(null);
              setStep('details');
              setError(null);
              setInfo(null);
            }}
          >
            {codeStep.askEmail ? 'Back to sign-up' : 'Use a different e-mail'}
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
        <Button
          size="small"
          onClick={() => openCodeStep({ info: null, cooldown: 0, askEmail: true }, null)}
          sx={{ alignSelf: 'center' }}
        >
          I already have a code
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link
            component={RouterLink}
            to={journeyLink(paths.signin, { ...journey, email: form.email })}
            sx={{ fontWeight: 700 }}
          >
            Sign in
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
