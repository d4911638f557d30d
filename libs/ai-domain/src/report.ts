import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';
import type { ToolUser } from './holder';

/** A shared report: stream `report-<id>`. Its content lives in the purgeable text store, not here. */
export const reportStreamId = (reportId: string) => `report-${reportId}`;

export const reportNotFound = () =>
  new DomainError(
    'REPORT_NOT_FOUND',
    "This report isn't available. It may have expired after 24 hours or been deleted.",
    404,
  );

export type ShareReport = {
  type: 'ShareReport';
  data: {
    reportId: string;
    sharedBy: ToolUser | null;
    contentHash: string;
    bytes: number;
    score: number;
    mode: string | null;
    createdAt: string;
    expiresAt: string;
  };
};
export type ExpireReport = { type: 'ExpireReport'; data: { at: string } };
export type DeleteReport = { type: 'DeleteReport'; data: { reason: 'account_erased' | 'owner_request'; at: string } };
export type ReportCommand = ShareReport | ExpireReport | DeleteReport;

export type ReportShared = { type: 'ReportShared'; data: ShareReport['data'] };
export type ReportExpired = { type: 'ReportExpired'; data: { at: string } };
export type ReportDeleted = { type: 'ReportDeleted'; data: DeleteReport['data'] };
export type ReportEvent = ReportShared | ReportExpired | ReportDeleted;

export type ReportState =
  | { status: 'none' }
  | {
      status: 'shared' | 'expired' | 'deleted';
      reportId: string;
      sharedBy: ToolUser | null;
      createdAt: string;
      expiresAt: string;
    };

/** Whether a report can be opened at `now`: shared and not past its expiry. */
export function reportIsOpen(state: ReportState, now: string): boolean {
  return state.status === 'shared' && Date.parse(state.expiresAt) > Date.parse(now);
}

export const reportDecider: Decider<ReportState, ReportCommand, ReportEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'ShareReport':
        // Ids are 128-bit random: a second share under the same id is a bug, never a user action.
        if (state.status !== 'none') throw new DomainError('REPORT_EXISTS', 'This report already exists.', 409);
        return [{ type: 'ReportShared', data: command.data }];
      case 'ExpireReport':
        if (state.status !== 'shared' || Date.parse(state.expiresAt) > Date.parse(command.data.at)) return [];
        return [{ type: 'ReportExpired', data: command.data }];
      case 'DeleteReport':
        if (state.status !== 'shared') return [];
        return [{ type: 'ReportDeleted', data: command.data }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ReportShared':
        return {
          status: 'shared',
          reportId: event.data.reportId,
          sharedBy: event.data.sharedBy,
          createdAt: event.data.createdAt,
          expiresAt: event.data.expiresAt,
        };
      case 'ReportExpired':
        return state.status === 'none' ? state : { ...state, status: 'expired' };
      case 'ReportDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return assertNever(event);
    }
  },
};
