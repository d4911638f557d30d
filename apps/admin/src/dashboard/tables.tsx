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
import { ScrollTable } from '../layout/ScrollTable';
import { formatDateTime, formatPercent, planName, words } from '../lib/format';

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        <ScrollTable label={title}>{children}</ScrollTable>
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
      <Table size="small" aria-labelledby="recent-enrolments">
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.email}</TableCell>
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

export function RecentActivityTable({ rows }: { rows: DashboardActivity[] }) {
  return (
    <Panel title="Latest humanisations" id="latest-humanisations">
      <Table size="small" aria-labelledby="latest-humanisations">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Account</TableCell>
            <TableCell>Verdict</TableCell>
            <TableCell align="right">AI %</TableCell>
            <TableCell align="right">Bias %</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? <Empty span={6} text="No detections yet." /> : null}
          {rows.slice(0, 10).map((row) => (
            <TableRow key={row.id} data-testid="activity-row" data-kind={row.kind}>
              <TableCell>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={row.kind === 'humanisation' ? 'Humanisation' : 'Detection'}
                  color={row.kind === 'humanisation' ? 'primary' : 'default'}
                  variant="outlined"
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.accountType === 'guest' ? (
                  <Chip size="small" variant="outlined" label={GUEST_LABEL} />
                ) : (
                  (row.accountEmail ?? row.accountLabel)
                )}
              </TableCell>
              <TableCell>{row.verdict ?? '—'}</TableCell>
              <TableCell align="right">{formatPercent(row.aiPercent)}</TableCell>
              <TableCell align="right">{formatPercent(row.biasPercent)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}
