import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  AI_PARTS_LABEL,
  featureInsights,
  humanAiSplit,
  percent1,
  processingTime,
  summarise,
  tooShortNote,
} from '../report-content';
import {
  CONFIDENCE_NOTE,
  CONFIDENTIALITY_NOTE,
  INTRODUCTION,
  UNSHARED_VERIFICATION_NOTE,
  VERIFICATION_NOTE,
} from '../report-copy';
import type { ReportData } from '../types';
import { ProbabilityBars } from './ProbabilityBars';

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{
        py: 2.5,
        borderTop: 1,
        borderColor: 'rgba(27,42,74,0.08)',
        '&:first-of-type': { borderTop: 0, pt: 0.5 },
      }}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.25, fontWeight: 800 }}>
        {number}. {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="dt" color="text.secondary" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

export interface ReportViewProps {
  report: ReportData | null;
  /** The report's own page, where section 6 sends readers to check it is genuine; null for a preview not shared yet. */
  verifyUrl: string | null;
}

/** The report of spec §2, numbered sections 1-6, a confidentiality footer and a watermark: page and modal alike. */
export function ReportView({ report, verifyUrl }: ReportViewProps) {
  const summary = useMemo(() => (report ? summarise(report.result) : null), [report]);
  const insights = useMemo(() => (report && summary ? featureInsights(report.result, summary) : []), [report, summary]);
  const [chunksOpen, setChunksOpen] = useState(false);
  const chunksId = useId();
  if (!report || !summary) {
    return (
      <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        No data.
      </Typography>
    );
  }
  const created = new Date(report.createdAt);
  return (
    <Box sx={{ position: 'relative', overflow: 'hidden' }} data-testid="report-view">
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          pointerEvents: 'none',
          userSelect: 'none',
          zIndex: 0,
        }}
      >
        <Typography
          component="span"
          sx={{
            transform: 'rotate(-30deg)',
            fontSize: { xs: 56, md: 96 },
            fontWeight: 900,
            letterSpacing: 8,
            color: 'rgba(27,42,74,0.045)',
            whiteSpace: 'nowrap',
          }}
        >
          INKPRINT
        </Typography>
      </Box>
      <Box sx={{ position: 'relative', zIndex: 1 }}>
        <Section number={1} title="Introduction">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {INTRODUCTION}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Generated{' '}
            {Number.isNaN(created.getTime())
              ? 'at an unknown time'
              : created.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })}
            .
          </Typography>
        </Section>
        <Section number={2} title="Input Text">
          {summary.text ? (
            <Box
              tabIndex={0}
              role="region"
              aria-label="Input text"
              sx={{
                maxHeight: 260,
                overflow: 'auto',
                p: 2,
                borderRadius: 2,
                bgcolor: 'rgba(27,42,74,0.03)',
                border: 1,
                borderColor: 'rgba(27,42,74,0.08)',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontSize: 14,
                lineHeight: 1.6,
              }}
            >
              {summary.text}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              The input text was not included in this report.
            </Typography>
          )}
        </Section>
        <Section number={3} title="Analysis Summary">
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <Fact label="Text length" value={`${summary.characters.toLocaleString('en-US')} chars`} />
            <Fact label="Detected language" value={summary.language} />
            <Fact label="Confidence (Human / AI)" value={humanAiSplit(summary)} />
            <Fact label="Classification" value={summary.classification} />
            <Fact label="Mode" value={summary.mode} />
            <Fact label="Processing time" value={processingTime(summary.processingMs)} />
          </Box>
          {summary.tooShort ? (
            <Typography variant="body2" sx={{ mt: 2, fontWeight: 700 }} data-testid="too-short-note">
              {tooShortNote(summary.tooShort.words)}
            </Typography>
          ) : (
            <ProbabilityBars aiPercent={summary.aiPercent} humanPercent={summary.humanPercent} />
          )}
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mt: 1.5 }}
            data-testid="confidence-note"
          >
            {CONFIDENCE_NOTE}
          </Typography>
        </Section>
        <Section number={4} title="Feature Insights">
          <TableContainer>
            <Table size="small" aria-label="Feature insights">
              <TableHead>
                <TableRow>
                  <TableCell>Feature</TableCell>
                  <TableCell align="right">Value</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {insights.map((row) => (
                  <TableRow key={row.feature}>
                    <TableCell>{row.feature}</TableCell>
                    <TableCell align="right">{row.value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {summary.aiParts && summary.aiParts.parts.length > 0 && (
            <Box sx={{ mt: 1.5 }} data-testid="report-ai-parts">
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 750 }}>
                {AI_PARTS_LABEL}
              </Typography>
              <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {summary.aiParts.parts.map((part) => (
                  <Typography component="li" variant="body2" key={part.number} sx={{ overflowWrap: 'anywhere' }}>
                    {part.place}, {part.words} words: “{part.opening}”
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
          {summary.chunks.length > 0 && (
            <Box sx={{ mt: 1.5 }}>
              <Button
                size="small"
                aria-expanded={chunksOpen}
                aria-controls={chunksId}
                onClick={() => setChunksOpen((open) => !open)}
              >
                {chunksOpen ? 'Hide chunk breakdown' : 'Show chunk breakdown'} ({summary.chunks.length})
              </Button>
              <Collapse in={chunksOpen} id={chunksId}>
                <TableContainer>
                  <Table size="small" aria-label="Chunk breakdown">
                    <TableHead>
                      <TableRow>
                        <TableCell>#</TableCell>
                        <TableCell>Label</TableCell>
                        <TableCell align="right">AI %</TableCell>
                        <TableCell align="right">Confidence %</TableCell>
                        <TableCell align="right">Words</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {summary.chunks.map((chunk) => (
                        <TableRow key={chunk.number}>
                          <TableCell>{chunk.number}</TableCell>
                          <TableCell>{chunk.label}</TableCell>
                          <TableCell align="right">{percent1(chunk.aiPercent)}</TableCell>
                          <TableCell align="right">{percent1(chunk.confidencePercent)}</TableCell>
                          <TableCell align="right">{chunk.words}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </Collapse>
            </Box>
          )}
        </Section>
        <Section number={5} title="Narrative Verdict">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {summary.rationale}
          </Typography>
        </Section>
        <Section number={6} title="Platform Authenticity Verification">
          {verifyUrl ? (
            <Typography variant="body2">
              {VERIFICATION_NOTE}{' '}
              <Link href={verifyUrl} sx={{ overflowWrap: 'anywhere', fontWeight: 700 }} data-testid="verify-link">
                {verifyUrl}
              </Link>
            </Typography>
          ) : (
            <Typography variant="body2" data-testid="verify-unshared">
              {UNSHARED_VERIFICATION_NOTE}
            </Typography>
          )}
        </Section>
        <Stack sx={{ pt: 2, borderTop: 1, borderColor: 'rgba(27,42,74,0.08)' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {CONFIDENTIALITY_NOTE}
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
}
