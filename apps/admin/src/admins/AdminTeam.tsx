import type { AdminListItem, Invite, InviteListItem } from '@inkprint/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Confirm, Title, useDataProvider, useGetList, useRefresh } from 'react-admin';
import { ListTable } from '../layout/ListTable';
import { ScrollTable } from '../layout/ScrollTable';
import { DateTimeText } from '../lib/DateTimeText';
import { formatDateTime, words } from '../lib/format';
import { EMAIL_REQUIRED_TITLE } from '../lib/messages';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';
import { RevokeAdminButton } from '../users/RevokeAdminButton';
import { ResetMfaButton } from './ResetMfaButton';

const INVITE_EMAIL_REQUIRED = 'Enter an email address to invite.';
const INVITES_KEY = ['admin', 'invites'];

function InviteForm({ onSent }: { onSent: (invite: Invite) => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (address: string) => dataProvider.invite(address),
    onSuccess: (answer) => {
      toast.succeeded(answer.message);
      onSent(answer.invite);
      setEmail('');
    },
    onError: (failure) => toast.failed('invite', failure),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError(INVITE_EMAIL_REQUIRED);
      toast.show('warning', EMAIL_REQUIRED_TITLE, INVITE_EMAIL_REQUIRED);
      return;
    }
    setError(null);
    send.mutate(address);
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="invite-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="invite-title" gutterBottom>
          Invite an admin
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The invited person receives a link valid for 7 days and accepts it signed in with this address.
        </Typography>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Email address"
            type="email"
            size="small"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={!!error}
            helperText={error ?? ' '}
            sx={{ flex: 1, maxWidth: { sm: 420 } }}
          />
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={send.isPending} sx={{ mt: { sm: '2px' } }}>
              {send.isPending ? 'Sending…' : 'Send invite'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** When the admin role was granted (the account may be older); '—' for a row read before it was known. */
function AdminSince({ admin }: { admin: AdminListItem }) {
  return admin.adminSince ? <time dateTime={admin.adminSince}>{formatDateTime(admin.adminSince)}</time> : <>—</>;
}

function TeamActions({ admin }: { admin: AdminListItem }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <RevokeAdminButton record={admin} label="Revoke" />
      <ResetMfaButton record={admin} />
    </Box>
  );
}

function TeamTable() {
  const toast = useToast();
  const { data, isPending, error } = useGetList<AdminListItem>('admins', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  // One card per admin until the table fits with every column (as the user directory): no sideways scroll.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const { failed } = toast;
  useEffect(() => {
    if (error) failed('admins', error);
  }, [error, failed]);
  return (
    <Card variant="outlined" component="section" aria-labelledby="team-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="team-title" gutterBottom>
          Current admin team
        </Typography>
        {isPending ? <Typography color="text.secondary">Loading…</Typography> : null}
        {narrow ? (
          <Stack component="ul" aria-labelledby="team-title" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
            {(data ?? []).map((admin) => (
              <Card component="li" key={admin.id} variant="outlined" data-testid="admin-row">
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{admin.email}</Typography>
                  <Typography variant="body2" color="text.secondary" data-testid="admin-since" sx={{ mb: 1.5 }}>
                    {words(admin.role)} · admin since <AdminSince admin={admin} />
                  </Typography>
                  <TeamActions admin={admin} />
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <ScrollTable label="Admin team">
            <ListTable aria-labelledby="team-title" columns={['Email', 'Role', 'Admin since', 'Actions']}>
              {(data ?? []).map((admin) => (
                <TableRow key={admin.id} data-testid="admin-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{admin.email}</TableCell>
                  <TableCell>{words(admin.role)}</TableCell>
                  <TableCell data-testid="admin-since">
                    <AdminSince admin={admin} />
                  </TableCell>
                  <TableCell>
                    <TeamActions admin={admin} />
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          </ScrollTable>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_COLOUR = { pending: 'default', accepted: 'success', expired: 'warning', revoked: 'error' } as const;

/**
 * 'Resend' (pending or expired: a new link to the same address, the old one stops working) and 'Revoke' (pending:
 * the link stops working, after a confirmation). Accepted and revoked invites have nothing left to do.
 */
function InviteActions({ invite }: { invite: InviteListItem }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const done = (answer: { message?: string }) => {
    toast.succeeded(answer.message);
    void queryClient.invalidateQueries({ queryKey: INVITES_KEY });
  };
  const resend = useMutation({
    mutationFn: () => dataProvider.resendInvite(invite.id),
    onSuccess: done,
    onError: (error) => toast.failed('invite', error),
  });
  const revoke = useMutation({
    mutationFn: () => dataProvider.revokeInvite(invite.id),
    onSuccess: done,
    onError: (error) => toast.failed('inviteRevoke', error),
    onSettled: () => setConfirming(false),
  });
  if (invite.status === 'accepted' || invite.status === 'revoked') return <>—</>;
  const busy = resend.isPending || revoke.isPending;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => resend.mutate()}
        disabled={busy}
        aria-label={`Resend invite to ${invite.email}`}
      >
        {resend.isPending ? 'Sending…' : 'Resend'}
      </Button>
      {invite.status === 'pending' ? (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-label={`Revoke invite to ${invite.email}`}
        >
          Revoke
        </Button>
      ) : null}
      <Confirm
        isOpen={confirming}
        loading={revoke.isPending}
        title="Revoke invitation"
        content={`The link sent to ${invite.email} stops working at once. You can invite them again later.`}
        confirm="Revoke invite"
        onConfirm={() => revoke.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** Every invite (`GET /admin/invites`, newest first): e-mail, status (expiry read at query time), issued, expiry. */
function InvitesTable() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const invites = useQuery({
    queryKey: INVITES_KEY,
    queryFn: () => dataProvider.listInvites(),
    retry: false,
  });
  const rows: InviteListItem[] = invites.data ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="invites-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="invites-title" gutterBottom>
          Invites
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every invite, newest first. Accepted invites show up in the admin team above. Resending mails a new link
          (valid 7 days) and stops the old one.
        </Typography>
        {invites.isError ? (
          <Typography variant="body2" color="error">
            Unable to load the invites.
          </Typography>
        ) : invites.isPending ? (
          <Typography variant="body2">Loading…</Typography>
        ) : rows.length === 0 ? (
          <Typography variant="body2">No invites sent yet.</Typography>
        ) : (
          <ScrollTable label="Invites">
            <ListTable
              aria-labelledby="invites-title"
              columns={['Email', 'Status', 'Issued', 'Expires', 'Accepted', 'Actions']}
            >
              {rows.map((invite) => (
                <TableRow key={invite.id} data-testid="invite-row" data-status={invite.status}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{invite.email}</TableCell>
                  <TableCell>
                    <Chip size="small" label={invite.status} color={STATUS_COLOUR[invite.status]} variant="outlined" />
                  </TableCell>
                  <TableCell>
                    <DateTimeText iso={invite.issuedAt} />
                  </TableCell>
                  <TableCell>
                    <DateTimeText iso={invite.expiresAt} />
                  </TableCell>
                  <TableCell>
                    <DateTimeText iso={invite.acceptedAt} />
                  </TableCell>
                  <TableCell>
                    <InviteActions invite={invite} />
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          </ScrollTable>
        )}
      </CardContent>
    </Card>
  );
}

/** Super admin only (spec §2, §6): invite form, the current admin team with 'Revoke', and every invite. */
export function AdminTeam() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return (
    <Box component="section" sx={{ mt: 2, mb: 4 }}>
      <Title title="Admin team" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Admin team
      </Typography>
      <Stack sx={{ gap: 3 }}>
        <InviteForm
          onSent={() => {
            void queryClient.invalidateQueries({ queryKey: INVITES_KEY });
            refresh();
          }}
        />
        <TeamTable />
        <InvitesTable />
      </Stack>
    </Box>
  );
}
