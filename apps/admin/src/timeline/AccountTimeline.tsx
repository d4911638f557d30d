import type { TimelineEvent } from '@inkprint/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { ListTable } from '../layout/ListTable';
import { ScrollTable } from '../layout/ScrollTable';
import { DateTimeText } from '../lib/DateTimeText';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';
import { actorLabel, describeEvent, EVENT_KINDS, kindTypes, type EventKind } from './describe';

const PAGE = 50;

/** An e-mail in a narrow column breaks after its '@' ('root@' / 'inkprint.test'), not in the middle of a word. */
function BreakAfterAt({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

/** One account's timeline, newest first, of the kind chosen (filtered and paged server-side). */
export function useAccountTimeline(id: string) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const [kind, setKind] = useState<EventKind>('all');
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
  const events: TimelineEvent[] = useMemo(
    () => timeline.data?.pages.flatMap((page) => page.events) ?? [],
    [timeline.data],
  );
  return { kind, setKind, timeline, events };
}

/**
 * The audit timeline of one account (every event of its streams and its tool runs, newest first): time, actor (by
 * e-mail, as the API names it), a readable sentence; the kind filter asks the API for those event types only,
 * 'Load older events' pages back within it. The time takes two lines and long actors wrap, so the sentence keeps
 * the width; on a phone each event is a block of its own.
 */
export function AccountTimelinePanel({ id, state }: { id: string; state: ReturnType<typeof useAccountTimeline> }) {
  const { kind, setKind, timeline, events } = state;
  // On a phone one entry a block (time and actor over the sentence): three columns left the sentence a sliver.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Card variant="outlined" component="section" aria-labelledby="timeline-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="timeline-title" sx={{ mb: 1 }}>
          Audit timeline
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, mb: 2 }}>
          <TextField
            select
            size="small"
            label="Kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as EventKind)}
            sx={{ width: { xs: '100%', sm: 280 }, flexShrink: 0 }}
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
        {phone ? (
          <Box component="ol" aria-label="Audit timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {!timeline.isPending && events.length === 0 ? (
              <Typography component="li">No events of this kind.</Typography>
            ) : null}
            {events.map((event) => {
              const actor = actorLabel(event.actor, id);
              return (
                <Box
                  component="li"
                  key={event.position}
                  data-testid="timeline-row"
                  data-type={event.type}
                  sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
                >
                  <Typography variant="body2" color="text.secondary">
                    <DateTimeText iso={event.at} /> · {actor}
                  </Typography>
                  <Typography variant="body2">{describeEvent(event, actor)}</Typography>
                </Box>
              );
            })}
          </Box>
        ) : (
          <ScrollTable label="Audit timeline">
            <ListTable
              aria-label="Audit timeline"
              columns={[
                { label: 'Time', sx: { width: 130 } },
                { label: 'Actor', sx: { width: '24%' } },
                'What happened',
              ]}
            >
              {!timeline.isPending && events.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>No events of this kind.</TableCell>
                </TableRow>
              ) : null}
              {events.map((event) => {
                const actor = actorLabel(event.actor, id);
                return (
                  <TableRow key={event.position} data-testid="timeline-row" data-type={event.type}>
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <DateTimeText iso={event.at} />
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                      <BreakAfterAt text={actor} />
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                      {describeEvent(event, actor)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </ListTable>
          </ScrollTable>
        )}
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
  );
}
