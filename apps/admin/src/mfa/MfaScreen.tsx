import type { MfaEnrolmentResponse, MfaStatusResponse } from '@inkprint/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { serverMessage } from '../lib/messages';
import type { AdminDataProvider } from '../providers/data-provider';
import { readSession } from '../providers/session';
import { lostPhoneAdvice, recoveryCodesFileName, recoveryCodesText } from './recovery-codes';

type Step =
  | { kind: 'loading' }
  | { kind: 'status'; status: MfaStatusResponse }
  | { kind: 'setup'; enrolment: MfaEnrolmentResponse; qr: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'verify' };

/** The secret in groups of four, as authenticator apps show it when it is typed in. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** 'Copy' (clipboard) and 'Download (.txt)' for the recovery codes, shown once: saving them must be one click. */
function SaveRecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const account = readSession(window.localStorage)?.user.email ?? 'this admin account';
  const text = () => recoveryCodesText(codes, account, new Date());
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = recoveryCodesFileName(new Date());
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {copied === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
        Download (.txt)
      </Button>
      <Typography variant="body2" color={copied === 'failed' ? 'error' : 'text.secondary'} role="status">
        {copied === 'copied'
          ? 'The codes are on your clipboard.'
          : copied === 'failed'
            ? 'Copying failed: select the codes or download them.'
            : ''}
      </Typography>
    </Box>
  );
}

/**
 * Two-factor sign-in for administrators (issue 25 item 9). As a gate (`mode="gate"`, before the console when the API
 * asks for it): the code of a set-up account, or the set-up itself when ADMIN_MFA=required; as a page
 * (`/security`): the status and an optional set-up. A set-up shows a QR code for the authenticator app and the
 * key to type in, takes the first code, then shows the ten recovery codes once.
 */
export function MfaScreen({
  dataProvider,
  mode,
  initial,
  onDone,
}: {
  dataProvider: AdminDataProvider;
  mode: 'gate' | 'page';
  initial?: MfaStatusResponse;
  onDone?: () => void;
}) {
  const [step, setStep] = useState<Step>(
    initial
      ? initial.enrolled && !initial.verified
        ? { kind: 'verify' }
        : { kind: 'status', status: initial }
      : { kind: 'loading' },
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step.kind !== 'loading') return;
    let live = true;
    dataProvider.getMfaStatus().then(
      (status) => live && setStep({ kind: 'status', status }),
      (e: unknown) => live && setError(serverMessage(e) ?? 'Unable to load two-factor sign-in.'),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, step.kind]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(serverMessage(e) ?? 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const startSetup = () =>
    run(async () => {
      const enrolment = await dataProvider.enrolMfa();
      const qr = await QRCode.toDataURL(enrolment.otpauthUri, { margin: 1, width: 200 });
      setCode('');
      setStep({ kind: 'setup', enrolment, qr });
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind === 'setup') {
      void run(async () => {
        const enabled = await dataProvider.confirmMfa(code);
        setStep({ kind: 'codes', codes: enabled.recoveryCodes });
      });
    } else {
      void run(async () => {
        await dataProvider.verifyMfa(code);
        onDone?.();
      });
    }
  };

  const codeField = (label: string, helper: string) => (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        label={label}
        helperText={helper}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputProps={{ inputMode: step.kind === 'verify' ? 'text' : 'numeric', 'aria-label': label }}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the code field is the step's one task: focus goes to it when the step appears
        autoFocus
        size="small"
        sx={{ minWidth: 220 }}
      />
      <Button type="submit" variant="contained" disabled={busy || code.trim().length < 6}>
        {busy ? 'Checking…' : step.kind === 'setup' ? 'Turn on' : 'Verify'}
      </Button>
    </Box>
  );

  let body;
  if (step.kind === 'loading') body = error ? null : <CircularProgress size={24} aria-label="Loading" />;
  else if (step.kind === 'verify') {
    body = (
      <>
        <Typography>Enter the 6-digit code from your authenticator app to open the admin console.</Typography>
        {codeField('Code', 'Lost your phone? Enter one of your recovery codes instead.')}
      </>
    );
  } else if (step.kind === 'setup') {
    body = (
      <>
        <Typography>
          1. Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).
        </Typography>
        <Box
          component="img"
          src={step.qr}
          alt="QR code for your authenticator app"
          sx={{ width: 200, height: 200, alignSelf: 'flex-start' }}
        />
        <Typography variant="body2">
          Or type this key in:{' '}
          <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {grouped(step.enrolment.secret)}
          </Box>
        </Typography>
        <Typography>2. Enter the 6-digit code the app shows.</Typography>
        {codeField('Code from the app', 'It changes every 30 seconds.')}
      </>
    );
  } else if (step.kind === 'codes') {
    body = (
      <>
        <Alert severity="success">Two-factor sign-in is on.</Alert>
        <Typography>
          Save these recovery codes somewhere safe. Each one works once if you lose your phone; they are shown only now.
        </Typography>
        <Box component="ul" aria-label="Recovery codes" sx={{ columns: 2, fontFamily: 'monospace', pl: 3, m: 0 }}>
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <SaveRecoveryCodes codes={step.codes} />
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => (mode === 'gate' ? onDone?.() : setStep({ kind: 'loading' }))}
        >
          I have saved them
        </Button>
      </>
    );
  } else {
    const s = step.status;
    body = s.enrolled ? (
      <Typography data-testid="mfa-status">
        Two-factor sign-in is on for your account.{' '}
        {lostPhoneAdvice(readSession(window.localStorage)?.user.role, s.recoveryCodesLeft)}
      </Typography>
    ) : (
      <>
        <Typography>
          {s.required
            ? 'This console needs two-factor sign-in: set up an authenticator app to continue.'
            : 'Protect your admin access with a second step: a code from an authenticator app on your phone.'}
        </Typography>
        <Button variant="contained" onClick={startSetup} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {busy ? 'Starting…' : 'Set up two-factor sign-in'}
        </Button>
      </>
    );
  }

  return (
    <Box
      component={mode === 'gate' ? 'main' : 'section'}
      sx={{ maxWidth: 560, mx: 'auto', mt: mode === 'gate' ? 8 : 2, px: 2 }}
    >
      <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h5" component="h1">
          Two-factor sign-in
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {body}
      </Paper>
    </Box>
  );
}
