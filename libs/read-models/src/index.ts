import type { Projection } from '@inkprint/projections';
import { auditTimelineProjection, invitesProjection, usersProjection } from './accounts';
import { recentActivityProjection, userBatchesProjection } from './ai';
import { dailyUsageProjection } from './usage';

export * from './accounts';
export * from './ai';
export * from './usage';
export * from './read-models';
export * from './read-model-versions';

/**
 * Every read model Inkprint keeps, shared by the API (which runs them) and the CLI (status, rebuild). Each room's
 * folder holds its projections, each beside the query that reads it: `accounts/` (users, invites, audit timeline),
 * `ai/` (recent activity, users' batches), `usage/` (daily usage).
 */
export function inkprintProjections(): Projection[] {
  return [
    usersProjection(),
    invitesProjection(),
    recentActivityProjection(),
    auditTimelineProjection(),
    dailyUsageProjection(),
    userBatchesProjection(),
  ];
}
