import type { AdminUser } from '@inkprint/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useDataProvider, usePermissions } from 'react-admin';
import { Link, Navigate, useParams } from 'react-router-dom';
import { DateTimeText } from '../lib/DateTimeText';
import { words } from '../lib/format';
import { canManageAdmins } from '../providers/auth-provider';
import type { AdminDataProvider } from '../providers/data-provider';
import { AccountTimelinePanel, useAccountTimeline } from '../timeline/AccountTimeline';
import { AccountApiKeys } from './AccountApiKeys';
import { PlanControl } from './PlanControl';
import { RevokeAdminButton } from './RevokeAdminButton';
import { StatusControl } from './StatusControl';

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { sm: 'span 2' } : undefined }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, mt: 0.5, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** The account's facts and the commands on it (status, plan, and for the super admin 'Revoke admin'). */
function AccountFacts({ user }: { user: AdminUser }) {
  const { permissions } = usePermissions();
  return (
    <Card variant="outlined" component="section" aria-labelledby="account-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="account-title" sx={{ mb: 2 }}>
          Account
        </Typography>
        <Box
          component="dl"
          data-testid="account-facts"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          <Fact label="Name">{user.name || '—'}</Fact>
          <Fact label="Role">{words(user.role)}</Fact>
          <Fact label="Words used">{user.wordsUsed.toLocaleString('en-US')}</Fact>
          <Fact label="Last login">
            <DateTimeText iso={user.lastLoginAt} empty="never" />
          </Fact>
          <Fact label="Status">
            <StatusControl record={user} />
          </Fact>
          <Fact label="Plan">
            <PlanControl record={user} />
          </Fact>
          <Fact label="Account ID" wide>
            <Box component="code" sx={{ fontSize: '0.8125rem' }}>
              {user.id}
            </Box>
          </Fact>
          {canManageAdmins(permissions) && user.role !== 'user' ? (
            <Fact label="Admin access">
              <RevokeAdminButton record={user} />
            </Fact>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * One account's page (`/admin/users/:id`, issue 43 item 6): its facts with the status and plan controls, its API keys,
 * and its audit timeline. An erased account (gone from the directory) keeps only its history, with its personal data
 * gone ('[erased]').
 */
export function UserDetail() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const account = useQuery({
    queryKey: ['admin', 'account', id],
    queryFn: () => dataProvider.getOne<AdminUser>('users', { id }),
    retry: false,
  });
  const timeline = useAccountTimeline(id);
  const missing = (account.error as { status?: number } | null)?.status === 404;
  const erased =
    timeline.events.some((event) => event.type === 'AccountErased') || (missing && timeline.timeline.isSuccess);
  const user = account.data?.data;
  const heading = erased ? 'Erased account' : (user?.email ?? (missing ? 'Account not found' : 'Account'));

  return (
    <Box component="section" sx={{ mt: 2, mb: 4, minWidth: 0 }}>
      <Title title={user?.email ?? 'Account'} />
      <Button component={Link} to="/users" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Back to users
      </Button>
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {user ? [user.name, words(user.role), words(user.status)].filter(Boolean).join(' · ') : `Account ${id}`}
      </Typography>
      {erased ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This account was erased at its owner&apos;s request: the history stays, the name and e-mail address are gone.
        </Alert>
      ) : null}
      {account.isError && !missing ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Unable to load this account.
        </Alert>
      ) : null}
      <Stack sx={{ gap: 2 }}>
        {user && !erased ? <AccountFacts user={user} /> : null}
        {erased || missing ? null : <AccountApiKeys accountId={id} />}
        <AccountTimelinePanel id={id} state={timeline} />
      </Stack>
    </Box>
  );
}

/** The timeline's old address (`/users/:id/timeline`) opens the account's page. */
export function TimelineRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/users/${encodeURIComponent(id)}`} replace />;
}
