import type { AdminUser } from '@inkprint/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ScrollTable } from '../layout/ScrollTable';
import { AccountApiKeys } from '../users/AccountApiKeys';
import { formatDateTime } from '../lib/format';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';
import { actorLabel, describeEvent, EVENT_KINDS, kindTypes, type EventKind } from './describe';

const PAGE = 50;

/**
 * The audit timeline of one account (every event of its streams and its tool runs, newest first): time, actor (by
 * e-mail, as the API names it), a readable sentence; the kind filter asks the API for those event types only (filtered
 * and paged server-side), 'Load older events' pages back within it. An erased account shows its history with
 * its personal data gone ('[erased]').
 */
export function AccountTimeline() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const [kind, setKind] = useState<EventKind>('all');

  const account = useQuery({
    queryKey: ['admin', 'account', id],
    queryFn: () => dataProvider.getOne<AdminUser>('users', { id }),
    retry: false,
  });
  const timeline = useInfiniteQuery({
    queryKey: ['admin', 'timeline', id, kind],
    queryFn: ({ pageParam }) =>
      dataProvider.getTimeline(id, { before: pageParam, limit: PAGE, kinds: kindTypes(kind) }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
  const { failed } = toast;
  useEffect(() => {
    if (timeline.isError) failed('timeline', timeline.error);
  }, [timeline.isError, timeline.error, failed]);

  const events = useMemo(() => timeline.data?.pages.flatMap((page) => page.events) ?? [], [timeline.data]);
  // An erased account has left the directory (getOne fails) but keeps its history, whatever the kind shown.
  const erased =
    events.some((event) => event.type === 'AccountErased') ||
    ((account.error as { status?: number } | null)?.status === 404 && timeline.isSuccess);
  const email = account.data?.data.email;
  const heading = erased ? 'Erased account' : (email ?? 'Account');

  return (
    <Box component="section" sx={{ mt: 2, mb: 4 }}>
      <Title title="Audit timeline" />
      <Button component={Link} to="/users" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Back to users
      </Button>
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        Audit timeline: {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Account {id}
        {account.data
          ? ` · ${account.data.data.role.replace('_', ' ')} · ${account.data.data.status.replace('_', ' ')}`
          : ''}
      </Typography>
      {erased ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This account was erased at its owner&apos;s request: the history stays, the name and e-mail address are gone.
        </Alert>
      ) : null}
      {erased ? null : <AccountApiKeys accountId={id} />}
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, mb: 2 }}>
            <TextField
              select
              size="small"
              label="Kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as EventKind)}
              sx={{ minWidth: 240 }}
            >
              {Object.entries(EVENT_KINDS).map(([value, { label }]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary" data-testid="timeline-count">
              {timeline.isPending
                ? 'Loading…'
                : `${events.length} event${events.length === 1 ? '' : 's'} loaded${kind === 'all' ? '' : ` (${EVENT_KINDS[kind].label})`}`}
              {timeline.hasNextPage ? ' (older events not loaded yet)' : ''}
            </Typography>
          </Stack>
          {timeline.isError ? <Alert severity="error">Unable to load the audit timeline.</Alert> : null}
          <ScrollTable label="Audit timeline">
            <Table size="small" aria-label="Audit timeline">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Time</TableCell>
                  <TableCell>Actor</TableCell>
                  <TableCell>What happened</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {!timeline.isPending && events.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3}>No events of this kind.</TableCell>
                  </TableRow>
                ) : null}
                {events.map((event) => {
                  const actor = actorLabel(event.actor, id);
                  return (
                    <TableRow key={event.position} data-testid="timeline-row" data-type={event.type}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{actor}</TableCell>
                      <TableCell>{describeEvent(event, actor)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollTable>
          {timeline.hasNextPage ? (
            <Box sx={{ mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => void timeline.fetchNextPage()}
                disabled={timeline.isFetchingNextPage}
              >
                {timeline.isFetchingNextPage ? 'Loading…' : 'Load older events'}
              </Button>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
