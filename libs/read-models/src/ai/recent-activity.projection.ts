import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ERASED, type RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from '@inkprint/projections';
import type { AccountRegistered } from '@inkprint/accounts-domain';
import type { QuotaReleased } from '@inkprint/plans-domain';
import { historyDisplay, type DetectionRecorded, type HumanisationRecorded } from '@inkprint/ai-domain';
import { humaniserVerdict, recordedDetectionReading, round1 } from '@inkprint/contracts';
import { accountIdOfStream, eventTime } from '../streams';
import { tableIn } from '../tables';

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
 * One row per recorded detection or humanisation, for the dashboard's "latest" table: written whole by the run's fact
 * (DetectionRecorded / HumanisationRecorded: who, when, verdict, AI % and bias %), removed when its request is given
 * back after it was recorded (QuotaReleased: a run that failed before it answered is no activity).
 */
export class RecentActivityRow {
  /** The run's request id (the quota consumption's). */
  id!: string;
  /** When the run started (the fact's `at`). */
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

type RecordedRun = DetectionRecorded | HumanisationRecorded;

const isRun = (event: RecordedEvent): boolean =>
  event.type === 'DetectionRecorded' || event.type === 'HumanisationRecorded';

export function recentActivityProjection(): Projection {
  return {
    name: 'recent_activity',
    entities: [RecentActivitySchema, RecentActivityAccountSchema],
    eventTypes: ['AccountRegistered', 'AccountErased', 'DetectionRecorded', 'HumanisationRecorded', 'QuotaReleased'],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      // What the AI routes write, batch after batch: recorded runs only.
      if (events.every(isRun)) return recordRuns(events, em);
      const accountIds = new Set<string>();
      const requestIds = new Set<string>();
      for (const event of events) {
        if (isRun(event)) {
          const { requestId, user } = (event as unknown as RecordedRun).data;
          if (user?.type === 'user') accountIds.add(user.id);
          requestIds.add(requestId);
        } else if (event.type === 'QuotaReleased') requestIds.add((event.data as QuotaReleased['data']).requestId);
      }
      const emails = new Map(
        (await em.find(RecentActivityAccountRow, { accountId: { $in: [...accountIds] } })).map((r) => [
          r.accountId,
          r.email,
        ]),
      );
      const rows = new Map((await em.find(RecentActivityRow, { id: { $in: [...requestIds] } })).map((r) => [r.id, r]));
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
        if (isRun(event)) {
          const run = event as unknown as RecordedRun;
          const { requestId, user } = run.data;
          // One fact per run (its stream is new); a replayed one finds its row.
          if (!user || rows.has(requestId)) continue;
          rows.set(
            requestId,
            em.create(RecentActivityRow, {
              id: requestId,
              createdAt: eventTime(event),
              kind: run.type === 'DetectionRecorded' ? 'detection' : 'humanisation',
              accountType: user.type === 'guest' ? 'guest' : 'user',
              accountId: user.id,
              accountEmail: user.type === 'user' ? (emails.get(user.id) ?? null) : null,
              ...runColumns(run),
            }),
          );
          continue;
        }
        // QuotaReleased after the run was recorded: the request failed before it answered, it is no activity. (A
        // guest's request is released on its guest and its address streams: the second finds nothing.)
        const row = rows.get((event.data as QuotaReleased['data']).requestId);
        if (row) {
          em.remove(row);
          rows.delete(row.id);
        }
      }
    },
  };
}

/**
 * A batch of recorded runs only: one statement, no read first. Each run's row is inserted with its account's e-mail
 * from this projection's own lookup; a run whose row is there already (a replayed fact) is left as it is. The same
 * rows as the general path above.
 */
async function recordRuns(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
  const rows = new Map<string, Record<string, unknown>>();
  for (const event of events) {
    const run = event as unknown as RecordedRun;
    const { requestId, user } = run.data;
    if (!user || rows.has(requestId)) continue;
    const columns = runColumns(run);
    rows.set(requestId, {
      id: requestId,
      created_at: eventTime(event).toISOString(),
      kind: run.type === 'DetectionRecorded' ? 'detection' : 'humanisation',
      account_type: user.type === 'guest' ? 'guest' : 'user',
      account_id: user.id,
      verdict: columns.verdict,
      ai_percent: columns.aiPercent,
      bias_percent: columns.biasPercent,
    });
  }
  if (rows.size === 0) return;
  const activity = tableIn(em, RecentActivitySchema);
  const accounts = tableIn(em, RecentActivityAccountSchema);
  await em.execute(
    `insert into ${activity} (id, created_at, kind, account_type, account_id, account_email, verdict, ai_percent, bias_percent)
     select r.id, r.created_at, r.kind, r.account_type, r.account_id,
       case when r.account_type = 'user' then (select a.email from ${accounts} as a where a.account_id = r.account_id) end,
       r.verdict, r.ai_percent, r.bias_percent
     from jsonb_to_recordset(?::jsonb) as r(id text, created_at timestamptz, kind text, account_type text, account_id text,
       verdict text, ai_percent double precision, bias_percent double precision)
     on conflict (id) do nothing`,
    [JSON.stringify([...rows.values()])],
  );
}
