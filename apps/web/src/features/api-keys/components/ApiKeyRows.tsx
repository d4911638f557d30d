import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiKey, ApiKeyList } from '@inkprint/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useRevokeApiKey } from '../api/revoke-api-key';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : 'never';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <Paper variant="outlined" sx={{ p: 2, opacity: revoked ? 0.7 : 1 }} data-testid="api-key-row">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{apiKey.name}</Typography>
            {revoked ? <Chip size="small" label="Revoked" /> : <Chip size="small" color="success" label="Active" />}
          </Stack>
          <Stack direction="row" spacing={0.75} sx={{ mt: 1 }} useFlexGap flexWrap="wrap">
            {apiKey.scopes.map((scope) => (
              <Chip key={scope} size="small" variant="outlined" label={scope} />
            ))}
            <Chip
              size="small"
              variant="outlined"
              label={apiKey.dailyCap === null ? "Plan's daily limit" : `Cap ${apiKey.dailyCap} a day`}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Created {when(apiKey.createdAt)} · Last used {when(apiKey.lastUsedAt)} · {apiKey.uses}{' '}
            {apiKey.uses === 1 ? 'use' : 'uses'}
            {revoked ? ` · Revoked ${when(apiKey.revokedAt)}` : ''}
          </Typography>
        </Box>
        {!revoked && (
          <Button
            color="error"
            variant="outlined"
            onClick={() => onRevoke(apiKey)}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The account's keys (newest first) with a confirmed Revoke on each live one. */
export function ApiKeyRows({ query }: { query: UseQueryResult<ApiKeyList> }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  if (query.isPending) return <Typography color="text.secondary">Loading your keys…</Typography>;
  if (query.isError) return <Alert severity="error">Unable to load your API keys.</Alert>;
  const keys = query.data.apiKeys;
  return (
    <>
      {keys.length === 0 ? (
        <Typography color="text.secondary">No keys yet.</Typography>
      ) : (
        <Stack spacing={1.5}>
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={setConfirming} />
          ))}
        </Stack>
      )}
      {revoke.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {revoke.error instanceof ApiError ? revoke.error.message : 'Unable to revoke the key.'}
        </Alert>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="revoke-key-title">
        <DialogTitle id="revoke-key-title">Revoke “{confirming?.name}”?</DialogTitle>
        <DialogContent>
          <Typography>Requests with this key are refused from now on. This cannot be undone.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={revoke.isPending}
            onClick={async () => {
              if (!confirming) return;
              await revoke.mutateAsync(confirming.id).catch(() => undefined);
              setConfirming(null);
            }}
          >
            Revoke key
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
