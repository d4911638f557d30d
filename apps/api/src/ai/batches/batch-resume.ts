import { toolRunStreamId, type BatchState, type DetectionFacts, type ToolUser } from '@inkprint/ai-domain';
import { DetectJobResult, type DetectionMode } from '@inkprint/contracts';
import type { EventStore } from '@inkprint/eventstore';
import { usageDay, usageStreamId } from '@inkprint/plans-domain';
import { type TextVault, vaultKeys } from '@inkprint/text-vault';
import type { UsageService } from '../../usage';
import type { Clock } from '../../platform/clock';
import { batchVaultKeys, inputOf, resultEntry, type BatchInput } from './batch-items';
import { batchItemRequestId, type BatchCaller, type BatchItemRuns } from './batch-item-runs';

export type OpenBatchState = Exclude<BatchState, { status: 'none' }>;

/**
 * A batch run again after a stop cut it off (crash resume): its queued items run again, each input read back from the
 * vault, and an item an earlier run already answered is settled with that run, so nothing is charged twice.
 */
export class BatchResume {
  constructor(
    private readonly store: EventStore,
    private readonly vault: TextVault,
    private readonly usage: UsageService,
    private readonly clock: Clock,
    private readonly items: BatchItemRuns,
  ) {}

  /** A resumed run: each queued item again, each for the owner as it is then (like the first run's). */
  async runAgain(batchId: string, state: OpenBatchState): Promise<void> {
    const owner = state.user;
    const items: Array<{ index: number; input: BatchInput | null }> = [];
    for (const item of state.items.filter((i) => i.status === 'queued')) {
      // The detection of an earlier run recorded just before the stop: that run answers the item (one counted and
      // never recorded is given back here, whatever follows).
      const earlier = await this.earlierRun(batchId, owner, item.index, state);
      if (earlier) {
        await this.items.settle(batchId, owner, {
          index: item.index,
          status: 'done',
          requestId: earlier,
          error: null,
          at: this.clock.now().toISOString(),
        });
        continue;
      }
      const stored = await this.vault.get(batchVaultKeys.input(owner, batchId, item.index), this.clock.now());
      items.push({ index: item.index, input: stored ? inputOf(stored.body) : null });
    }
    const batch: BatchCaller = {
      batchId,
      owner,
      submittedAt: state.createdAt,
      ...(state.apiKeyId ? { apiKeyId: state.apiKeyId } : {}),
    };
    await this.items.runItems(batch, state.mode as DetectionMode, state.run, items);
  }

  /**
   * Looks at the item's detections in earlier runs. One that was recorded answers the item (its request id), even
   * when the stop came before the batch kept its result: the result is taken back from what the detection itself
   * kept (its text and cached result, 48 h). One counted but never recorded is given back now (InterruptedRuns would,
   * later) so the new run is the only one charged.
   */
  private async earlierRun(
    batchId: string,
    owner: ToolUser,
    index: number,
    state: OpenBatchState,
  ): Promise<string | null> {
    const now = this.clock.now();
    for (let run = 1; run < state.run; run++) {
      const requestId = batchItemRequestId(batchId, index, run);
      const recorded = (await this.store.readStream(toolRunStreamId(requestId))).find(
        (event) => event.type === 'DetectionRecorded',
      );
      if (recorded) {
        if (!(await this.vault.get(batchVaultKeys.result(owner, batchId, index), now)))
          await this.keepRecordedResult(batchId, owner, index, state.mode, recorded.data as DetectionFacts);
        return requestId;
      }
      const streams: string[] = [];
      for (let day = Date.parse(state.createdAt.slice(0, 10)); day <= now.getTime(); day += 86_400_000) {
        const date = usageDay(new Date(day));
        if (state.apiKeyId) streams.push(usageStreamId('detector', date, { kind: 'apikey', id: state.apiKeyId }));
        streams.push(usageStreamId('detector', date, { kind: 'account', id: owner.id }));
      }
      // Released only where it was counted and not given back yet (a no-op elsewhere).
      await this.usage.releaseInterrupted(requestId, streams, { type: owner.type, id: owner.id });
    }
    return null;
  }

  /** The item's result rebuilt from a recorded detection's text and cached result (when the vault still has both). */
  private async keepRecordedResult(
    batchId: string,
    owner: ToolUser,
    index: number,
    mode: string,
    facts: DetectionFacts,
  ): Promise<void> {
    const now = this.clock.now();
    const text = (await this.vault.get<{ text?: unknown }>(vaultKeys.text(owner, facts.textHash), now))?.body.text;
    const cached = facts.modelVersion
      ? await this.vault.get(vaultKeys.detection(facts.textHash, mode, facts.modelVersion), now)
      : undefined;
    const result = DetectJobResult.safeParse(cached?.body);
    if (typeof text !== 'string' || !result.success) return;
    await this.vault.put(
      resultEntry(owner, batchId, index, { result: { ...result.data, cached: facts.cached }, text }, facts.at),
    );
  }
}
