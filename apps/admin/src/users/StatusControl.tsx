import { ACCOUNT_STATUSES, type AccountStatus, type AdminUser } from '@inkprint/contracts';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRefresh } from 'react-admin';
import { words } from '../lib/format';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';

/** The row's status, settable to active, disabled or pending_verification (any change, spec §4). */
export function StatusControl({ record }: { record: AdminUser }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const toast = useToast();
  const change = useMutation({
    mutationFn: (status: AccountStatus) => dataProvider.changeStatus(record.id, status),
    onSuccess: (answer) => {
      toast.succeeded(answer.message);
      refresh();
    },
    onError: (error) => toast.failed('status', error),
  });
  const locked = record.role === 'super_admin';
  return (
    <Select
      size="small"
      value={change.isPending && change.variables ? change.variables : record.status}
      onChange={(event) => {
        const next = event.target.value as AccountStatus;
        if (next !== record.status) change.mutate(next);
      }}
      disabled={change.isPending || locked}
      inputProps={{ 'aria-label': `Status of ${record.email}` }}
      title={locked ? 'The super admin cannot be disabled.' : undefined}
      sx={{ minWidth: 112 }}
    >
      {ACCOUNT_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {words(status)}
        </MenuItem>
      ))}
    </Select>
  );
}
