import type { DetectionResult } from '@inkprint/contracts';
import { displayModeLabel } from '@inkprint/contracts/ai/verdicts';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PenIcon, SearchIcon } from '../../../components/ui/icons';
import {
  ENGINE_CONFIDENCE_LABEL,
  ENGINE_CONFIDENCE_NOTE,
  percent1,
  reportBandView,
  scorePercent,
  sentencePercent,
  sentenceShade,
  verdictView,
  warningNotes,
} from '../verdict-display';
import { CopyButton } from './CopyButton';
import { ResultFrame, TextRegion } from './ResultFrame';
import { AI_PARTS_LABEL, aiPartsOf } from '../../../lib/ai-parts';
import { AI_COLOR, HUMAN_COLOR, ProbabilityBar } from '../../../components/ui/ProbabilityBar';

export interface DetectorResultPanelProps {
  result: DetectionResult;
  text: string;
  onPreviewReport: () => void;
  onHumanise: () => void;
}

/** Spec §2 detector result, plus the per-sentence shading and the engine's rationale and warnings. */
export function DetectorResultPanel({ result, text, onPreviewReport, onHumanise }: DetectorResultPanelProps) {
  // The sentence whose score shows in place: tapped, clicked or focused (hover alone is impossible on a phone).
  const [picked, setPicked] = useState<number | null>(null);
  const view = verdictView(result);
  const notes = warningNotes(result);
  const tooShort = view.kind === 'too-short';
  const aiPercent = scorePercent(result.score);
  const band = reportBandView(result.score);
  const color = view.kind === 'ai' ? AI_COLOR : view.kind === 'human' ? HUMAN_COLOR : '#8a6d1f';
  // The AI-written parts (issue 42): which part, if any, each sentence belongs to.
  const parts = aiPartsOf(result);
  const partOf = (index: number): number | null => {
    const i = result.segments?.findIndex((g) => index >= g.firstSentence && index <= g.lastSentence) ?? -1;
    return i >= 0 ? i + 1 : null;
  };
  const summary = (
    <>
      <Stack direction="row" spacing={1.5} alignItems="center">
        <Avatar sx={{ bgcolor: color, width: 44, height: 44 }} aria-hidden>
          {view.kind === 'ai' ? <SearchIcon /> : <PenIcon />}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" variant="h5" data-testid="verdict-title">
            {view.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {tooShort ? 'No verdict' : `${ENGINE_CONFIDENCE_LABEL} ${percent1(result.confidence)}`} · Mode:{' '}
            <span data-testid="verdict-mode">{displayModeLabel(result.modeLabel)}</span> · {result.words} words
          </Typography>
        </Box>
      </Stack>
      {tooShort ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {view.message}
        </Alert>
      ) : (
        <>
          {/* The score the verdict reads (as the report and the history show it), not the model's raw probability. */}
          <ProbabilityBar label="AI probability" value={aiPercent} color={AI_COLOR} />
          <ProbabilityBar label="Human probability" value={100 - aiPercent} color={HUMAN_COLOR} />
          <Typography
            variant="body2"
            sx={{ mt: 1.5, fontWeight: band.differs ? 700 : 400 }}
            color={band.differs ? 'text.primary' : 'text.secondary'}
            data-testid="report-band"
          >
            {band.text}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {ENGINE_CONFIDENCE_NOTE}
          </Typography>
        </>
      )}
      {notes.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="detector-warning">
          {notes.map((note) => (
            <Box component="span" key={note} sx={{ display: 'block' }}>
              {note}
            </Box>
          ))}
        </Alert>
      )}
    </>
  );
  const actions = (
    <>
      {!tooShort && (
        <Button variant="contained" onClick={onPreviewReport}>
          Preview Report
        </Button>
      )}
      <CopyButton text={text} label="Copy Text" />
      <Button variant="outlined" onClick={onHumanise}>
        Humanise Now
      </Button>
    </>
  );
  const details = !tooShort && result.sentences.length > 0 && (
    <Box
      sx={{
        mt: 3,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'minmax(0, 1fr)',
      }}
    >
      <Box>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 750 }}>
          Sentence by sentence
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Red leans AI, green leans human; tap or tab to a sentence for its score.
        </Typography>
        {parts && parts.parts.length > 0 && (
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 650 }} data-testid="ai-parts-summary">
            {AI_PARTS_LABEL} (underlined): {parts.parts.map((p) => p.place.toLowerCase()).join(', ')} —{' '}
            {percent1(parts.sharePercent)} of the words.
          </Typography>
        )}
        <TextRegion testId="sentence-map" label="Sentences shaded by AI probability">
          {result.sentences.map((s) => {
            const part = partOf(s.index);
            const score = `AI ${percent1(sentencePercent(s))}${part ? `, in AI-written part ${part}` : ''}`;
            const shown = picked === s.index;
            return (
              <Box
                component="span"
                key={s.index}
                role="button"
                tabIndex={0}
                title={score}
                aria-pressed={shown}
                aria-label={`Sentence ${s.index + 1}: ${score}`}
                data-testid="sentence"
                data-ai-part={part ?? undefined}
                onClick={() => setPicked(s.index)}
                onFocus={() => setPicked(s.index)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    setPicked(s.index);
                  }
                }}
                sx={{
                  bgcolor: sentenceShade(sentencePercent(s)),
                  borderRadius: 0.5,
                  px: 0.25,
                  cursor: 'pointer',
                  ...(part ? { textDecoration: 'underline', textDecorationThickness: 2, textUnderlineOffset: 3 } : {}),
                  outline: shown ? '2px solid #1b2a4a' : 'none',
                  '&:focus-visible': { outline: '3px solid #1b2a4a', outlineOffset: '1px' },
                }}
              >
                {s.text}
                {shown && (
                  <Box
                    component="span"
                    aria-hidden
                    data-testid="sentence-score"
                    sx={{
                      ml: 0.5,
                      px: 0.75,
                      borderRadius: 1,
                      fontSize: 12,
                      fontWeight: 800,
                      color: '#fff',
                      bgcolor: '#1b2a4a',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {score}
                  </Box>
                )}{' '}
              </Box>
            );
          })}
        </TextRegion>
      </Box>
      <Box>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 750 }}>
          Why this verdict
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {result.rationale || 'No extended rationale available.'}
        </Typography>
      </Box>
    </Box>
  );
  return (
    <ResultFrame testId="detector-result" summary={summary} actions={actions} actionsGap={2.5} details={details} />
  );
}
