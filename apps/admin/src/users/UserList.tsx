import type { AdminUser } from '@inkprint/contracts';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  Datagrid,
  FunctionField,
  InfiniteList,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  useInfinitePaginationContext,
  useListContext,
  usePermissions,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { scrollCueSx } from '../layout/ScrollTable';
import { DateTimeText } from '../lib/DateTimeText';
import { formatDateTime, words } from '../lib/format';
import { useToast } from '../lib/toast';
import { canManageAdmins } from '../providers/auth-provider';
import { PlanControl } from './PlanControl';
import { RevokeAdminButton } from './RevokeAdminButton';
import { StatusControl } from './StatusControl';

const statusChoices = [
  { id: 'all', name: 'All statuses' },
  { id: 'active', name: 'Active' },
  { id: 'pending_verification', name: 'Pending verification' },
  { id: 'disabled', name: 'Disabled' },
];
const roleChoices = [
  { id: 'all', name: 'All roles' },
  { id: 'user', name: 'User' },
  { id: 'admin', name: 'Admin' },
  { id: 'super_admin', name: 'Super admin' },
];

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search email or name"
    inputProps={{ 'aria-label': 'Search users' }}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Filter by status"
    choices={statusChoices}
    alwaysOn
    emptyText="All statuses"
  />,
  <SelectInput key="role" source="role" label="Filter by role" choices={roleChoices} alwaysOn emptyText="All roles" />,
];

/** 'Load more' (spec §2): follows the cursor; off while a search is active (searches are not paged, spec §4). */
function LoadMore() {
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  const { filterValues, total, data } = useListContext<AdminUser>();
  const rows: AdminUser[] = data ?? [];
  const searching = typeof filterValues.q === 'string' && filterValues.q.trim() !== '';
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2, gap: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="directory-count">
        {`Showing ${rows.length} of ${total ?? rows.length}`}
        {searching ? ' (search results are not paged)' : ''}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => void fetchNextPage()}
        disabled={searching || !hasNextPage || isFetchingNextPage}
      >
        {isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
    </Stack>
  );
}

/** The account's page (facts, API keys, audit timeline): a labelled link, not a bare icon. */
function DetailsLink({ record }: { record: AdminUser }) {
  return (
    <Button
      component={Link}
      to={`/users/${encodeURIComponent(record.id)}`}
      size="small"
      variant="outlined"
      startIcon={<ArrowForwardIcon fontSize="small" />}
      aria-label={`Details of ${record.email}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Details
    </Button>
  );
}

/** The e-mail opens the account's page. */
function EmailLink({ record }: { record: AdminUser }) {
  return (
    <Box
      component={Link}
      to={`/users/${encodeURIComponent(record.id)}`}
      sx={{ color: 'primary.main', fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {record.email}
    </Box>
  );
}

function RevokeIfAdmin({ record }: { record: AdminUser }) {
  const { permissions } = usePermissions();
  return canManageAdmins(permissions) && record.role !== 'user' ? <RevokeAdminButton record={record} /> : null;
}

function Actions({ record }: { record: AdminUser }) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <DetailsLink record={record} />
      <RevokeIfAdmin record={record} />
    </Stack>
  );
}

/**
 * Below 1200 px (phones one column, tablets two): one card per account with every column of the table, so nothing
 * hides off-screen to the right of the e-mail address.
 */
function UserCards() {
  const { data, isPending } = useListContext<AdminUser>();
  if (isPending) return null;
  const rows: AdminUser[] = data ?? [];
  return (
    <Box
      component="ul"
      aria-label="Users"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 1,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {rows.map((r) => (
        <Card component="li" key={r.id} variant="outlined" data-testid="user-card">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  <EmailLink record={r} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[r.name, words(r.role)].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              <DetailsLink record={r} />
            </Stack>
            <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <StatusControl record={r} />
              <PlanControl record={r} />
              <RevokeIfAdmin record={r} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {`${r.wordsUsed.toLocaleString('en-US')} words used · last login ${formatDateTime(r.lastLoginAt)}`}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The user directory (spec §2 "Admin page"): filters, debounced search, cursor paging with 'Load more', row edits. */
export function UserList() {
  const toast = useToast();
  // Cards until the table fits beside the menu with every column (issue 30 item 8: at 768 px it hid Confirm, Words
  // used, Last login and the timeline behind a sideways scroll while names wrapped onto three lines).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  return (
    <InfiniteList<AdminUser>
      resource="users"
      title="Users"
      filters={filters}
      filterDefaultValues={{ status: 'all', role: 'all' }}
      debounce={300}
      perPage={20}
      sort={{ field: 'createdAt', order: 'DESC' }}
      pagination={<LoadMore />}
      exporter={false}
      actions={false}
      queryOptions={{ onError: (error: unknown) => toast.failed('users', error) }}
      sx={{ minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaList-content': scrollCueSx }}
    >
      <Box component="h1" sx={visuallyHidden}>
        User directory
      </Box>
      {phone ? (
        <UserCards />
      ) : (
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          sx={{
            '& td': { verticalAlign: 'middle' },
            '& th, & td': { px: 1 },
            '& th:first-of-type, & td:first-of-type': { pl: 2 },
          }}
        >
          <FunctionField<AdminUser>
            label="Email"
            sx={{ whiteSpace: 'nowrap' }}
            render={(r) => <EmailLink record={r} />}
          />
          <TextField source="name" label="Name" sortable={false} />
          <FunctionField<AdminUser> label="Role" render={(r) => words(r.role)} />
          <FunctionField<AdminUser> label="Status" render={(r) => <StatusControl record={r} />} />
          <FunctionField<AdminUser> label="Plan" render={(r) => <PlanControl record={r} />} />
          <NumberField source="wordsUsed" label="Words used" sortable={false} />
          <FunctionField<AdminUser> label="Last login" render={(r) => <DateTimeText iso={r.lastLoginAt} />} />
          <FunctionField<AdminUser> label="Actions" render={(r) => <Actions record={r} />} />
        </Datagrid>
      )}
    </InfiniteList>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
