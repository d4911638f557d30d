import type { Tone } from '@inkprint/contracts';
import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';
import type { DetectionScores } from './history';
import type { ToolUser } from './holder';

/** One tool run: stream `tool-run-<requestId>` (the request id of the quota it consumed). */
export const toolRunStreamId = (requestId: string) => `tool-run-${requestId}`;

/** What a detection leaves in the log: the text's hash and length and the scores, never the text. */
export interface DetectionFacts extends DetectionScores {
  requestId: string;
  user: ToolUser;
  /** The API key the run was called with (issue 29); absent for browser sessions and guests. */
  apiKeyId?: string;
  /** The caller's plan when it ran (absent in events recorded before plans were recorded). */
  plan?: string;
  textHash: string;
  characters: number;
  words: number;
  engine: string;
  modelVersion: string | null;
  durationMs: number;
  /** Answered from the cache (same text, mode and model version). */
  cached: boolean;
  /** The client trimmed the text to the plan's limit (X-Client-Trim). */
  clientTrim: boolean;
  /** The text came from an upload or a URL import. */
  source: 'paste' | 'upload' | 'url';
  at: string;
}

export interface HumanisationFacts {
  requestId: string;
  user: ToolUser;
  /** The API key the run was called with (issue 29); absent for browser sessions and guests. */
  apiKeyId?: string;
  plan?: string;
  textHash: string;
  rewriteHash: string;
  characters: number;
  words: number;
  tone: Tone;
  appliedTone: string;
  engine: string;
  /** The detector's product score of the input and of the rewrite (null when the worker gave no evaluation). */
  scoreBefore: number | null;
  scoreAfter: number | null;
  confidenceAfter: number | null;
  similarity: number;
  durationMs: number;
  clientTrim: boolean;
  at: string;
}

/** A file or a web page turned into text (the text goes to the vault; the event keeps what it was and its size). */
export interface ImportFacts {
  requestId: string;
  user: ToolUser;
  /** The API key the run was called with (issue 29); absent for browser sessions and guests. */
  apiKeyId?: string;
  via: 'upload' | 'url';
  kind: 'txt' | 'pdf' | 'docx' | 'image' | 'html';
  bytes: number;
  pages: number | null;
  /** The web page's host (never the full address); null for uploads. */
  host: string | null;
  textHash: string;
  characters: number;
  truncated: boolean;
  at: string;
}

export type RecordDetection = { type: 'RecordDetection'; data: DetectionFacts };
export type RecordImport = { type: 'RecordImport'; data: ImportFacts };
export type RecordHumanisation = { type: 'RecordHumanisation'; data: HumanisationFacts };
export type ToolRunCommand = RecordDetection | RecordHumanisation | RecordImport;

export type DetectionRecorded = { type: 'DetectionRecorded'; data: DetectionFacts };
export type HumanisationRecorded = { type: 'HumanisationRecorded'; data: HumanisationFacts };
export type TextImported = { type: 'TextImported'; data: ImportFacts };
export type ToolRunEvent = DetectionRecorded | HumanisationRecorded | TextImported;

export type ToolRunState =
  { status: 'none' } | { status: 'recorded'; kind: 'detection' | 'humanisation' | 'import'; requestId: string };

/** A run is recorded once: recording the same request again is a no-op (retries are idempotent). */
export const toolRunDecider: Decider<ToolRunState, ToolRunCommand, ToolRunEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    if (state.status === 'recorded') {
      if (state.requestId !== command.data.requestId)
        throw new DomainError('TOOL_RUN_CONFLICT', 'Another request is recorded under this id.', 409);
      return [];
    }
    switch (command.type) {
      case 'RecordDetection':
        return [{ type: 'DetectionRecorded', data: command.data }];
      case 'RecordHumanisation':
        return [{ type: 'HumanisationRecorded', data: command.data }];
      case 'RecordImport':
        return [{ type: 'TextImported', data: command.data }];
      default:
        return assertNever(command);
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'DetectionRecorded':
        return { status: 'recorded', kind: 'detection', requestId: event.data.requestId };
      case 'HumanisationRecorded':
        return { status: 'recorded', kind: 'humanisation', requestId: event.data.requestId };
      case 'TextImported':
        return { status: 'recorded', kind: 'import', requestId: event.data.requestId };
      default:
        return assertNever(event);
    }
  },
};
