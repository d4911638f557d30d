import type { DetectionResult, HumanisationResult, UploadTextResponse } from '@inkprint/contracts';
import type { DetectionMode, Tone } from '@inkprint/contracts/ai/modes';
import { DEFAULT_DETECTION_MODE, DEFAULT_TONE } from '@inkprint/contracts/ai/modes';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutUrl } from '../../../config/env';
import { useAuth } from '../../../lib/auth';
import { isInvalidAnswer } from '../../../lib/api-client';
import { usePlanLimits } from '../../../lib/plan-limits';
import { showToast } from '../../../lib/toast-store';
import { useDetectText } from '../api/detect-text';
import { useHumaniseText } from '../api/humanise-text';
import { DEMO_TOAST_TTL_MS, demoErrorView, INLINE_ERROR_MS, type DemoAction } from '../demo-errors';
import { extractHumanisedText } from '../humanised-text';
import {
  BLANK_INPUT_MESSAGE,
  checkLength,
  clipToLimit,
  counterLabel,
  OVER_LIMIT_MESSAGE,
  tooShortToJudge,
} from '../limits';
import { OPEN_DEMO_EVENT, type DemoTab } from '../open-demo';
import { COUNTDOWN_TICK_MS, limitReachedView } from '../usage-meter';
import { useDemoImport } from '../use-demo-import';
import { DemoImport } from './DemoImport';
import { DemoOutput, type ReportDraftInput } from './DemoOutput';
import { DetectorOptions } from './DetectorOptions';
import { TonePicker } from './TonePicker';
import { OverLimitDialog } from './OverLimitDialog';
import { RunControls } from './RunControls';
import { UsageMeters } from './UsageMeters';

export type { ReportDraftInput } from './DemoOutput';
export interface DemoSectionProps {
  onPreviewReport: (draft: ReportDraftInput) => void;
  /** The tab to open with (an `open-demo` event sent before this chunk loaded is answered this way); default detector. */
  initialTab?: DemoTab;
}

export const INVALID_DETECTION = 'Invalid detection response structure';

function tabOf(detail: unknown): DemoTab | null {
  const name = typeof detail === 'string' ? detail : (detail as { tab?: unknown } | null)?.tab;
  if (name === 'detector') return 'detector';
  if (name === 'humanizer' || name === 'humaniser') return 'humanizer';
  return null;
}

/**
 * Spec §2 "Demo section": the AI detector and the humaniser, with plan limits, usage and every §8 message. The
 * landing route owns the `#demo` section element and its heading (`DemoHeading`), so the element stays the same while
 * this chunk loads (section tracking and scrolling to `#demo` observe it).
 */
