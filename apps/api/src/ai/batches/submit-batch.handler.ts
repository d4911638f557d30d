import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { batchDecider, batchStreamId } from '@inkprint/ai-domain';
import type { BatchResponse, DetectionMode } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { TextVault, VaultEntry } from '@inkprint/text-vault';
import { UsageService } from '../../usage';
import { CLOCK, type Clock } from '../../platform/clock';
import { IDS, type Ids } from '../../platform/ids';
import { EVENT_STORE } from '../../platform/tokens';
import { TEXT_VAULT } from '../shared/tokens';
import { ToolUsers } from '../shared/tool-users';
import type { CallerCredentials } from '../../accounts';
import { inputEntry, namesEntry, type BatchInput } from './batch-items';
import { BATCH_SIGN_IN_MESSAGE } from './batch-caller.guard';
import { BatchRuns } from './batch-runs';

/** How much of a batch's inputs one vault write carries. */
const VAULT_WRITE_BYTES = 4 * 1024 * 1024;

export class SubmitBatch extends Command<BatchResponse> {
  constructor(
    readonly caller: CallerCredentials,
    readonly mode: DetectionMode,
    readonly inputs: BatchInput[],
  ) {
    super();
  }
}

/**
 * `POST /ai/batches?mode=`: signed-in callers (a session or an API key with `detect`) send up to 50 files or texts.
 * A batch larger than what is left of today's detections is refused up front (DAILY_LIMIT_REACHED with
 * details.fits); otherwise it is recorded (BatchSubmitted), answered at once (202, every item queued), and its items
 * run in the background (BatchRuns): a file is read as `POST /ai/upload-text` reads it (ImportText), then every
 * item is a detection like `POST /ai/detect` (DetectText through runAiTool: counted, recorded, at the plan's
 * priority). Each item settles as done (its result kept 48 h in the vault) or failed (the catalogue's code and
 * message); its input waits in the vault until then, so a restart mid-batch runs it again (BatchRuns).
 */
@CommandHandler(SubmitBatch)
export class SubmitBatchHandler implements ICommandHandler<SubmitBatch> {
  constructor(
    private readonly runs: BatchRuns,
    private readonly users: ToolUsers,
    private readonly usage: UsageService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ caller, mode, inputs }: SubmitBatch): Promise<BatchResponse> {
    if (!caller.account) throw new DomainError('AUTH_REQUIRED', BATCH_SIGN_IN_MESSAGE, 401, { reason: 'batch' });
    const who = await this.users.resolve(caller);
    const left = await this.usage.remainingToday(who.holder, 'detector');
    if (left !== null && inputs.length > left) {
      const files = `${inputs.length} ${inputs.length === 1 ? 'item' : 'items'}`;
      throw new DomainError(
        'DAILY_LIMIT_REACHED',
        `This batch has ${files} but only ${left} detection ${left === 1 ? 'request is' : 'requests are'} left today. Upgrade your plan or try again after the daily reset.`,
        429,
        {
          feature: 'detector',
          fits: left,
          requested: inputs.length,
          ...(who.apiKeyId ? { apiKeyId: who.apiKeyId } : {}),
        },
      );
    }
    const batchId = this.ids.uuid();
    const at = this.clock.now().toISOString();
    const owner = who.user;
    const names = inputs.map((input) => ('file' in input ? input.file.name.slice(0, 255) : null));
    // The names for the table, and each item's input until it settles (a run after a restart reads it), in writes
    // of at most about 4 MB: one statement of 100 MB of files took minutes on PGlite, one of 10 MB half a second.
    let write: VaultEntry[] = [namesEntry(owner, batchId, names, at)];
    let size = 0;
    for (const [index, input] of inputs.entries()) {
      const bytes = 'file' in input ? input.file.bytes.length : input.text.length;
      if (size > 0 && size + bytes > VAULT_WRITE_BYTES) {
        await this.vault.put(...write);
        write = [];
        size = 0;
      }
      write.push(inputEntry(owner, batchId, index, input, at));
      size += bytes;
    }
    await this.vault.put(...write);
    await handleCommand(
      this.store,
      batchStreamId(batchId),
      batchDecider,
      {
        type: 'SubmitBatch',
        data: {
          batchId,
          user: owner,
          ...(who.apiKeyId ? { apiKeyId: who.apiKeyId } : {}),
          mode,
          items: inputs.map((input, index) => ({
            index,
            source: 'file' in input ? ('file' as const) : ('text' as const),
          })),
          at,
        },
      },
      { newStream: true, metadata: { actor: owner, correlationId: batchId } },
    );
    this.runs.start(batchId, owner, caller, mode, inputs, at);
    return {
      id: batchId,
      status: 'running',
      mode,
      createdAt: at,
      items: inputs.map((_, index) => ({
        index,
        ...(names[index] !== null ? { name: names[index] } : {}),
        status: 'queued' as const,
      })),
    };
  }
}
