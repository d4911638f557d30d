import type { DashboardSummary } from '@inkprint/contracts';
import RefreshIcon from '@mui/icons-material/Refresh';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Title, useDataProvider, useRefresh } from 'react-admin';
import { ADMIN_ERRORS } from '../lib/messages';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';
import { writeUser } from '../providers/session';
import { DailyUsageChart } from './DailyUsageChart';
import { PipelineHealth } from './PipelineHealth';
import { LatestDetectionsTable, LatestHumanisationsTable, RecentUsersTable } from './tables';

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={`summary-${label}`}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Summary({ summary }: { summary: DashboardSummary }) {
  const { totals, subscriptions } = summary;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <SummaryCard label="Total accounts" value={totals.users} />
        <SummaryCard label="Active users" value={totals.activeUsers} />
        <SummaryCard label="Pending verification" value={totals.pendingUsers} />
        <SummaryCard label="Admin accounts" value={totals.admins} />
      </Box>
      <Typography sx={{ mt: 2 }} data-testid="paid-plans">
        <strong>Active paid plans:</strong> Basic {subscriptions.basic} · Pro {subscriptions.pro} · Enterprise{' '}
        {subscriptions.enterprise}
      </Typography>
    </>
  );
}

/**
 * The control center (spec §2 "Admin page"): header actions, summary cards, paid plans, the 14-day chart, the two
 * recent tables.
 */
export function Dashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const toast = useToast();
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => dataProvider.getDashboard(),
    retry: false,
  });
  const sync = useMutation({
    mutationFn: () => dataProvider.getProfile(),
    onSuccess: ({ user }) => {
      writeUser(window.localStorage, user);
      refresh();
      toast.show('success', 'Profile synced', `Signed in as ${user.email} (${user.role.replace('_', ' ')}).`);
    },
    onError: (error) => toast.failed('profile', error),
  });
  const { failed } = toast;
  useEffect(() => {
    if (dashboard.isError) failed('dashboard', dashboard.error);
  }, [dashboard.isError, dashboard.error, failed]);

  return (
    <Box component="section" sx={{ mt: 2, mb: 4 }}>
      <Title title="Control center" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 1, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          Admin control center
        </Typography>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button variant="outlined" startIcon={<SyncIcon />} onClick={() => sync.mutate()} disabled={sync.isPending}>
            Sync profile
          </Button>
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            onClick={() => {
              void dashboard.refetch();
              void queryClient.invalidateQueries({ queryKey: ['admin', 'daily-usage'] });
            }}
            disabled={dashboard.isFetching}
          >
            Refresh data
          </Button>
        </Stack>
      </Stack>
      {dashboard.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {ADMIN_ERRORS.dashboard.message}
        </Alert>
      ) : null}
      {dashboard.data ? (
        <Stack sx={{ gap: 3 }}>
          <Summary summary={dashboard.data} />
          <DailyUsageChart />
          <RecentUsersTable rows={dashboard.data.recentUsers} />
          <LatestHumanisationsTable rows={dashboard.data.recentActivity} />
          <LatestDetectionsTable rows={dashboard.data.recentActivity} />
          <PipelineHealth />
        </Stack>
      ) : dashboard.isPending ? (
        <Typography role="status">Loading dashboard…</Typography>
      ) : null}
    </Box>
  );
}
