import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { expiresAfter, REPORT_RETENTION_MS, reportDecider, reportStreamId, type ToolUser } from '@inkprint/ai-domain';
import { REPORT_MAX_BYTES, type ReportResult, type SavedReport } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { TextVault } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { IDS, type Ids } from '../../platform/ids';
import { EVENT_STORE } from '../../platform/tokens';
import { textHash } from '../shared/text-hash';
import { vaultKeys } from '../shared/submissions';
import { TEXT_VAULT } from '../shared/tokens';

export class SaveReport extends Command<SavedReport> {
  constructor(
    readonly result: ReportResult,
    readonly sharedBy: ToolUser | null,
  ) {
    super();
  }
}

/**
 * `POST /ai/report`: stores a validated detection result for 24 h under an unguessable id (128 random bits,
 * base64url); the content goes to the purgeable vault, the event keeps only its hash, size and score.
 */
@CommandHandler(SaveReport)
export class SaveReportHandler implements ICommandHandler<SaveReport> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ result, sharedBy }: SaveReport): Promise<SavedReport> {
    const body = JSON.stringify(result);
    const bytes = Buffer.byteLength(body);
    if (bytes > REPORT_MAX_BYTES)
      throw new DomainError('PAYLOAD_TOO_LARGE', `A report can hold at most ${REPORT_MAX_BYTES / 1024} kB.`, 413, {
        max: REPORT_MAX_BYTES,
      });
    const reportId = this.ids.secret(16);
    const createdAt = this.clock.now().toISOString();
    const expiresAt = expiresAfter(createdAt, REPORT_RETENTION_MS);
    await this.vault.put({
      key: vaultKeys.report(reportId),
      kind: 'report',
      owner: sharedBy,
      body: result,
      createdAt,
      expiresAt,
    });
    await handleCommand(
      this.store,
      reportStreamId(reportId),
      reportDecider,
      {
        type: 'ShareReport',
        data: {
          reportId,
          sharedBy,
          contentHash: textHash(body),
          bytes,
          score: result.score,
          mode: typeof result.mode === 'string' ? result.mode : null,
          createdAt,
          expiresAt,
        },
      },
      { metadata: { actor: sharedBy ?? { type: 'system', id: 'anonymous-report' } } },
    );
    return { id: reportId, createdAt, expiresAt };
  }
}
