import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SignInGate } from '../../../components/auth/SignInGate';
import { PageHeader } from '../../../components/ui/PageHeader';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePlanLimits } from '../../../lib/plan-limits';
import { useForgotPassword } from '../api/forgot-password';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A label and its value: side by side from 600 px, the value under its label on a phone (long e-mails wrap). */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box
      component="div"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px minmax(0, 1fr)' }, gap: { xs: 0, sm: 2 } }}
    >
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 650, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The password is changed through a reset link sent to the account's address: the API's only way to set a new
 * password (`POST /auth/forgot-password`, then `/reset-password`), which also proves the mailbox is still the user's.
 */
function ChangePassword({ email }: { email: string }) {
  const send = useForgotPassword();
  return (
    <Panel id="account-password" title="Password">
      <Typography variant="body2" color="text.secondary">
        To change your password, we e-mail a link to {email}; it opens a page where you choose a new one.
      </Typography>
      <div role="status" aria-live="polite">
        {send.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }}>
            We sent a reset link to {email}. Please check spam/junk if you do not see it.
          </Alert>
        )}
        {send.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(send.error, 'Unable to send reset email. Please try again.')}
          </Alert>
        )}
      </div>
      <Button
        variant="outlined"
        sx={{ mt: 2 }}
        aria-disabled={send.isPending || undefined}
        onClick={() => !send.isPending && send.mutate({ email })}
      >
        {send.isPending ? 'Sending…' : send.isSuccess ? 'Send the link again' : 'Send reset link'}
      </Button>
    </Panel>
  );
}

/**
 * `/account` (issue 43 item 7): the signed-in user's profile (name, e-mail), plan and today's usage, a password
 * change by e-mailed link, and sign out; reached from 'Hi, {name}' in the top bar. `usage` is the demo's meters,
 * handed in by the route (features do not import each other).
 */
export default function AccountPage({ usage }: { usage?: ReactNode }) {
  useDocumentTitle('Your account');
  const { signOut } = useAuth();
  const { plan } = usePlanLimits();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
      // Spec §2: after sign-out from a page other than home, go to /.
      navigate(paths.home);
    }
  };

  return (
    <>
      <PageHeader eyebrow="Account" title="Your account">
        Your profile, your plan and what you have used today.
      </PageHeader>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <SignInGate prompt="Sign in to see your account.">
          {(session) => (
            <Stack spacing={3}>
              <Panel id="account-profile" title="Profile">
                <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
                  <Field label="Name" testId="account-name">
                    {session.user.name || '—'}
                  </Field>
                  <Field label="E-mail" testId="account-email">
                    {session.user.email}
                  </Field>
                </Stack>
              </Panel>
              <Panel id="account-plan" title="Plan and usage">
                <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
                  <Field label="Plan" testId="account-plan-name">
                    {plan ? plan.name : 'Loading…'}
                  </Field>
                </Stack>
                {usage}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
                  <Button component={RouterLink} to={paths.home} state={{ scrollTo: 'pricing' }} variant="outlined">
                    See plans
                  </Button>
                  <Button component={RouterLink} to={paths.apiKeys}>
                    API keys
                  </Button>
                </Stack>
              </Panel>
              <ChangePassword email={session.user.email} />
              <Panel id="account-session" title="Sign out">
                <Typography variant="body2" color="text.secondary">
                  Signed in as {session.user.email} in this browser.
                </Typography>
                <Button
                  variant="contained"
                  sx={{ mt: 2 }}
                  aria-disabled={signingOut || undefined}
                  onClick={() => void onSignOut()}
                >
                  {signingOut ? 'Signing out…' : 'Sign out'}
                </Button>
              </Panel>
            </Stack>
          )}
        </SignInGate>
      </Container>
    </>
  );
}
