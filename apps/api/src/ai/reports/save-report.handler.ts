import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { expiresAfter, REPORT_RETENTION_MS, reportDecider, reportStreamId, type ToolUser } from '@inkprint/ai-domain';
import {
  DetectJobResult,
  isDetectionMode,
  REPORT_MAX_BYTES,
  type ReportResult,
  type SavedReport,
} from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { type TextVault, vaultKeys } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { IDS, type Ids } from '../../platform/ids';
import { EVENT_STORE } from '../../platform/tokens';
import { textHash } from '../shared/text-hash';
import { MODEL_VERSION, TEXT_VAULT } from '../shared/tokens';

export class SaveReport extends Command<SavedReport> {
  constructor(
    readonly result: ReportResult,
    readonly sharedBy: ToolUser,
  ) {
    super();
  }
}

export const REPORT_SOURCE_NOT_FOUND_MESSAGE =
  'Run the detection again, then share it: a report can only carry a result Inkprint produced for you in the last 48 hours.';

/**
 * `POST /ai/report`: stores a detection result for 24 h under an unguessable id (128 random bits, base64url); the
 * content goes to the purgeable vault, the event keeps only its hash, size and score.
 *
 * The stored result is the service's own, never the caller's copy (issue 25 item 3: forged reports): the caller
 * names the text and mode it detected (`result.originalText`, `result.mode`), the vault must hold that text as
 * submitted by this very caller within 48 h, and the detection the service cached for that text and mode is what
 * the report carries. Anything else in the posted result is ignored.
 */
@CommandHandler(SaveReport)
export class SaveReportHandler implements ICommandHandler<SaveReport> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(MODEL_VERSION) private readonly modelVersion: string,
  ) {}

  async execute({ result: posted, sharedBy }: SaveReport): Promise<SavedReport> {
    const result = await this.producedFor(sharedBy, posted);
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
      { metadata: { actor: sharedBy } },
    );
    return { id: reportId, createdAt, expiresAt };
  }

  /** The detection the service produced for this caller, text and mode, with the text it scored. */
  private async producedFor(caller: ToolUser, posted: ReportResult): Promise<ReportResult> {
    const text = posted.originalText ?? posted.text;
    const notFound = () => new DomainError('REPORT_SOURCE_NOT_FOUND', REPORT_SOURCE_NOT_FOUND_MESSAGE, 404);
    if (!text || !posted.mode || !isDetectionMode(posted.mode)) throw notFound();
    const now = this.clock.now();
    const hash = textHash(text);
    if (!(await this.vault.get(vaultKeys.text(caller, hash), now))) throw notFound();
    const produced = DetectJobResult.safeParse(
      (await this.vault.get(vaultKeys.detection(hash, posted.mode, this.modelVersion), now))?.body,
    );
    if (!produced.success) throw notFound();
    return { ...produced.data, originalText: text };
  }
}
