import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { reportDecider, reportIsOpen, reportNotFound, reportStreamId } from '@inkprint/ai-domain';
import { REPORT_ID, type ReportResponse, type ReportResult } from '@inkprint/contracts';
import { loadState, type EventStore } from '@inkprint/eventstore';
import { type TextVault, vaultKeys } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { TEXT_VAULT } from '../shared/tokens';

export class OpenReport extends Query<ReportResponse> {
  constructor(readonly reportId: string) {
    super();
  }
}

/** `GET /ai/report/{id}`: the stored result while the report is shared and within its 24 h; else REPORT_NOT_FOUND. */
@QueryHandler(OpenReport)
export class OpenReportHandler implements IQueryHandler<OpenReport> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ reportId }: OpenReport): Promise<ReportResponse> {
    // Malformed, unknown, expired and deleted ids all answer the same 404 (spec §4: expired-or-deleted).
    if (!REPORT_ID.test(reportId)) throw reportNotFound();
    const now = this.clock.now();
    const { state } = await loadState(this.store, reportStreamId(reportId), reportDecider);
    if (!reportIsOpen(state, now.toISOString())) throw reportNotFound();
    const entry = await this.vault.get<ReportResult>(vaultKeys.report(reportId), now);
    if (!entry) throw reportNotFound();
    return { createdAt: entry.createdAt, result: entry.body };
  }
}
