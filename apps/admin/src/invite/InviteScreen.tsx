import type { Invite } from '@inkprint/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../lib/format';
import { INVITE_MESSAGES, serverMessage } from '../lib/messages';
import { theme } from '../layout/theme';
import type { AdminDataProvider } from '../providers/data-provider';
import { errorCode } from '../providers/http-client';
import {
  readSession,
  rememberRedirect,
  signInUrl,
  signUpUrl,
  writeUser,
  type SessionStorage,
} from '../providers/session';

type Lookup =
  { kind: 'missing' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; invite: Invite };

const inviteTheme = createTheme({ palette: { primary: { main: '#1f4e8c' } }, typography: theme.typography as object });

/** Lookup errors (spec §8): unknown or expired, a bad token, anything else. */
function lookupFailure(error: unknown): string {
  const code = errorCode(error);
  if (code === 'INVITE_NOT_FOUND') return INVITE_MESSAGES.notFound;
  if (code === 'VALIDATION_ERROR') return serverMessage(error) ?? INVITE_MESSAGES.notFound;
  return INVITE_MESSAGES.verifyFailed;
}

function acceptFailure(error: unknown): string {
  const code = errorCode(error);
  if (code === 'INVITE_NOT_FOUND') return INVITE_MESSAGES.notFound;
  if (code && ['INVITE_EMAIL_MISMATCH', 'INVITE_NOT_PENDING', 'ALREADY_ADMIN', 'ACCOUNT_DISABLED'].includes(code)) {
    return serverMessage(error) ?? INVITE_MESSAGES.acceptFailed;
  }
  return INVITE_MESSAGES.acceptFailed;
}

/**
 * `/admin/invite?token=` (spec §2 "Admin invite screen"): open to anyone. Shows 'Issued to' and 'Expires'; signed out
 * offers sign-in (coming back here); a different signed-in e-mail (case-insensitive) or a used invite gets a warning;
 * otherwise 'Accept admin access' ('Activating…'), then the console.
 */
export function InviteScreen({ dataProvider, storage }: { dataProvider: AdminDataProvider; storage: SessionStorage }) {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  // The answer for one token; the screen reads it only for the token in the address (another one is still loading).
  const [answer, setAnswer] = useState<{ token: string; lookup: Lookup } | null>(null);
  const lookup: Lookup = !token ? { kind: 'missing' } : answer?.token === token ? answer.lookup : { kind: 'loading' };
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const session = useMemo(() => readSession(storage), [storage]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    dataProvider.lookupInvite(token).then(
      ({ invite }) => live && setAnswer({ token, lookup: { kind: 'found', invite } }),
      (error) => live && setAnswer({ token, lookup: { kind: 'failed', message: lookupFailure(error) } }),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, token]);

  const here = `/admin/invite?token=${encodeURIComponent(token)}`;
  const invitedEmail = lookup.kind === 'found' ? lookup.invite.email : undefined;
  // Both come back here once signed in (sign-up after its code), with the invited address filled in (issue 43 item 5).
  const signIn = () => {
    rememberRedirect(storage, here);
    window.location.assign(signInUrl(here, invitedEmail));
  };
  const signUp = () => {
    rememberRedirect(storage, here);
    window.location.assign(signUpUrl(here, invitedEmail));
  };
  const accept = async () => {
    setAccepting(true);
    setAcceptError(null);
    try {
      const answer = await dataProvider.acceptInvite(token);
      writeUser(storage, answer.user);
      setAccepted(answer.message);
      window.setTimeout(() => window.location.assign('/admin'), 800);
    } catch (error) {
      setAcceptError(acceptFailure(error));
      setAccepting(false);
    }
  };

  let body;
  if (lookup.kind === 'missing') body = <Alert severity="error">{INVITE_MESSAGES.tokenMissing}</Alert>;
  else if (lookup.kind === 'loading') body = <Typography role="status">Checking your invitation…</Typography>;
  else if (lookup.kind === 'failed') body = <Alert severity="error">{lookup.message}</Alert>;
  else {
    const { invite } = lookup;
    const mismatch = !!session && session.user.email.trim().toLowerCase() !== invite.email.trim().toLowerCase();
    const pending = invite.status === 'pending';
    body = (
      <>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 3 }}
        >
          <Typography component="dt" color="text.secondary">
            Issued to
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="issued-to">
            {invite.email}
          </Typography>
          <Typography component="dt" color="text.secondary">
            Expires
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="expires">
            {formatDateTime(invite.expiresAt)}
          </Typography>
        </Box>
        {!pending ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {INVITE_MESSAGES.notPending}
          </Alert>
        ) : null}
        {pending && mismatch && session ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="mismatch">
            {INVITE_MESSAGES.mismatch(invite.email, session.user.email)}
          </Alert>
        ) : null}
        {acceptError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {acceptError}
          </Alert>
        ) : null}
        {accepted ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {accepted} Opening the admin console…
          </Alert>
        ) : null}
        {!session && pending ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button variant="contained" onClick={signIn}>
              Sign in to accept
            </Button>
            <Button variant="outlined" onClick={signUp}>
              Create an account
            </Button>
          </Box>
        ) : !session || (pending && mismatch) ? (
          <Button variant={session ? 'outlined' : 'contained'} onClick={signIn}>
            {session ? 'Sign in with the invited account' : 'Sign in to accept'}
          </Button>
        ) : pending && !accepted ? (
          <Button variant="contained" onClick={() => void accept()} disabled={accepting}>
            {accepting ? 'Activating…' : 'Accept admin access'}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <ThemeProvider theme={inviteTheme}>
      <CssBaseline />
      <Box
        component="main"
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'center',
          bgcolor: '#f5f6f8',
          px: 2,
          pt: { xs: 4, sm: 10 },
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 520 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="overline" component="p" color="text.secondary">
              Inkprint admin
            </Typography>
            <Typography variant="h5" component="h1" gutterBottom>
              Admin invitation
            </Typography>
            {body}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}
