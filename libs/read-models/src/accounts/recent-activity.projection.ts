import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ERASED, type Projection, type RecordedEvent } from '@inkprint/eventstore';
import type { AccountRegistered } from '@inkprint/accounts-domain';
import type { QuotaConsumed, QuotaReleased } from '@inkprint/plans-domain';
import { historyDisplay, type DetectionRecorded, type HumanisationRecorded } from '@inkprint/ai-domain';
import { humaniserVerdict, recordedDetectionReading, round1 } from '@inkprint/contracts';
import { accountIdOfStream, eventTime, parseUsageStream } from './streams';

/** The verdict, AI % and bias % a recorded run shows (the history display's reading; bias only for detections). */
function runColumns(
  event: DetectionRecorded | HumanisationRecorded,
): Pick<RecentActivityRow, 'verdict' | 'aiPercent' | 'biasPercent'> {
  if (event.type === 'DetectionRecorded') {
    // Below the minimum length: 'Too short to judge', no AI % or bias (runs recorded before they were given back).
    const reading = recordedDetectionReading(event.data);
    if (reading.aiPercent === null) return { verdict: reading.verdict, aiPercent: null, biasPercent: null };
    const display = historyDisplay(event.data);
    return { verdict: display.verdict, aiPercent: display.aiProbabilityPercent, biasPercent: display.biasPercent };
  }
  const after = event.data.scoreAfter;
  return after === null
    ? { verdict: null, aiPercent: null, biasPercent: null }
    : { verdict: humaniserVerdict(after), aiPercent: round1(after * 100), biasPercent: null };
}

/**
 * One row per counted detector or humaniser request, for the dashboard's "latest" table: created when the quota is
 * taken, filled with the verdict, AI % and bias % when the run is recorded (DetectionRecorded / HumanisationRecorded,
 * by request id), removed when the request is given back (it did not run).
 */
export class RecentActivityRow {
  /** The request id of the quota consumption. */
  id!: string;
  createdAt!: Date;
  kind!: 'detection' | 'humanisation';
  accountType!: 'guest' | 'user';
  /** Account id, or guest id for guests. */
  accountId!: string;
  accountEmail!: string | null;
  verdict!: string | null;
  aiPercent!: number | null;
  biasPercent!: number | null;
}

export const RecentActivitySchema = new EntitySchema<RecentActivityRow>({
  class: RecentActivityRow,
  tableName: 'recent_activity',
  schema: '*',
  properties: {
    id: { type: 'string', primary: true },
    createdAt: { type: 'datetime' },
    kind: { type: 'string', default: 'detection' },
    accountType: { type: 'string' },
    accountId: { type: 'string' },
    accountEmail: { type: 'string', nullable: true },
    verdict: { type: 'string', nullable: true },
    aiPercent: { type: 'double', nullable: true },
    biasPercent: { type: 'double', nullable: true },
  },
  indexes: [{ properties: ['createdAt', 'id'] }],
});

/** This projection's own account → email lookup, so a rebuild never depends on another projection's tables. */
export class RecentActivityAccountRow {
  accountId!: string;
  email!: string;
}

export const RecentActivityAccountSchema = new EntitySchema<RecentActivityAccountRow>({
  class: RecentActivityAccountRow,
  tableName: 'recent_activity_accounts',
  schema: '*',
  properties: {
    accountId: { type: 'string', primary: true },
    email: { type: 'string' },
  },
});

export function recentActivityProjection(): Projection {
  return {
    name: 'recent_activity',
    entities: [RecentActivitySchema, RecentActivityAccountSchema],
    eventTypes: [
      'AccountRegistered',
      'AccountErased',
      'QuotaConsumed',
      'QuotaReleased',
      'DetectionRecorded',
      'HumanisationRecorded',
    ],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      const accountIds = new Set<string>();
      const requestIds = new Set<string>();
      for (const event of events) {
        if (event.type === 'DetectionRecorded' || event.type === 'HumanisationRecorded') {
          requestIds.add((event.data as { requestId: string }).requestId);
          continue;
        }
        const usage = parseUsageStream(event.streamId);
        if (!usage || usage.kind === 'client') continue;
        if (usage.kind === 'account') accountIds.add(usage.id);
        requestIds.add((event.data as { requestId: string }).requestId);
      }
      const emails = new Map(
        (await em.find(RecentActivityAccountRow, { accountId: { $in: [...accountIds] } })).map((r) => [
          r.accountId,
          r.email,
        ]),
      );
      const rows = new Map((await em.find(RecentActivityRow, { id: { $in: [...requestIds] } })).map((r) => [r.id, r]));
      const removed = new Set<string>();
      const created = new Map<string, RecentActivityAccountRow>();

      for (const event of events) {
        if (event.type === 'AccountRegistered') {
          const accountId = accountIdOfStream(event.streamId);
          if (!accountId) continue;
          const email = (event.data as AccountRegistered['data']).email;
          if (!emails.has(accountId)) created.set(accountId, em.create(RecentActivityAccountRow, { accountId, email }));
          emails.set(accountId, email);
          continue;
        }
        if (event.type === 'AccountErased') {
          const accountId = accountIdOfStream(event.streamId);
          if (!accountId) continue;
          // The activity stays (it counts in the totals); whose it was does not.
          await em.nativeUpdate(RecentActivityRow, { accountId, accountType: 'user' }, { accountEmail: ERASED });
          for (const row of rows.values())
            if (row.accountId === accountId && row.accountType === 'user') row.accountEmail = ERASED;
          const lookup = created.get(accountId);
          if (lookup) lookup.email = ERASED;
          else await em.nativeUpdate(RecentActivityAccountRow, { accountId }, { email: ERASED });
          emails.set(accountId, ERASED);
          continue;
        }
        if (event.type === 'DetectionRecorded' || event.type === 'HumanisationRecorded') {
          const row = rows.get((event.data as { requestId: string }).requestId);
          if (row) Object.assign(row, runColumns(event as unknown as DetectionRecorded | HumanisationRecorded));
          continue;
        }
        const usage = parseUsageStream(event.streamId);
        // Guests also count against their client address (kind "client"): that is the same request, not a second one.
        if (!usage || usage.kind === 'client') continue;
        if (event.type === 'QuotaConsumed') {
          const data = event.data as QuotaConsumed['data'];
          if (rows.has(data.requestId) || removed.has(data.requestId)) continue;
          rows.set(
            data.requestId,
            em.create(RecentActivityRow, {
              id: data.requestId,
              createdAt: eventTime(event),
              kind: usage.feature === 'detector' ? 'detection' : 'humanisation',
              accountType: usage.kind === 'guest' ? 'guest' : 'user',
              accountId: usage.id,
              accountEmail: usage.kind === 'account' ? (emails.get(usage.id) ?? null) : null,
              verdict: null,
              aiPercent: null,
              biasPercent: null,
            }),
          );
        } else if (event.type === 'QuotaReleased') {
          // A released request did not run (failed or refused elsewhere): it is no activity.
          const row = rows.get((event.data as QuotaReleased['data']).requestId);
          if (row && row.accountId === usage.id) {
            em.remove(row);
            rows.delete(row.id);
            removed.add(row.id);
          }
        }
      }
    },
  };
}
