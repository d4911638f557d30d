import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';
import type { ToolUser } from './holder';

/**
 * One batch of checks (issue 29): stream `batch-<batchId>`. Its items are detections like any other (each its own
 * tool run, counted and recorded); the batch keeps which run answered which item, or why an item failed. File
 * names and texts never enter it (the names stay 48 h in the vault, like the texts).
 */
export const batchStreamId = (batchId: string) => `batch-${batchId}`;

export interface BatchItemFact {
  index: number;
  /** What the item came as: a file (its kind is known once read) or a pasted text. */
  source: 'file' | 'text';
}

export type SubmitBatch = {
  type: 'SubmitBatch';
  data: { batchId: string; user: ToolUser; apiKeyId?: string; mode: string; items: BatchItemFact[]; at: string };
};
export type SettleBatchItem = {
  type: 'SettleBatchItem';
  data: {
    index: number;
    status: 'done' | 'failed';
    /** The tool run that answered it (its DetectionRecorded), null when nothing was recorded. */
    requestId: string | null;
    error: { code: string; message: string } | null;
    at: string;
  };
};
/**
 * Takes over a batch whose runner stopped (a restart): granted only while the batch still has queued items and
 * nothing has happened on it since `stalledBefore`, so of several API processes that find it, one runs it again.
 */
export type ResumeBatch = { type: 'ResumeBatch'; data: { stalledBefore: string; at: string } };
export type BatchCommand = SubmitBatch | SettleBatchItem | ResumeBatch;

export type BatchSubmitted = { type: 'BatchSubmitted'; data: SubmitBatch['data'] };
export type BatchItemSettled = { type: 'BatchItemSettled'; data: SettleBatchItem['data'] };
/** The batch's queued items run again; `run` counts the batch's runs (the submission's is 1). */
export type BatchResumed = { type: 'BatchResumed'; data: { run: number; at: string } };
export type BatchEvent = BatchSubmitted | BatchItemSettled | BatchResumed;

export interface BatchItemState {
  index: number;
  source: 'file' | 'text';
  status: 'queued' | 'done' | 'failed';
  requestId: string | null;
  error: { code: string; message: string } | null;
}
export type BatchState =
  | { status: 'none' }
  | {
      status: 'running' | 'done';
      batchId: string;
      user: ToolUser;
      mode: string;
      createdAt: string;
      apiKeyId?: string;
      items: BatchItemState[];
      /** Which run of the batch is the current one: 1 from the submission, one more per BatchResumed. */
      run: number;
      /** The time of the batch's latest event: a runner that is alive settles an item every minute or two. */
      lastActivityAt: string;
    };

export const batchNotFound = () => new DomainError('BATCH_NOT_FOUND', 'This batch does not exist.', 404);

export const batchDecider: Decider<BatchState, BatchCommand, BatchEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'SubmitBatch':
        if (state.status !== 'none') throw new DomainError('BATCH_EXISTS', 'This batch was already submitted.', 409);
        return [{ type: 'BatchSubmitted', data: command.data }];
      case 'SettleBatchItem': {
        if (state.status === 'none') throw batchNotFound();
        const item = state.items.find((i) => i.index === command.data.index);
        if (!item) throw new DomainError('BATCH_ITEM_NOT_FOUND', 'This batch has no such item.', 404);
        // Settled once: a retried settle changes nothing.
        return item.status === 'queued' ? [{ type: 'BatchItemSettled', data: command.data }] : [];
      }
      case 'ResumeBatch':
        if (state.status === 'none') throw batchNotFound();
        // Finished, or its runner was heard from since: nothing to take over.
        if (state.status === 'done' || state.lastActivityAt > command.data.stalledBefore) return [];
        return [{ type: 'BatchResumed', data: { run: state.run + 1, at: command.data.at } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'BatchSubmitted': {
        const d = event.data;
        return {
          status: 'running',
          batchId: d.batchId,
          user: d.user,
          mode: d.mode,
          createdAt: d.at,
          ...(d.apiKeyId ? { apiKeyId: d.apiKeyId } : {}),
          items: d.items.map((item) => ({ ...item, status: 'queued', requestId: null, error: null })),
          run: 1,
          lastActivityAt: d.at,
        };
      }
      case 'BatchItemSettled': {
        if (state.status === 'none') return state;
        const d = event.data;
        const items = state.items.map((item) =>
          item.index === d.index ? { ...item, status: d.status, requestId: d.requestId, error: d.error } : item,
        );
        return {
          ...state,
          items,
          status: items.every((item) => item.status !== 'queued') ? 'done' : 'running',
          lastActivityAt: d.at > state.lastActivityAt ? d.at : state.lastActivityAt,
        };
      }
      case 'BatchResumed':
        if (state.status === 'none') return state;
        return { ...state, run: event.data.run, lastActivityAt: event.data.at };
      default:
        return assertNever(event);
    }
  },
};
