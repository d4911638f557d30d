import { GUEST_LABEL, type DashboardActivity, type RecentUser } from '@inkprint/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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
      <Table size="small" aria-labelledby="recent-enrolments" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Plan</TableCell>
            <TableCell>Created</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
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
        </TableBody>
      </Table>
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

/** 'Latest humanisations' (spec §2): the ten latest rewrites; verdict and AI % are the detector's reading of the rewrite. */
export function LatestHumanisationsTable({ rows }: { rows: DashboardActivity[] }) {
  const shown = latestOfKind(rows, 'humanisation');
  return (
    <Panel
      title="Latest humanisations"
      id="latest-humanisations"
      note="Verdict and AI % are the detector's reading of the rewritten text."
    >
      <Table size="small" aria-labelledby="latest-humanisations">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Account</TableCell>
            <TableCell>Verdict</TableCell>
            <TableCell align="right">AI %</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.length === 0 ? <Empty span={4} text="No humanisations yet." /> : null}
          {shown.map((row) => (
            <TableRow key={row.id} data-testid="activity-row" data-kind={row.kind}>
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
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}

/** 'Latest detections': the ten latest detections with AI % and Bias % (explained under the table). */
export function LatestDetectionsTable({ rows }: { rows: DashboardActivity[] }) {
  const shown = latestOfKind(rows, 'detection');
  return (
    <Panel title="Latest detections" id="latest-detections" note={BIAS_EXPLANATION} noteId="bias-explained">
      <Table size="small" aria-labelledby="latest-detections" aria-describedby="bias-explained">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Account</TableCell>
            <TableCell>Verdict</TableCell>
            <TableCell align="right">AI %</TableCell>
            <TableCell align="right">Bias %</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.length === 0 ? <Empty span={5} text="No detections yet." /> : null}
          {shown.map((row) => (
            <TableRow key={row.id} data-testid="activity-row" data-kind={row.kind}>
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
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatBias(row.biasPercent)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}

/** Signed, so the direction reads at a glance: '+4.2 %', '−3.9 %'. */
function formatBias(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return value > 0 ? `+${formatPercent(value)}` : value < 0 ? `−${formatPercent(-value)}` : formatPercent(value);
}
