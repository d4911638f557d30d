import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_KEY_SCOPES, type CreatedApiKey } from '@inkprint/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { SignInGate } from '../../../components/auth/SignInGate';
import { PageHeader } from '../../../components/ui/PageHeader';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePlanLimits } from '../../../lib/plan-limits';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import {
  curlExample,
  draftErrors,
  draftRequest,
  emptyDraft,
  maxDailyCap,
  planHasApiKeys,
  SCOPE_LABELS,
  type ApiKeyDraft,
} from '../api-key-form';
import { ApiKeyRows } from './ApiKeyRows';
import { CopyKeyButton } from './CopyKeyButton';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** The key just created: shown once, with a copy button and a curl line to try it. */
function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const base = env.apiBase || window.location.origin;
  const command = curlExample(base, created.key);
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }} data-testid="new-key">
      <Typography sx={{ fontWeight: 700 }}>
        Key “{created.name}” created. Copy it now: you will not see it again.
      </Typography>
      <Box
        component="code"
        data-testid="new-key-value"
        sx={{
          ...mono,
          display: 'block',
          my: 1.5,
          p: 1.5,
          bgcolor: 'background.paper',
          borderRadius: 1,
          wordBreak: 'break-all',
        }}
      >
        {created.key}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <CopyKeyButton text={created.key} label="Copy key" />
        <Button onClick={onDone}>I have saved it</Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }} id="curl-example-label">
        Try it:
      </Typography>
      <Box
        component="pre"
        aria-labelledby="curl-example-label"
        data-testid="curl-example"
        sx={{
          ...mono,
          fontSize: 13,
          m: 0,
          mt: 0.5,
          p: 1.5,
          bgcolor: 'background.paper',
          borderRadius: 1,
          // The key line wraps at any width rather than running off the edge (issue 43 item 7).
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {command}
      </Box>
      <Box sx={{ mt: 1 }}>
        <CopyKeyButton text={command} label="Copy command" variant="outlined" />
      </Box>
    </Alert>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { plan } = usePlanLimits();
  const create = useCreateApiKey();
  const [draft, setDraft] = useState<ApiKeyDraft>(emptyDraft);
  const [touched, setTouched] = useState(false);
  const errors = touched ? draftErrors(draft, plan) : {};
  const serverError = create.error instanceof ApiError ? create.error.message : create.error ? 'Request failed' : null;
  const max = maxDailyCap(plan);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(draftErrors(draft, plan)).length > 0) return;
    const created = await create.mutateAsync(draftRequest(draft)).catch(() => null);
    if (!created) return;
    setDraft(emptyDraft());
    setTouched(false);
    onCreated(created);
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      noValidate
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-label="New API key"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        New key
      </Typography>
      <Stack spacing={2.5}>
        <TextField
          label="Name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'Where the key is used, e.g. "Grading script".'}
          slotProps={{ htmlInput: { maxLength: 80 } }}
          fullWidth
        />
        <FormControl error={Boolean(errors.scopes)} component="fieldset">
          <FormLabel component="legend">Scopes</FormLabel>
          <FormGroup row>
            {API_KEY_SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                control={
                  <Checkbox
                    checked={draft.scopes.includes(scope)}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        scopes: e.target.checked ? [...draft.scopes, scope] : draft.scopes.filter((s) => s !== scope),
                      })
                    }
                  />
                }
                label={
                  <span>
                    {SCOPE_LABELS[scope].label}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {SCOPE_LABELS[scope].hint}
                    </Typography>
                  </span>
                }
              />
            ))}
          </FormGroup>
          {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
        </FormControl>
        <TextField
          label="Daily cap (optional)"
          value={draft.dailyCap}
          onChange={(e) => setDraft({ ...draft, dailyCap: e.target.value.replace(/[^\d]/g, '') })}
          error={Boolean(errors.dailyCap)}
          helperText={
            errors.dailyCap ??
            (max === null
              ? 'Requests per tool per day for this key. Empty: no cap of its own.'
              : `Requests per tool per day for this key, 1 to ${max}. Empty: your plan's ${max}.`)
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          sx={{ maxWidth: 420 }}
        />
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** `/account/api-keys`: create, name and revoke API keys (issue 29; Basic, Pro and Enterprise). */
export default function ApiKeysPage() {
  useDocumentTitle('API keys');
  const { session } = useAuth();
  const { plan } = usePlanLimits();
  const allowed = planHasApiKeys(plan);
  const keys = useApiKeys(Boolean(session) && allowed);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <>
      <PageHeader eyebrow="Developers" title="API keys">
        Call the detector and the humaniser from your own tools with{' '}
        <Box component="code" sx={mono}>
          Authorization: Bearer ink_…
        </Box>
        . Requests count against your plan's daily limit.
      </PageHeader>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Stack spacing={3}>
          <SignInGate prompt="Sign in to manage your API keys.">
            {() =>
              !plan ? (
                <Typography color="text.secondary">Loading your plan…</Typography>
              ) : !allowed ? (
                <Alert
                  severity="info"
                  action={
                    <Button component={RouterLink} to={{ pathname: paths.home, hash: '#pricing' }}>
                      See plans
                    </Button>
                  }
                >
                  API keys come with the Basic, Pro and Enterprise plans. Upgrade to create one.
                </Alert>
              ) : (
                <>
                  {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
                  <CreateKeyForm onCreated={setCreated} />
                  <Box>
                    <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                      Your keys
                    </Typography>
                    <ApiKeyRows query={keys} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    Keys are stored only as a hash: a lost key cannot be shown again, revoke it and create another. See
                    the <a href={paths.apiDocs}>API reference</a> for every route.
                  </Typography>
                </>
              )
            }
          </SignInGate>
        </Stack>
      </Container>
    </>
  );
}