export default function DemoSection({ onPreviewReport, initialTab = 'detector' }: DemoSectionProps) {
  const { session } = useAuth();
  const limits = usePlanLimits();
  const navigate = useNavigate();
  const [tab, setTab] = useState<DemoTab>(initialTab);
  const [text, setText] = useState('');
  /** The app (not the user) cut the text to the limit: the next run says so with X-Client-Trim. */
  const [clipped, setClipped] = useState(false);
  const [mode, setMode] = useState<DetectionMode>(DEFAULT_DETECTION_MODE);
  const [tone, setTone] = useState<Tone>(DEFAULT_TONE);
  const [detection, setDetection] = useState<{ result: DetectionResult; text: string } | null>(null);
  const [rewrite, setRewrite] = useState<{ result: HumanisationResult; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [trimOffer, setTrimOffer] = useState<{ max: number; over: number } | null>(null);
  const [overLimit, setOverLimit] = useState<{ length: number; max: number } | null>(null);
  const detect = useDetectText();
  const humanise = useHumaniseText();
  const loading = detect.isPending || humanise.isPending;
  const importer = useDemoImport({
    action: tab === 'detector' ? 'detect' : 'humanise',
    mode,
    running: loading,
    onStart: () => setError(null),
    onImported: imported,
    onFail: fail,
  });
  const { importing, reset: resetImport } = importer;
  const [focusRequest, setFocusRequest] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  /** The last rewrite asked for: 'Regenerate' asks the API for the next attempt of the same text and tone. */
  const lastRewrite = useRef<{ key: string; attempt: number } | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const feature = tab === 'detector' ? 'detector' : 'humaniser';
  const max = limits.maxCharsFor(feature);
  const busy = loading || importing !== null;
  const signedIn = session !== null;
  const currentPlan = limits.plan?.slug ?? (signedIn ? 'free-signup' : 'free-nosignup');

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), INLINE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  // The limit button's countdown ticks with the meters' (only while a tool is at its limit).
  const atLimit = limitReachedView(limits.requests?.[feature], feature, signedIn, Date.now()) !== null;
  useEffect(() => {
    if (!atLimit) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [atLimit]);

  useEffect(() => {
    if (focusRequest === 0) return;
    inputRef.current?.focus();
  }, [focusRequest]);

  const clearAll = useCallback(() => {
    setText('');
    setClipped(false);
    setDetection(null);
    setRewrite(null);
    setError(null);
    setTrimOffer(null);
    setOverLimit(null);
    resetImport();
  }, [resetImport]);

  const switchTab = useCallback(
    (next: DemoTab, keep?: string) => {
      clearAll();
      setTab(next);
      if (keep !== undefined) {
        const limit = limits.maxCharsFor(next === 'detector' ? 'detector' : 'humaniser');
        setText(clipToLimit(keep, limit));
        setClipped(keep.length > limit);
        setFocusRequest((n) => n + 1);
      }
    },
    [clearAll, limits],
  );

  const tabRef = useRef(tab);
  tabRef.current = tab;
  useEffect(() => {
    const onOpen = (event: Event) => {
      const next = tabOf((event as CustomEvent).detail);
      if (next && next !== tabRef.current) switchTab(next);
    };
    window.addEventListener(OPEN_DEMO_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_DEMO_EVENT, onOpen);
  }, [switchTab]);

  function fail(err: unknown, action: DemoAction) {
    const view = demoErrorView(err, action);
    setError(view.inline);
    showToast({ ...view.toast, ttlMs: DEMO_TOAST_TTL_MS });
  }

  async function run({ trim = false, regenerate = false }: { trim?: boolean; regenerate?: boolean } = {}) {
    if (busy || limitReached || (tab === 'detector' && tooShort)) return;
    const check = checkLength(text, max);
    setTrimOffer(null);
    if (check.kind === 'blank') {
      setError(BLANK_INPUT_MESSAGE);
      return;
    }
    if (check.kind === 'over') {
      setError(OVER_LIMIT_MESSAGE);
      setOverLimit({ length: text.length, max });
      return;
    }
    if (check.kind === 'trim' && !trim) {
      setTrimOffer({ max: check.max, over: check.over });
      return;
    }
    let payload = text;
    let clientTrim = clipped;
    if (check.kind === 'trim') {
      payload = clipToLimit(text, max);
      clientTrim = true;
      setText(payload);
      setClipped(true);
    }
    setError(null);
    try {
      if (tab === 'detector') {
        setDetection(null);
        const answer = await detect.mutateAsync({ text: payload, mode, clientTrim }).catch((failure: unknown) => {
          // An answer the contract refuses (no result, a score not 0..1): the demo's own message for it.
          if (isInvalidAnswer(failure)) return null;
          throw failure;
        });
        if (!answer) {
          setError(INVALID_DETECTION);
          showToast({ type: 'error', title: 'Request Error', message: INVALID_DETECTION, ttlMs: DEMO_TOAST_TTL_MS });
          return;
        }
        setDetection({ result: answer.result, text: payload });
      } else {
        setRewrite(null);
        const key = `${tone}\u0000${payload}`;
        const attempt = regenerate && lastRewrite.current?.key === key ? lastRewrite.current.attempt + 1 : 0;
        lastRewrite.current = { key, attempt };
        const answer = await humanise.mutateAsync({ text: payload, tone, clientTrim, attempt });
        const raw = answer?.result as HumanisationResult | undefined;
        // The rewrite keys come first in the extraction order, so an echoed input never wins over the rewrite.
        const output = extractHumanisedText(raw) ?? extractHumanisedText(answer);
        if (!raw || !output) throw new Error('No rewrite in the answer');
        setRewrite({ result: raw, text: output });
      }
    } catch (err) {
      fail(err, 'run');
    } finally {
      void limits.refresh();
    }
  }

  function imported(answer: UploadTextResponse) {
    setText(answer.text);
    setClipped(answer.truncated);
    setDetection(null);
    setRewrite(null);
    setTrimOffer(null);
    showToast({
      type: 'success',
      title: 'Success',
      message: 'Upload completed successfully',
      ttlMs: DEMO_TOAST_TTL_MS,
    });
  }

  function upgrade() {
    const checkout = checkoutUrl('pro');
    setOverLimit(null);
    // No checkout configured (self-hosted): the plans on this page, where paid plans offer 'Contact sales'.
    if (!checkout) navigate('/', { state: { scrollTo: 'pricing' } });
    else if (signedIn) window.location.assign(checkout);
    else navigate(`/signup?continue=${encodeURIComponent(checkout)}`);
  }

  function shorten() {
    setOverLimit(null);
    setError(null);
    setText((current) => clipToLimit(current, max));
    setClipped(true);
    setFocusRequest((n) => n + 1);
  }

  const over = text.length > max;
  const limitReached = limitReachedView(limits.requests?.[feature], feature, signedIn, now);
  // Below the detector's minimum length nothing is sent: the button says why (and the API would not count it).
  const tooShort = tab === 'detector' ? tooShortToJudge(text) : null;
  const inputLabel = tab === 'detector' ? 'Text to check' : 'Text to humanise';

  return (
    <>
      <Paper
        elevation={0}
        sx={{ borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.1)', overflow: 'hidden', bgcolor: '#fbfcfe' }}
      >
        <Tabs
          value={tab}
          onChange={(_e, next: DemoTab) => switchTab(next)}
          aria-label="Demo tools"
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Tab value="detector" label="AI Detector" id="demo-tab-detector" aria-controls="demo-panel" />
          <Tab value="humanizer" label="Humanizer" id="demo-tab-humanizer" aria-controls="demo-panel" />
        </Tabs>
        <Box
          id="demo-panel"
          role="tabpanel"
          aria-labelledby={`demo-tab-${tab}`}
          sx={{
            p: { xs: 2, sm: 3 },
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <TextField
              inputRef={inputRef}
              id="demo-input"
              label={inputLabel}
              placeholder={
                tab === 'detector' ? 'Paste an essay, article or message…' : 'Paste the text you want rewritten…'
              }
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setClipped(false);
                setTrimOffer(null);
              }}
              multiline
              minRows={8}
              maxRows={16}
              fullWidth
              disabled={importing !== null}
              slotProps={{ htmlInput: { 'aria-describedby': 'demo-counter' } }}
            />
            <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 0.75 }}>
              <Typography
                id="demo-counter"
                variant="body2"
                data-testid="char-counter"
                sx={{ fontWeight: 650, color: over ? '#b3261e' : 'text.secondary' }}
              >
                {counterLabel(text.length, max)} characters
              </Typography>
              {clipped && (
                <Typography variant="body2" color="text.secondary">
                  Clipped to your plan's limit
                </Typography>
              )}
            </Stack>

            {tab === 'detector' ? (
              <DetectorOptions
                mode={mode}
                disabled={busy}
                onMode={(next) => {
                  setMode(next);
                  setDetection(null);
                }}
                onSample={(sample) => {
                  setText(sample);
                  setClipped(false);
                  setDetection(null);
                  setTrimOffer(null);
                  importer.setNote(null);
                }}
              />
            ) : (
              <TonePicker tone={tone} disabled={busy} onChange={setTone} />
            )}

            <DemoImport
              busy={busy}
              importing={importing}
              url={importer.url}
              note={importer.note}
              onUrlChange={importer.setUrl}
              onFile={importer.fromFile}
              onFetch={() => void importer.fromUrl()}
            />

            <RunControls
              trimOffer={trimOffer}
              error={error}
              onTrim={() => void run({ trim: true })}
              tab={tab}
              busy={busy}
              tooShort={tooShort}
              limitReached={limitReached}
              onRun={() => void run()}
              onAction={(to) =>
                to === 'signup' ? navigate('/signup') : navigate('/', { state: { scrollTo: 'pricing' } })
              }
            />
            <UsageMeters requests={limits.requests} />
          </Box>

          <DemoOutput
            tab={tab}
            loading={loading}
            detection={detection}
            rewrite={rewrite}
            atLimit={limitReached !== null}
            onPreviewReport={onPreviewReport}
            onHumanise={(keep) => switchTab('humanizer', keep)}
            onRegenerate={() => void run({ regenerate: true })}
          />
        </Box>
      </Paper>
      <OverLimitDialog
        open={overLimit !== null}
        feature={feature}
        length={overLimit?.length ?? text.length}
        max={overLimit?.max ?? max}
        currentPlan={currentPlan}
        onShorten={shorten}
        onUpgrade={upgrade}
        onClose={() => setOverLimit(null)}
      />
    </>
  );
}
