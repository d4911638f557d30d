import type { ApiKey } from '@inkprint/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Confirm, useDataProvider } from 'react-admin';
import { ListTable } from '../layout/ListTable';
import { ScrollTable } from '../layout/ScrollTable';
import { DateTimeText } from '../lib/DateTimeText';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {apiKey.scopes.map((scope) => (
        <Chip key={scope} size="small" label={scope} />
      ))}
    </Stack>
  );
}

function KeyState({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return apiKey.revokedAt ? (
    <>
      Revoked <DateTimeText iso={apiKey.revokedAt} />
    </>
  ) : (
    <Button
      size="small"
      color="error"
      variant="outlined"
      onClick={() => onRevoke(apiKey)}
      aria-label={`Revoke API key ${apiKey.name}`}
    >
      Revoke
    </Button>
  );
}

/** Below 900 px one card per key, every field labelled, nothing to scroll sideways (issue 43 item 7). */
function KeyCards({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const field = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr)', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="API keys">
      {keys.map((key) => (
        <Box
          component="li"
          key={key.id}
          data-testid="api-key-card"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{key.name}</Typography>
          <Typography variant="caption" color="text.secondary" display="block" sx={{ overflowWrap: 'anywhere' }}>
            {key.id}
          </Typography>
          <Stack component="dl" spacing={0.75} sx={{ mt: 1, mb: 0 }}>
            {field('Scopes', <Scopes apiKey={key} />)}
            {field('Daily cap', key.dailyCap ?? "plan's limit")}
            {field('Created', <DateTimeText iso={key.createdAt} />)}
            {field('Last used', <DateTimeText iso={key.lastUsedAt} empty="never" />)}
            {field('Uses', key.uses)}
          </Stack>
          <Box sx={{ mt: 1 }} data-testid="api-key-state">
            <KeyState apiKey={key} onRevoke={onRevoke} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * An account's API keys (issue 29) on its page: name, scopes, cap, created, last use and uses, state; a live key can
 * be revoked after a confirmation (the timeline then says "revoked by an admin"). Keys themselves are never shown.
 */
export function AccountApiKeys({ accountId }: { accountId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  // The seven columns need the width of a desktop beside the menu: cards below 900 px, like the web's batch table.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const keys = useQuery({
    queryKey: ['admin', 'api-keys', accountId],
    queryFn: () => dataProvider.listApiKeys(accountId),
    retry: false,
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => dataProvider.revokeApiKey(accountId, key.id),
    onSuccess: (key) => {
      toast.succeeded(`API key "${key.name}" revoked.`);
      void client.invalidateQueries({ queryKey: ['admin', 'api-keys', accountId] });
      void client.invalidateQueries({ queryKey: ['admin', 'timeline', accountId] });
    },
    onError: (error) => toast.failed('apiKeyRevoke', error),
    onSettled: () => setConfirming(null),
  });
  // An erased or unknown account has no keys to show (the timeline says why).
  if ((keys.error as { status?: number } | null)?.status === 404) return null;

  return (
    <Card variant="outlined" component="section" aria-labelledby="api-keys-title" data-testid="account-api-keys">
      <CardContent>
        <Typography variant="h6" component="h2" id="api-keys-title" sx={{ mb: 1 }}>
          API keys
        </Typography>
        {keys.isError ? <Alert severity="error">Unable to load API keys.</Alert> : null}
        {keys.isPending ? <Typography color="text.secondary">Loading…</Typography> : null}
        {keys.data && keys.data.length === 0 ? (
          <Typography color="text.secondary">This account has no API keys.</Typography>
        ) : null}
        {keys.data && keys.data.length > 0 && narrow ? <KeyCards keys={keys.data} onRevoke={setConfirming} /> : null}
        {keys.data && keys.data.length > 0 && !narrow ? (
          <ScrollTable label="API keys">
            <ListTable
              aria-label="API keys"
              columns={['Name', 'Scopes', 'Daily cap', 'Created', 'Last used', 'Uses', 'State']}
            >
              {keys.data.map((key) => (
                <TableRow key={key.id} data-testid="api-key-row">
                  <TableCell sx={{ minWidth: 140 }}>
                    {key.name}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      display="block"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {key.id}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Scopes apiKey={key} />
                  </TableCell>
                  <TableCell>{key.dailyCap ?? "plan's limit"}</TableCell>
                  <TableCell>
                    <DateTimeText iso={key.createdAt} />
                  </TableCell>
                  <TableCell>
                    <DateTimeText iso={key.lastUsedAt} empty="never" />
                  </TableCell>
                  <TableCell>{key.uses}</TableCell>
                  <TableCell data-testid="api-key-state">
                    <KeyState apiKey={key} onRevoke={setConfirming} />
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          </ScrollTable>
        ) : null}
        <Confirm
          isOpen={confirming !== null}
          loading={revoke.isPending}
          title="Revoke API key"
          content={`"${confirming?.name ?? ''}" stops working at once. The owner sees it as revoked.`}
          confirm="Revoke"
          onConfirm={() => confirming && revoke.mutate(confirming)}
          onClose={() => setConfirming(null)}
        />
      </CardContent>
    </Card>
  );
}
