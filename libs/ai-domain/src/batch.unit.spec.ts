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
});
