import { toolRunStreamId } from '@inkprint/ai-domain';
import type { CheckpointStore } from '@inkprint/eventstore';
import { accountPlan } from '@inkprint/plans-domain';
import type { UsageHolder } from '../../usage';
import { accountsHarness } from '../../testing/accounts-harness';
import { INTERRUPTED_AFTER_MS, InterruptedRuns } from './interrupted-runs';

// Issue 25 item 7: requests cut off by a crash (quota taken, no result recorded, never released) are given back on
// start; the ones still young enough to be in flight elsewhere are given back once they are that old.
describe('InterruptedRuns', () => {
  function given() {
    const t = accountsHarness();
    const positions = new Map<string, bigint>();
    const checkpoints: CheckpointStore = {
      load: async (consumer) => positions.get(consumer) ?? 0n,
      save: async (consumer, position) => void positions.set(consumer, position),
    };
    const holder: UsageHolder = { kind: 'account', accountId: 'a1', plan: accountPlan('PRO') };
    const started: InterruptedRuns[] = [];
    const start = () => {
      const runs = new InterruptedRuns(t.usage, t.store, checkpoints, t.clock);
      started.push(runs);
      return runs;
    };
    const count = (requestId: string) => t.usage.consume(holder, 'detector', { words: 10, requestId });
    const used = () => t.usage.usedToday(holder, 'detector');
    return { t, start, count, used, stop: () => started.forEach((runs) => runs.onApplicationShutdown()) };
  }

  it('gives back the cut-off request only: not the released, not the recorded, and never twice', async () => {
    const { t, start, count, used, stop } = await given();
    await count('crashed');
    await (await count('failed')).release('JobTimeoutError');
    await count('answered');
    await t.store.appendToStream(
      toolRunStreamId('answered'),
      [{ type: 'DetectionRecorded', data: { requestId: 'answered' } }],
      { expectedVersion: 'no_stream' },
    );
    t.clock.advance(INTERRUPTED_AFTER_MS + 1);
    expect(await used()).toBe(2);
    t.mark();

    expect(await start().reconcile()).toBe(1);
    const released = await t.then();
    expect(released.map((e) => [e.type, e.data])).toEqual([
      ['QuotaReleased', expect.objectContaining({ requestId: 'crashed', reason: 'interrupted' })],
    ]);
    expect(released[0].metadata.actor).toEqual({ type: 'user', id: 'a1' });
    expect(await used()).toBe(1);
    // The next start reads on from its checkpoint: nothing left to give back.
    expect(await start().reconcile()).toBe(0);
    stop();
  });

  it('a request young enough to be in flight is left alone at start and given back once it is that old', async () => {
    const { t, start, count, used, stop } = await given();
    await count('in-flight');
    t.clock.advance(1_000);
    const runs = start();
    expect(await runs.reconcile()).toBe(0);
    expect(await used()).toBe(1);
    t.clock.advance(INTERRUPTED_AFTER_MS);
    // Crashed again before the second look: the checkpoint stayed before it, so the next start finds it.
    expect(await start().reconcile()).toBe(1);
    expect(await used()).toBe(0);
    stop();
  });

  it("the second look at start's young requests gives back those still without a result", async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const { t, start, count, used, stop } = await given();
      await count('slow');
      await count('cut-off');
      const runs = start();
      expect(await runs.reconcile()).toBe(0);
      await t.store.appendToStream(
        toolRunStreamId('slow'),
        [{ type: 'DetectionRecorded', data: { requestId: 'slow' } }],
        { expectedVersion: 'no_stream' },
      );
      t.clock.advance(INTERRUPTED_AFTER_MS);
      jest.advanceTimersByTime(INTERRUPTED_AFTER_MS);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await used()).toBe(1);
      expect((await t.then()).filter((e) => e.type === 'QuotaReleased').map((e) => e.data)).toEqual([
        expect.objectContaining({ requestId: 'cut-off', reason: 'interrupted' }),
      ]);
      expect(await start().reconcile()).toBe(0);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
