import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { tooShortButtonLabel } from '../limits';
import type { DemoTab } from '../open-demo';
import type { limitReachedView } from '../usage-meter';

type LimitReached = NonNullable<ReturnType<typeof limitReachedView>>;

/**
 * The demo's run button and what is said around it: the trim offer, the last error, and why it cannot run: the reset countdown and a way forward at the daily
 * limit (issue 30 item 6), or why a text too short to judge is not sent (issue 30 item 3).
 */
export function RunControls({
  trimOffer,
  error,
  onTrim,
  tab,
  busy,
  tooShort,
  limitReached,
  onRun,
  onAction,
}: {
  /** Between 100% and 110% of the limit: the offer to trim and run. */
  trimOffer: { max: number; over: number } | null;
  /** The inline error of the last run or import. */
  error: string | null;
  onTrim: () => void;
  tab: DemoTab;
  busy: boolean;
  tooShort: { words: number; min: number } | null;
  limitReached: LimitReached | null;
  onRun: () => void;
  onAction: (to: LimitReached['action']['to']) => void;
}) {
  return (
    <>
      {trimOffer && (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onTrim}>
              Trim to limit and continue
            </Button>
          }
        >
          {trimOffer.over.toLocaleString('en-US')} characters over your plan's limit of{' '}
          {trimOffer.max.toLocaleString('en-US')}.
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="demo-error">
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2.5, py: 1.4 }}
        disabled={busy || tooShort !== null || limitReached !== null}
        onClick={onRun}
        data-testid="run-button"
      >
        {limitReached
          ? limitReached.button
          : tooShort
            ? tooShortButtonLabel(tooShort)
            : tab === 'detector'
              ? 'Run detection'
              : 'Generate rewrite'}
      </Button>
      {limitReached && (
        <Alert
          severity="info"
          // On a phone the way forward goes under the message, which keeps the width (issue 43 item 7).
          sx={{
            mt: 1.5,
            flexWrap: 'wrap',
            '& .MuiAlert-message': { flex: '1 1 200px', minWidth: 0 },
            '& .MuiAlert-action': { ml: 'auto', pl: 1 },
          }}
          data-testid="limit-reached"
          action={
            <Button
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => onAction(limitReached.action.to)}
            >
              {limitReached.action.label}
            </Button>
          }
        >
          {limitReached.message}
        </Alert>
      )}
      {!limitReached && tooShort && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="too-short-hint">
          The detector needs at least {tooShort.min} words for a verdict; shorter texts are not sent and do not use a
          check.
        </Typography>
      )}
    </>
  );
}
