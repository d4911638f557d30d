import type { DetectionResult, HumanisationResult } from '@inkprint/contracts';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DemoTab } from '../open-demo';
import { DetectorResultPanel } from './DetectorResultPanel';
import { HumaniserResultPanel } from './HumaniserResultPanel';

export interface ReportDraftInput {
  result: DetectionResult;
  text: string;
  createdAt: string;
}

/** The demo's output panel (spec §2 "Output panel: waiting, loading, result"), announced politely as it changes. */
export function DemoOutput({
  tab,
  loading,
  detection,
  rewrite,
  atLimit,
  onPreviewReport,
  onHumanise,
  onRegenerate,
}: {
  tab: DemoTab;
  loading: boolean;
  detection: { result: DetectionResult; text: string } | null;
  rewrite: { result: HumanisationResult; text: string } | null;
  /** Today's humanisations are used up: 'Regenerate' is not offered. */
  atLimit: boolean;
  onPreviewReport: (draft: ReportDraftInput) => void;
  /** 'Humanise Now': the humaniser tab with this text. */
  onHumanise: (text: string) => void;
  onRegenerate: () => void;
}) {
  return (
    <Box
      aria-live="polite"
      aria-busy={loading}
      data-testid="demo-output"
      sx={{
        minWidth: 0,
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'rgba(27,42,74,0.08)',
      }}
    >
      {loading ? (
        <Box role="status">
          <Typography sx={{ fontWeight: 700 }}>
            {tab === 'detector' ? 'Analysing your text…' : 'Rewriting your text…'}
          </Typography>
          <LinearProgress sx={{ mt: 2 }} aria-label="Working" />
        </Box>
      ) : tab === 'detector' && detection ? (
        <DetectorResultPanel
          result={detection.result}
          text={detection.text}
          onPreviewReport={() =>
            onPreviewReport({
              result: detection.result,
              text: detection.text,
              createdAt: new Date().toISOString(),
            })
          }
          onHumanise={() => onHumanise(detection.text)}
        />
      ) : tab === 'humanizer' && rewrite ? (
        <HumaniserResultPanel
          result={rewrite.result}
          rewrite={rewrite.text}
          loading={loading}
          onRegenerate={onRegenerate}
          atLimit={atLimit}
        />
      ) : (
        <Box data-testid="demo-waiting" sx={{ textAlign: 'center', py: { xs: 3, md: 6 } }}>
          <Typography sx={{ fontWeight: 750, fontSize: 18 }}>Waiting for your text</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {tab === 'detector'
              ? 'Paste or upload a text and run detection: the verdict, probabilities and a sentence-by-sentence view appear here.'
              : 'Paste a text, pick a tone and generate a rewrite: the new text and its detector score appear here.'}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
