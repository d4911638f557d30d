import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-error';
import { saveReport } from '../api/save-report';
import { keepLocalPreview, readLocalPreviews } from '../local-preview';
import { reportTooShort } from '../report-content';
import { copyText, linkCopiedNote, reportUrl, shareMessage } from '../share';
import { draftToReport, type ReportDraft } from '../types';
import { ReportView } from './ReportView';
import { useSavePdf } from './use-save-pdf';

export interface ReportModalProps {
  open: boolean;
  onClose: () => void;
  report: ReportDraft | null;
}

/** Where 'Share Report' would be, for a text too short to judge. */
export const TOO_SHORT_SHARE_NOTE = 'Too short to judge: there is no verdict to share. Save PDF keeps this report.';

type ShareState =
  | { kind: 'idle' }
  | { kind: 'sharing' }
  | { kind: 'copied'; url: string; note: string }
  | { kind: 'copy-failed'; url: string }
  | { kind: 'error'; message: string };

/** Local storage, when the browser allows it. */
const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

// Busy buttons stay enabled (aria-disabled, clicks ignored) so focus, and with it Escape, stays in the dialog.

/**
 * The report preview of the demo (spec §2 "Report modal and PDF"): the same report view as `/report/{id}`, with
 * 'Save PDF' and 'Share Report'. The dialog traps focus and closes on Escape. Without a draft it shows the newest
 * local preview (kept 10 days), else 'No data.'.
 */
export function ReportModal({ open, onClose, report }: ReportModalProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [share, setShare] = useState<ShareState>({ kind: 'idle' });
  const { preparing, save } = useSavePdf();

  const draft = useMemo(() => {
    if (report) return report;
    const store = storage();
    return open && store ? (readLocalPreviews(store, Date.now())[0]?.draft ?? null) : null;
  }, [report, open]);
  const data = useMemo(() => (draft ? draftToReport(draft) : null), [draft]);
  // A text too short to judge has no verdict to share, and the API keeps no detection of it to share from (a batch's
  // too-short file answered REPORT_SOURCE_NOT_FOUND, issue 43 item 7): no 'Share Report', as the demo never offers a
  // report for one. Its preview and PDF stay.
  const tooShort = data !== null && reportTooShort(data.result) !== null;

  useEffect(() => {
    const store = storage();
    if (open && report && store) keepLocalPreview(store, report, Date.now());
  }, [open, report]);
  // A new draft forgets the previous one's shared link, in the render that sees it.
  const [shareOf, setShareOf] = useState(draft);
  if (shareOf !== draft) {
    setShareOf(draft);
    setShare({ kind: 'idle' });
  }

  const sharedUrl = share.kind === 'copied' || share.kind === 'copy-failed' ? share.url : null;
  const verifyUrl = sharedUrl;

  async function onShare() {
    if (!data) return;
    setShare({ kind: 'sharing' });
    try {
      const saved = await saveReport(data);
      const url = reportUrl(window.location.origin, saved.id);
      const copied = await copyText(shareMessage(url, saved.expiresAt));
      setShare(copied ? { kind: 'copied', url, note: linkCopiedNote(saved.expiresAt) } : { kind: 'copy-failed', url });
    } catch (error) {
      setShare({ kind: 'error', message: errorMessage(error, 'Could not share the report.') });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="report-modal-title"
      scroll="paper"
    >
      <DialogTitle id="report-modal-title" sx={{ pr: 7, fontWeight: 800 }}>
        AI detection report
      </DialogTitle>
      <IconButton aria-label="Close report" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <ReportView report={data} verifyUrl={verifyUrl} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
        <div role="status" aria-live="polite" style={{ flex: '1 1 240px', minWidth: 0 }}>
          {share.kind === 'copied' && (
            <Alert severity="success" sx={{ py: 0 }}>
              {share.note}
            </Alert>
          )}
          {share.kind === 'copy-failed' && (
            <Alert severity="warning" sx={{ py: 0, overflowWrap: 'anywhere' }}>
              Copy Failed. The link: {share.url}
            </Alert>
          )}
          {tooShort && (
            <Typography variant="body2" color="text.secondary" data-testid="share-too-short">
              {TOO_SHORT_SHARE_NOTE}
            </Typography>
          )}
          {share.kind === 'error' && (
            <Alert severity="error" sx={{ py: 0 }}>
              {share.message}
            </Alert>
          )}
        </div>
        <Button
          variant="outlined"
          disabled={!data}
          aria-disabled={preparing || undefined}
          onClick={() => data && !preparing && void save(data, verifyUrl)}
        >
          {preparing ? 'Preparing…' : 'Save PDF'}
        </Button>
        {!tooShort && (
          <Button
            variant="contained"
            disabled={!data}
            aria-disabled={share.kind === 'sharing' || undefined}
            onClick={() => share.kind !== 'sharing' && void onShare()}
          >
            {share.kind === 'sharing' ? 'Sharing…' : 'Share Report'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default ReportModal;
