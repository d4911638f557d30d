import { ASSIGNABLE_PLAN_SLUGS, type AdminUser } from '@inkprint/contracts';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import { planName } from '../lib/format';
import { NO_CHANGE } from '../lib/messages';
import { useToast } from '../lib/toast';
import type { AdminDataProvider } from '../providers/data-provider';

const livePlan = (slug: string) => (slug || 'free-signup').toLowerCase();

/**
 * A plan change confirmed per row (spec §4): Confirm is enabled only when the selection differs from the row's plan.
 * On Confirm the live plan is read again (another admin may have changed it since the row loaded): if it already is
 * the selection, nothing is sent and an info toast says 'No change'.
 */
export function PlanControl({ record }: { record: AdminUser }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const toast = useToast();
  const current = livePlan(record.planSlug);
  const [selected, setSelected] = useState(current);
  // A new plan on the row (a refresh after a change) resets the selection, in the render that sees it.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setSelected(current);
  }

  const confirm = useMutation({
    mutationFn: async (planSlug: string) => {
      const { data } = await dataProvider.getList('users', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { q: record.email },
      });
      const live = (data as AdminUser[]).find((row) => row.id === record.id);
      if (live && livePlan(live.planSlug) === planSlug) return null;
      return dataProvider.changePlan(record.id, planSlug);
    },
    onSuccess: (answer) => {
      if (answer === null) toast.show('info', NO_CHANGE, `${record.email} is already on ${planName(selected)}.`);
      else toast.succeeded(answer.message);
      refresh();
    },
    onError: (error) => toast.failed('plan', error),
  });

  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
      <Select
        size="small"
        value={selected}
        onChange={(event) => setSelected(event.target.value)}
        disabled={confirm.isPending}
        inputProps={{ 'aria-label': `Plan of ${record.email}` }}
        sx={{ minWidth: 100 }}
      >
        {ASSIGNABLE_PLAN_SLUGS.map((slug) => (
          <MenuItem key={slug} value={slug}>
            {planName(slug)}
          </MenuItem>
        ))}
      </Select>
      <Button
        size="small"
        variant="contained"
        onClick={() => confirm.mutate(selected)}
        disabled={selected === current || confirm.isPending}
        aria-label={`Confirm plan of ${record.email}`}
        sx={{ minWidth: 0 }}
      >
        Confirm
      </Button>
    </Stack>
  );
}
