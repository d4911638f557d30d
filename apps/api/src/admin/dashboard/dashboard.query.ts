import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DashboardResponse } from '@inkprint/contracts';
import { getDirectorySummary, listRecentActivity } from '@inkprint/read-models';
import { AdminReads } from '../shared/admin-reads';
import { dashboardActivity, recentUser } from '../shared/admin-views';

const RECENT_USERS = 10;
/** Spec §9: the ten latest detections. */
const RECENT_ACTIVITY = 10;

export class GetDashboard extends Query<DashboardResponse> {}

/** `GET /admin/dashboard`: totals, paid plans, recent enrolments and the latest detections/humanisations. */
@QueryHandler(GetDashboard)
export class GetDashboardHandler implements IQueryHandler<GetDashboard> {
  constructor(private readonly reads: AdminReads) {}

  async execute(): Promise<DashboardResponse> {
    const read = await this.reads.caughtUp(['users', 'recent_activity']);
    const [directory, recentActivity] = await Promise.all([
      getDirectorySummary(read, { recentUsers: RECENT_USERS }),
      listRecentActivity(read, RECENT_ACTIVITY),
    ]);
    return {
      summary: {
        totals: directory.totals,
        subscriptions: directory.subscriptions,
        recentUsers: directory.recentUsers.map(recentUser),
        recentActivity: recentActivity.map(dashboardActivity),
      },
    };
  }
}
