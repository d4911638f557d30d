import { deciderSpecification } from '@inkprint/domain-kernel';
import { batchDecider, type BatchEvent, type BatchState } from './batch';

const spec = deciderSpecification(batchDecider);
const at = '2026-11-26T10:00:00.000Z';
const submitted: BatchEvent = {
  type: 'BatchSubmitted',
  data: {
    batchId: 'b1',
    user: { type: 'user', id: 'a1' },
    mode: 'fast',
    items: [
      { index: 0, source: 'file' },
      { index: 1, source: 'text' },
    ],
    at,
  },
};
const settle = (index: number, status: 'done' | 'failed') =>
  ({
    type: 'SettleBatchItem',
    data: {
      index,
      status,
      requestId: status === 'done' ? `r${index}` : null,
      error: status === 'failed' ? { code: 'FILE_UNREADABLE', message: 'The file is damaged.' } : null,
      at,
    },
  }) as const;

describe('batch decider', () => {
  it('when new: submitted once; again: refused', () => {
    spec.given([]).when({ type: 'SubmitBatch', data: submitted.data }).then([submitted]);
    spec.given([submitted]).when({ type: 'SubmitBatch', data: submitted.data }).thenThrows('BATCH_EXISTS');
  });
  it('settles each item once; an unknown batch or item is refused', () => {
    spec
      .given([submitted])
      .when(settle(0, 'failed'))
      .then([{ type: 'BatchItemSettled', data: settle(0, 'failed').data }]);
    spec
      .given([submitted, { type: 'BatchItemSettled', data: settle(0, 'failed').data }])
      .when(settle(0, 'done'))
      .then([]);
    spec.given([submitted]).when(settle(7, 'done')).thenThrows('BATCH_ITEM_NOT_FOUND');
    spec.given([]).when(settle(0, 'done')).thenThrows('BATCH_NOT_FOUND');
  });
  it('is done when every item is settled', () => {
    const fold = (events: BatchEvent[]) =>
      events.reduce((s, e) => batchDecider.evolve(s, e), batchDecider.initialState() as BatchState);
    const one: BatchEvent = { type: 'BatchItemSettled', data: settle(0, 'done').data };
    const two: BatchEvent = { type: 'BatchItemSettled', data: settle(1, 'failed').data };
    expect(fold([submitted, one]).status).toBe('running');
    const done = fold([submitted, one, two]);
    expect(done.status).toBe('done');
    expect(done.status !== 'none' && done.items.map((i) => [i.status, i.requestId])).toEqual([
      ['done', 'r0'],
      ['failed', null],
    ]);
  });
  it('is taken over after a restart only while it has queued items and its runner has gone quiet', () => {
    const later = '2026-11-26T10:05:00.000Z';
    const resume = (stalledBefore: string) => ({ type: 'ResumeBatch', data: { stalledBefore, at: later } }) as const;
    const resumed: BatchEvent = { type: 'BatchResumed', data: { run: 2, at: later } };
    spec.given([submitted]).when(resume('2026-11-26T10:03:00.000Z')).then([resumed]);
    // Heard from since: still running somewhere.
    spec.given([submitted]).when(resume('2026-11-26T09:59:00.000Z')).then([]);
    // A second process that finds it right after the first took it over leaves it alone.
    spec.given([submitted, resumed]).when(resume('2026-11-26T10:03:00.000Z')).then([]);
    const settled = (index: number, status: 'done' | 'failed'): BatchEvent => ({
      type: 'BatchItemSettled',
      data: settle(index, status).data,
    });
    spec
      .given([submitted, settled(0, 'done'), settled(1, 'failed')])
      .when(resume(later))
      .then([]);
    spec.given([]).when(resume(later)).thenThrows('BATCH_NOT_FOUND');
    const state = [submitted, resumed].reduce(
      (s, e) => batchDecider.evolve(s, e),
      batchDecider.initialState() as BatchState,
    );
    expect(state.status !== 'none' && [state.run, state.lastActivityAt]).toEqual([2, later]);
  });
});
