import type { HumanisationResult } from '@inkprint/contracts';
import { humaniserVerdict, scoreBadge } from '@inkprint/contracts/ai/verdicts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { TONE_LABELS } from '../options';
import { percent1 } from '../verdict-display';
import { diffStats, wordDiff } from '../word-diff';
import { CopyButton } from './CopyButton';
import { ResultFrame, TextRegion } from './ResultFrame';
import { AI_COLOR, HUMAN_COLOR, ProbabilityBar } from '../../../components/ui/ProbabilityBar';

/** The spec's badge classes (humanised ≤ 0.35, ai ≥ 0.65, else borderline), labelled by the band they stand for. */
const BADGE = {
  humanised: { label: 'Low AI signal', bg: '#dff3e8', fg: '#1d5e40' },
  borderline: { label: 'Borderline', bg: '#fbefd0', fg: '#6b4f00' },
  ai: { label: 'High AI signal', bg: '#f8dcd8', fg: '#8e2a1e' },
} as const;

export const EVALUATION_FAILED = 'Could not evaluate rewritten text.';

export interface HumaniserResultPanelProps {
  result: HumanisationResult;
  /** The rewrite as extracted from whatever shape it came in. */
  rewrite: string;
  loading: boolean;
  onRegenerate: () => void;
  /** The humaniser's request limit is reached: Regenerate is disabled like the other actions (issue 43 item 1). */
  atLimit?: boolean;
}

/** Spec §2 humaniser result: metrics, the read-only rewrite, copy, regenerate, notes and what changed. */
export function HumaniserResultPanel({
  result,
  rewrite,
  loading,
  onRegenerate,
  atLimit = false,
}: HumaniserResultPanelProps) {
  const [showChanges, setShowChanges] = useState(false);
  const evaluation = result.evaluation;
  const parts = useMemo(
    () => (showChanges ? wordDiff(result.original, rewrite) : []),
    [showChanges, result.original, rewrite],
  );
  const stats = useMemo(() => diffStats(parts), [parts]);
  const badge = evaluation ? BADGE[scoreBadge(evaluation.aiProbability)] : null;
  const summary = (
    <>
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: '#f3f5fb' }} data-testid="humaniser-metrics">
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          {evaluation && badge ? (
            <>
              <Chip
                label={badge.label}
                data-testid="humaniser-badge"
                sx={{ bgcolor: badge.bg, color: badge.fg, fontWeight: 800 }}
              />
              <Typography component="h3" variant="h6" data-testid="humaniser-verdict">
                {humaniserVerdict(evaluation.aiProbability)}
              </Typography>
            </>
          ) : (
            <Typography component="h3" variant="h6">
              Rewrite ready
            </Typography>
          )}
          <Chip
            variant="outlined"
            label={`Tone: ${TONE_LABELS[result.tone] ?? result.tone}${result.appliedTone && result.tone === 'auto' ? ` (${result.appliedTone})` : ''}`}
            data-testid="humaniser-tone"
          />
        </Stack>
        {evaluation ? (
          <>
            <ProbabilityBar label="AI %" value={evaluation.aiPercent} color={AI_COLOR} />
            <ProbabilityBar label="Human %" value={evaluation.humanPercent} color={HUMAN_COLOR} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              AI probability {evaluation.aiProbability.toFixed(2)} · Confidence {percent1(evaluation.confidence)}
              {result.before ? ` · before the rewrite: AI ${percent1(result.before.aiPercent)}` : ''}
            </Typography>
          </>
        ) : (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {EVALUATION_FAILED}
          </Alert>
        )}
      </Box>
      <TextField
        label="Rewritten text"
        value={rewrite}
        multiline
        minRows={6}
        maxRows={14}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      {result.notes && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="humaniser-notes">
          {result.notes}
        </Typography>
      )}
      <StillAiSentences sentences={result.stillAi ?? []} />
    </>
  );
  const actions = (
    <>
      <CopyButton text={rewrite} label="Copy Output" />
      <Button
        variant="contained"
        onClick={onRegenerate}
        disabled={loading || atLimit}
        title={atLimit ? 'You have used all your humanisation requests for now' : undefined}
      >
        Regenerate
      </Button>
      <Button variant="text" onClick={() => setShowChanges((v) => !v)} aria-expanded={showChanges}>
        {showChanges ? 'Hide changes' : 'Show changes'}
      </Button>
    </>
  );
  const details = showChanges && (
    <Box sx={{ mt: 2 }} data-testid="humaniser-diff">
      <Typography variant="body2" color="text.secondary">
        {stats.same} words kept, {stats.added} added, {stats.removed} removed.
      </Typography>
      <TextRegion
        label="Changes from your text to the rewrite"
        focusable
        sx={{
          '& ins': { bgcolor: '#dff3e8', color: '#1d5e40', textDecoration: 'none' },
          '& del': { bgcolor: '#f8dcd8', color: '#8e2a1e' },
        }}
      >
        {parts.map((p, i) =>
          p.kind === 'added' ? (
            <ins key={i}>{p.text}</ins>
          ) : p.kind === 'removed' ? (
            <del key={i}>{p.text}</del>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </TextRegion>
    </Box>
  );
  return <ResultFrame testId="humaniser-result" summary={summary} actions={actions} details={details} />;
}

/** Sentences shown before 'Show N more'. */
export const STILL_AI_SHOWN = 3;

/**
 * The sentences of the rewrite the detector still reads as AI-written on their own (issue 40 item 4): where the
 * writer's own edits help most. Nothing when there are none or the engine did not check.
 */
function StillAiSentences({ sentences }: { sentences: readonly string[] }) {
  const [all, setAll] = useState(false);
  if (sentences.length === 0) return null;
  const shown = all ? sentences : sentences.slice(0, STILL_AI_SHOWN);
  const hidden = sentences.length - shown.length;
  return (
    <Box
      sx={{ mt: 1.5, p: 1.5, borderRadius: 2, border: '1px solid #ecd9a6', bgcolor: '#fffaf0' }}
      data-testid="humaniser-still-ai"
    >
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {sentences.length === 1
          ? '1 sentence still reads as AI-written on its own.'
          : `${sentences.length} sentences still read as AI-written on their own.`}{' '}
        Rewriting {sentences.length === 1 ? 'it' : 'them'} in your own words helps most:
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 0.5, '& li': { overflowWrap: 'anywhere' } }}>
        {shown.map((sentence, i) => (
          <Typography component="li" variant="body2" key={i}>
            “{sentence}”
          </Typography>
        ))}
      </Box>
      {hidden > 0 && (
        <Button size="small" variant="text" onClick={() => setAll(true)} sx={{ px: 0.5 }}>
          Show {hidden} more
        </Button>
      )}
    </Box>
  );
}
