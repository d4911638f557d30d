import { GUEST_LABEL, type DashboardActivity, type RecentUser } from '@inkprint/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type ListColumn, ListTable } from '../layout/ListTable';
import { ScrollTable } from '../layout/ScrollTable';
import { DateTimeText } from '../lib/DateTimeText';
import { formatDateTime, formatPercent, planName, words } from '../lib/format';
import { BIAS_EXPLANATION, latestOfKind } from './activity';

function Panel({
  title,
  id,
  note,
  noteId,
  children,
}: {
  title: string;
  id: string;
  note?: string;
  noteId?: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        <ScrollTable label={title}>{children}</ScrollTable>
        {note ? (
          <Typography variant="body2" color="text.secondary" id={noteId} sx={{ mt: 1 }}>
            {note}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Empty({ span, text }: { span: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={span}>
        <Typography color="text.secondary">{text}</Typography>
      </TableCell>
    </TableRow>
  );
}

export function RecentUsersTable({ rows }: { rows: RecentUser[] }) {
  return (
    <Panel title="Recent enrolments" id="recent-enrolments">
      {/* One line a row: on a phone the table scrolls sideways rather than stacking each date word by word. */}
      <ListTable
        aria-labelledby="recent-enrolments"
        sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
        columns={['Email', 'Role', 'Status', 'Plan', 'Created']}
      >
        {rows.length === 0 ? <Empty span={5} text="No accounts yet." /> : null}
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Link to={`/users/${encodeURIComponent(row.id)}`}>{row.email}</Link>
            </TableCell>
            <TableCell>{words(row.role)}</TableCell>
            <TableCell>{words(row.status)}</TableCell>
            <TableCell>{planName(row.planSlug)}</TableCell>
            <TableCell>{formatDateTime(row.createdAt)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </Panel>
  );
}

function ActivityAccount({ row }: { row: DashboardActivity }) {
  if (row.accountType === 'guest') return <Chip size="small" variant="outlined" label={GUEST_LABEL} />;
  const label = row.accountEmail ?? row.accountLabel;
  // An account that still exists opens its page; an erased one has only its history.
  return row.accountEmail && row.accountEmail !== '[erased]' ? (
    <Link to={`/users/${encodeURIComponent(row.accountId)}`}>{label}</Link>
  ) : (
    <>{label}</>
  );
}

const ACTIVITY_COLUMNS: readonly ListColumn[] = ['When', 'Account', 'Verdict', { label: 'AI %', align: 'right' }];

/** One run of the latest humanisations or detections: when, whose, the verdict, AI % and (detections) Bias %. */
function ActivityRow({ row, bias = false }: { row: DashboardActivity; bias?: boolean }) {
  return (
    <TableRow data-testid="activity-row" data-kind={row.kind}>
      <TableCell>
        <DateTimeText iso={row.createdAt} />
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <ActivityAccount row={row} />
      </TableCell>
      <TableCell>{row.verdict ?? '—'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatPercent(row.aiPercent)}
      </TableCell>
      {bias ? (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {formatBias(row.biasPercent)}
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** 'Latest humanisations' (spec §2): the ten latest rewrites; verdict and AI % are the detector's reading of the rewrite. */
export function LatestHumanisationsTable({ rows }: { rows: DashboardActivity[] }) {
  const shown = latestOfKind(rows, 'humanisation');
  return (
    <Panel
      title="Latest humanisations"
      id="latest-humanisations"
      note="Verdict and AI % are the detector's reading of the rewritten text."
    >
      <ListTable aria-labelledby="latest-humanisations" columns={ACTIVITY_COLUMNS}>
        {shown.length === 0 ? <Empty span={4} text="No humanisations yet." /> : null}
        {shown.map((row) => (
          <ActivityRow key={row.id} row={row} />
        ))}
      </ListTable>
    </Panel>
  );
}

/** 'Latest detections': the ten latest detections with AI % and Bias % (explained under the table). */
export function LatestDetectionsTable({ rows }: { rows: DashboardActivity[] }) {
  const shown = latestOfKind(rows, 'detection');
  return (
    <Panel title="Latest detections" id="latest-detections" note={BIAS_EXPLANATION} noteId="bias-explained">
      <ListTable
        aria-labelledby="latest-detections"
        aria-describedby="bias-explained"
        columns={[...ACTIVITY_COLUMNS, { label: 'Bias %', align: 'right' }]}
      >
        {shown.length === 0 ? <Empty span={5} text="No detections yet." /> : null}
        {shown.map((row) => (
          <ActivityRow key={row.id} row={row} bias />
        ))}
      </ListTable>
    </Panel>
  );
}

/** Signed, so the direction reads at a glance: '+4.2 %', '−3.9 %'. */
function formatBias(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return value > 0 ? `+${formatPercent(value)}` : value < 0 ? `−${formatPercent(-value)}` : formatPercent(value);
}
