import type { ApiKey } from '@inkprint/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider } from 'react-admin';
import { ScrollTable } from '../layout/ScrollTable';
import { DateTimeText } from '../lib/DateTimeText';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';

/**
 * An account's API keys (issue 29) on its page: name, scopes, cap, created, last use and uses, state; a live key can
 * be revoked after a confirmation (the timeline then says "revoked by an admin"). Keys themselves are never shown.
 */
export function AccountApiKeys({ accountId }: { accountId: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
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
        {keys.data && keys.data.length > 0 ? (
          <ScrollTable label="API keys">
            <Table size="small" aria-label="API keys">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Scopes</TableCell>
                  <TableCell>Daily cap</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell>Uses</TableCell>
                  <TableCell>State</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
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
                      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                        {key.scopes.map((scope) => (
                          <Chip key={scope} size="small" label={scope} />
                        ))}
                      </Stack>
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
                      {key.revokedAt ? (
                        <>
                          Revoked <DateTimeText iso={key.revokedAt} />
                        </>
                      ) : (
                        <Button
                          size="small"
                          color="error"
                          variant="outlined"
                          onClick={() => setConfirming(key)}
                          aria-label={`Revoke API key ${key.name}`}
                        >
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
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
