import { createHash } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import {
  accountDecider,
  accountPersonalDataSubject,
  accountStreamId,
  callerMayAct,
  type CallerVerdict,
} from '@inkprint/accounts-domain';
import { batchDecider, batchStreamId, type SettleBatchItem, type ToolUser } from '@inkprint/ai-domain';
import type { DetectionMode, DetectResponse, UploadTextResponse } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, loadState, type EventStore, type PersonalDataKeys } from '@inkprint/eventstore';
import type { TextVault } from '@inkprint/text-vault';
import { type CallerCredentials, type SignedInAccount } from '../../accounts';
import type { Clock } from '../../platform/clock';
import { DetectText } from '../detect/detect-text.handler';
import { FileWorkLimits } from '../shared/file-work-limits';
import { ImportText } from '../upload/import-text.handler';
import { batchVaultKeys, eachLimited, resultEntry, type BatchInput } from './batch-items';

/** Items of one batch checked at once: enough to keep the workers busy, few enough to leave room for others. */
export const BATCH_CONCURRENCY = 4;

/** The request id of one item's detection in one run of its batch: a later run finds what an earlier one counted. */
export function batchItemRequestId(batchId: string, index: number, run: number): string {
  const hex = createHash('sha256').update(`batch:${batchId}:${index}:${run}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const failure = (error: unknown): { code: string; message: string } =>
  error instanceof DomainError
    ? { code: error.code, message: error.message }
    : { code: 'INTERNAL_ERROR', message: 'Failed to process file.' };

/** An item cut off by a restart whose text (48 h) is gone: it cannot be run again. */
const inputGone = () =>
  new DomainError(
    'BATCH_ITEM_EXPIRED',
    'This item was cut off by a server restart and its text is no longer kept (48 h). Check it again in a new batch.',
    410,
  );

/** Who a batch acts for: its owner, the API key it came with, and when it was submitted (issue 39 item 2). */
export interface BatchCaller {
  batchId: string;
  owner: ToolUser;
  apiKeyId?: string;
  submittedAt: string;
  /** The client address it was sent from (first run only): its files count against that address's allowance too. */
  address?: string;
}

const CANCELLED: Record<Exclude<CallerVerdict, { ok: true }>['refusal'], string> = {
  account_unavailable: 'Cancelled: the account that sent this batch was disabled.',
  session_ended: "Cancelled: the account's password was reset, or the account disabled, after this batch was sent.",
  key_unknown: 'Cancelled: the API key that sent this batch no longer exists.',
  key_revoked: 'Cancelled: the API key that sent this batch was revoked.',
  key_expired: 'Cancelled: the API key that sent this batch has expired.',
  plan_without_keys: "Cancelled: the account's plan no longer includes API keys.",
};

/** An item not run because its caller could no longer act when its turn came; the batch's later items go the same way. */
function cancelled(verdict: Exclude<CallerVerdict, { ok: true }> | null): DomainError {
  const erased = !verdict || !verdict.account || Boolean(verdict.account.erasedAt);
  return new DomainError(
    'BATCH_CANCELLED',
    erased ? 'Cancelled: the account that sent this batch was erased.' : CANCELLED[verdict.refusal],
    409,
    { reason: erased ? 'account_erased' : verdict.refusal },
  );
}

/**
 * Runs a batch's items (the first run, and a resumed one): each item for its caller as it is when its turn comes, read
 * (a file), detected, kept in the vault and settled on the batch's stream. BatchRuns (batch-runs.ts) owns one and
 * says when the process is stopping.
 */
export class BatchItemRuns {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: EventStore,
    private readonly vault: TextVault,
    private readonly clock: Clock,
    private readonly keys: PersonalDataKeys,
    private readonly fileWork: FileWorkLimits,
    /** True once the process stops: no item starts, and one cut off is left queued for the next start. */
    private readonly stopping: () => boolean,
  ) {}

  /**
   * The batch's caller as it is now (issue 39 item 2): the account re-read and put to the one liveness rule that
   * sessions and API keys answer to (`callerMayAct`: active, not erased, no password reset, disable or erasure since
   * the batch was sent, its API key still live and its plan still with keys), with its plan and key's cap as they are
   * now, so a downgrade counts from the next item. Throws BATCH_CANCELLED when it may no longer act.
   */
  private async callerNow(batch: BatchCaller): Promise<CallerCredentials> {
    if (batch.owner.type !== 'user') throw cancelled(null);
    const { state } = await loadState(this.store, accountStreamId(batch.owner.id), accountDecider);
    const verdict = callerMayAct(
      state,
      { startedAt: batch.submittedAt, ...(batch.apiKeyId ? { apiKeyId: batch.apiKeyId } : {}) },
      this.clock.now().getTime(),
    );
    if (!verdict.ok) throw cancelled(verdict);
    const { account: a, key } = verdict;
    const account: SignedInAccount = {
      accountId: a.accountId,
      email: a.email,
      name: a.name,
      role: a.role,
      sessionId: `batch:${batch.batchId}`,
      planSlug: a.planSlug ?? null,
      ...(key ? { apiKey: { id: key.keyId, scopes: key.scopes, dailyCap: key.dailyCap } } : {}),
    };
    return { account };
  }

  /**
   * Whether the owner's erasure has begun: its data key is destroyed first, then its vault rows, then AccountErased
   * is appended (eraseAccount), so a row written before this answers false is deleted by the erasure itself.
   */
  private async ownerErased(owner: ToolUser): Promise<boolean> {
    return owner.type === 'user' && (await this.keys.isErased(accountPersonalDataSubject(owner.id)));
  }

  /**
   * Runs items, each for the caller as it is when its turn comes (`callerNow`, before it is read, run and charged):
   * once the caller may no longer act, that item and every later one is cancelled (failed, BATCH_CANCELLED) without
   * running; an item in flight when the owner is erased keeps no result.
   */
  async runItems(
    batch: BatchCaller,
    mode: DetectionMode,
    run: number,
    items: Array<{ index: number; input: BatchInput | null }>,
  ): Promise<void> {
    const { batchId, owner } = batch;
    let cancel: DomainError | undefined;
    await eachLimited(items, BATCH_CONCURRENCY, async ({ index, input }) => {
      if (this.stopping()) return;
      let settle: SettleBatchItem['data'];
      try {
        if (cancel) throw cancel;
        // A file waits for its turn in the owner's (and the sender's address's) allowance of files a minute, as an
        // upload would be refused past it (issue 39 item 4).
        if (input && 'file' in input) {
          await this.fileWork.wait({ accountId: owner.id, ...(batch.address ? { address: batch.address } : {}) }, () =>
            this.stopping(),
          );
          if (this.stopping()) return;
          if (cancel) throw cancel;
        }
        let caller: CallerCredentials;
        try {
          caller = await this.callerNow(batch);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'BATCH_CANCELLED') cancel = error;
          throw error;
        }
        if (!input) throw inputGone();
        const text =
          'text' in input
            ? input.text
            : (
                await this.commands.execute<ImportText, UploadTextResponse>(
                  new ImportText(caller, { file: input.file }, 'detect', mode),
                )
              ).text;
        const answer = await this.commands.execute<DetectText, DetectResponse>(
          new DetectText(caller, {
            text,
            mode,
            internalEvaluation: false,
            clientTrim: false,
            source: 'file' in input ? 'upload' : 'paste',
            requestId: batchItemRequestId(batchId, index, run),
          }),
        );
        const at = this.clock.now().toISOString();
        await this.vault.put(resultEntry(owner, batchId, index, { result: answer.result, text }, at));
        // Erased while this item ran: what it wrote for the account (its text, its result) goes too.
        if (await this.ownerErased(owner)) {
          await this.vault.forgetOwner(owner);
          throw (cancel = cancelled(null));
        }
        settle = { index, status: 'done', requestId: answer.history?.id ?? null, error: null, at };
      } catch (error) {
        // Cut off by this process stopping: left queued for the next start.
        if (this.stopping()) return;
        settle = {
          index,
          status: 'failed',
          requestId: null,
          error: failure(error),
          at: this.clock.now().toISOString(),
        };
      }
      await this.settle(batchId, owner, settle);
    });
  }

  /** Settles one item on the batch's stream; its input, kept in the vault for a second run, goes. */
  async settle(batchId: string, owner: ToolUser, settle: SettleBatchItem['data']): Promise<void> {
    await handleCommand(
      this.store,
      batchStreamId(batchId),
      batchDecider,
      { type: 'SettleBatchItem', data: settle },
      { metadata: { actor: owner, correlationId: batchId }, maxAttempts: 200 },
    );
    // Its input is not needed any more.
    await this.vault.delete(batchVaultKeys.input(owner, batchId, settle.index));
  }
}
