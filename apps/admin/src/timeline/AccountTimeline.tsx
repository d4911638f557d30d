import type { AdminListItem, AdminUser, TimelineEvent } from '@inkprint/contracts';
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
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Title, useDataProvider, usePermissions } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../lib/format';
import { useToast } from '../lib/toast';
import { canManageAdmins } from '../providers/auth-provider';
import type { AdminDataProvider } from '../providers/data-provider';
import { actorLabel, describeEvent, eventKind, EVENT_KINDS, type EventKind } from './describe';

const PAGE = 50;

/** E-mails of the admins and accounts that acted on this account (the timeline carries actor ids only). */
function useActorEmails(accountId: string, events: TimelineEvent[]): Map<string, string> {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions();
  const ids = useMemo(
    () =>
      [
        ...new Set(events.filter((e) => e.actor.type !== 'system' && e.actor.id !== accountId).map((e) => e.actor.id)),
      ].sort(),
    [events, accountId],
  );
  const team = useQuery({
    queryKey: ['admin', 'team-emails'],
    queryFn: () =>
      dataProvider.getList<AdminListItem>('admins', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'createdAt', order: 'ASC' },
        filter: {},
      }),
    enabled: canManageAdmins(permissions) && ids.length > 0,
  });
  const known = new Set((team.data?.data ?? []).map((a) => a.id));
  const rest = ids.filter((id) => !known.has(id));
  // Former admins and, for a plain admin, every actor: found in the directory (getMany walks it).
  const others = useQuery({
    queryKey: ['admin', 'actor-emails', rest],
    queryFn: () => dataProvider.getMany<AdminUser>('users', { ids: rest }).catch(() => ({ data: [] as AdminUser[] })),
    enabled: rest.length > 0 && (!canManageAdmins(permissions) || team.isFetched),
  });
  return useMemo(() => {
    const map = new Map<string, string>();
    for (const admin of team.data?.data ?? []) map.set(admin.id, admin.email);
    for (const user of others.data?.data ?? []) map.set(user.id, user.email);
    return map;
  }, [team.data, others.data]);
}

/**
 * The audit timeline of one account (every event of its streams, newest first): time, actor, a readable sentence;
 * filterable by kind over the pages loaded, 'Load older events' pages back. An erased account shows its history with
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
    queryKey: ['admin', 'timeline', id],
    queryFn: ({ pageParam }) => dataProvider.getTimeline(id, { before: pageParam, limit: PAGE }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
  const { failed } = toast;
  useEffect(() => {
    if (timeline.isError) failed('timeline', timeline.error);
  }, [timeline.isError, timeline.error, failed]);

  const events = useMemo(() => timeline.data?.pages.flatMap((page) => page.events) ?? [], [timeline.data]);
  const emails = useActorEmails(id, events);
  const shown = kind === 'all' ? events : events.filter((event) => eventKind(event.type) === kind);
  const erased = events.some((event) => event.type === 'AccountErased');
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
              {Object.entries(EVENT_KINDS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary" data-testid="timeline-count">
              {timeline.isPending ? 'Loading…' : `${shown.length} of ${events.length} events loaded`}
              {timeline.hasNextPage ? ' (older events not loaded yet)' : ''}
            </Typography>
          </Stack>
          {timeline.isError ? <Alert severity="error">Unable to load the audit timeline.</Alert> : null}
          <TableContainer>
            <Table size="small" aria-label="Audit timeline">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Time</TableCell>
                  <TableCell>Actor</TableCell>
                  <TableCell>What happened</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {!timeline.isPending && shown.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3}>No events of this kind.</TableCell>
                  </TableRow>
                ) : null}
                {shown.map((event) => {
                  const actor = actorLabel(event.actor, id, emails);
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
          </TableContainer>
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
