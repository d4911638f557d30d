import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DailyUsageResponse } from '@inkprint/contracts';
import { listDailyUsage } from '@inkprint/read-models';
import { CLOCK, type Clock } from '../../platform/clock';
import { AdminReads } from '../shared/admin-reads';

export class GetDailyUsage extends Query<DailyUsageResponse> {
  constructor(readonly days: number) {
    super();
  }
}

/** `GET /admin/metrics/daily?days=14`: detections and humanisations per UTC day and plan, today included. */
@QueryHandler(GetDailyUsage)
export class GetDailyUsageHandler implements IQueryHandler<GetDailyUsage> {
  constructor(
    private readonly reads: AdminReads,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ days }: GetDailyUsage): Promise<DailyUsageResponse> {
    const now = this.clock.now();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)))
      .toISOString()
      .slice(0, 10);
    const rows = await listDailyUsage(await this.reads.caughtUp(['daily_usage']), from);
    return {
      days: rows.map((r) => ({ date: r.day, plan: r.plan, detections: r.detections, humanisations: r.humanisations })),
    };
  }
}
