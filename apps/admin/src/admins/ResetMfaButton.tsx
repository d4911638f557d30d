import type { AdminListItem } from '@inkprint/contracts';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider } from 'react-admin';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';

/** 'Reset 2FA' (super admin only): an admin who lost their phone sets two-factor sign-in up again at next sign-in. */
export function ResetMfaButton({ record }: { record: Pick<AdminListItem, 'id' | 'email' | 'role'> }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const reset = useMutation({
    mutationFn: () => dataProvider.resetMfa(record.id),
    onSuccess: (answer) => toast.succeeded(answer.message),
    onError: (error) => toast.failed('mfaReset', error),
    onSettled: () => setOpen(false),
  });
  if (record.role === 'super_admin') return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} aria-label={`Reset 2FA of ${record.email}`}>
        Reset 2FA
      </Button>
      <Confirm
        isOpen={open}
        loading={reset.isPending}
        title="Reset two-factor sign-in"
        content={`${record.email} will set up an authenticator app again at their next sign-in. Do this only when you are sure who is asking.`}
        confirm="Reset"
        onConfirm={() => reset.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
