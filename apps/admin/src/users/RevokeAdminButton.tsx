import type { AdminListItem, AdminUser } from '@inkprint/contracts';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useRefresh } from 'react-admin';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';

/**
 * 'Revoke admin' (super admin only, spec §6): turns an admin back into a standard user after a confirmation.
 * A super_admin row cannot be revoked: the button is shown disabled with the reason.
 */
export function RevokeAdminButton({
  record,
  label = 'Revoke admin',
}: {
  record: Pick<AdminUser | AdminListItem, 'id' | 'email' | 'role'>;
  label?: string;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: () => dataProvider.revokeAdmin(record.id),
    onSuccess: (answer) => {
      toast.succeeded(answer.message);
      refresh();
    },
    onError: (error) => toast.failed('revoke', error),
    onSettled: () => setOpen(false),
  });
  if (record.role === 'super_admin') {
    return (
      <Button size="small" color="error" disabled title="The super admin cannot be revoked.">
        {label}
      </Button>
    );
  }
  return (
    <>
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={`${label} ${record.email}`}
      >
        {label}
      </Button>
      <Confirm
        isOpen={open}
        loading={revoke.isPending}
        title="Revoke admin access"
        content={`${record.email} will become a standard user and lose access to this console.`}
        confirm="Revoke"
        onConfirm={() => revoke.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
