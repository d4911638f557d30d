import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DashboardResponse } from '@inkprint/contracts';
import { getDirectorySummary, listRecentActivity } from '@inkprint/read-models';
import { AdminReads } from '../shared/admin-reads';
import { dashboardActivity, recentUser } from '../shared/admin-views';

const RECENT_USERS = 10;
/** Spec §9: the ten latest, of each kind (the console lists humanisations and detections apart, issue 43 item 6). */
const RECENT_ACTIVITY = 10;

export class GetDashboard extends Query<DashboardResponse> {}

/** `GET /admin/dashboard`: totals, paid plans, recent enrolments, the ten latest humanisations and ten latest detections. */
@QueryHandler(GetDashboard)
export class GetDashboardHandler implements IQueryHandler<GetDashboard> {
  constructor(private readonly reads: AdminReads) {}

  async execute(): Promise<DashboardResponse> {
    const read = await this.reads.caughtUp(['users', 'recent_activity']);
    const [directory, humanisations, detections] = await Promise.all([
      getDirectorySummary(read, { recentUsers: RECENT_USERS }),
      listRecentActivity(read, RECENT_ACTIVITY, 'humanisation'),
      listRecentActivity(read, RECENT_ACTIVITY, 'detection'),
    ]);
    const recentActivity = [...humanisations, ...detections].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );
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
