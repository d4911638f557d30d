import type { Projection } from '@inkprint/eventstore';
import {
  auditTimelineProjection,
  dailyUsageProjection,
  invitesProjection,
  recentActivityProjection,
  usersProjection,
} from './accounts';

export * from './accounts';
export * from './read-model-versions';

/**
 * Every read model Inkprint keeps, shared by the API (which runs them) and the CLI (status, rebuild).
 * Feature issues (accounts, usage, detections, reports...) add their projections here.
 */
export function inkprintProjections(): Projection[] {
  return [
    usersProjection(),
    invitesProjection(),
    recentActivityProjection(),
    auditTimelineProjection(),
    dailyUsageProjection(),
  ];
}
