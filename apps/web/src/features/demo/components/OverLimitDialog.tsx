import { PLANS, type PlanSlug } from '@inkprint/contracts/policies';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

export const OVER_LIMIT_TITLE = 'Your current plan cannot process this text length';

export interface OverLimitDialogProps {
  open: boolean;
  feature: 'detector' | 'humaniser';
  length: number;
  max: number;
  currentPlan: PlanSlug;
  onShorten: () => void;
  onUpgrade: () => void;
  onClose: () => void;
}

const n = (value: number) => value.toLocaleString('en-US');

/** Spec §2 over-limit modal: the text's length against each plan of the catalogue, shorten or upgrade. */
export function OverLimitDialog(props: OverLimitDialogProps) {
  const { open, feature, length, max, currentPlan, onShorten, onUpgrade, onClose } = props;
  const tool = feature === 'detector' ? 'Detector' : 'Humaniser';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="over-limit-title" maxWidth="sm" fullWidth>
      <DialogTitle id="over-limit-title" sx={{ pr: 3 }}>
        {OVER_LIMIT_TITLE}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">
          Your text has {n(length)} characters; your plan's {tool.toLowerCase()} takes up to {n(max)}.
        </Typography>
        <Box sx={{ mt: 2, overflowX: 'auto' }}>
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              fontSize: { xs: 13, sm: 14 },
              '& th, & td': { textAlign: 'left', py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider' },
              '& th': { fontWeight: 750 },
            }}
          >
            <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 4 }}>Plan comparison</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">{tool} limit</th>
                <th scope="col">Requests a day</th>
              </tr>
            </thead>
            <tbody>
              {PLANS.map((plan) => {
                const limit = feature === 'detector' ? plan.detectorMaxChars : plan.humaniserMaxChars;
                const current = plan.slug === currentPlan;
                return (
                  <Box
                    component="tr"
                    key={plan.slug}
                    sx={{ bgcolor: current ? '#eef1f8' : undefined }}
                    aria-current={current ? 'true' : undefined}
                  >
                    <th scope="row">
                      {plan.name}
                      {current ? ' (current)' : ''}
                    </th>
                    <td>
                      {n(limit)} chars{limit >= length ? ' ✓' : ''}
                    </td>
                    <td>{plan.dailyLimit === null ? 'Unlimited' : plan.dailyLimit}</td>
                  </Box>
                );
              })}
            </tbody>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2.5 }}>
        <Button variant="outlined" onClick={onShorten}>
          I will shorten it instead
        </Button>
        <Button variant="contained" onClick={onUpgrade}>
          Upgrade to Pro for longer text and faster queue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
