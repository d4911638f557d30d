import { BigIntType, EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from '@inkprint/projections';
import type { AccountEvent, AccountStatus, Role } from '@inkprint/accounts-domain';
import type { QuotaConsumed, QuotaReleased } from '@inkprint/plans-domain';
import { parseUsageStream } from '../usage/usage-streams';
import { accountIdOfStream, eventTime } from '../streams';
import { tableIn } from '../tables';

/** One row per account: the admin user directory (spec §3 "Admin user"). */
export class UserDirectoryRow {
  id!: string;
  email!: string;
  emailLower!: string;
  name!: string;
  nameLower!: string;
  role!: Role;
  status!: AccountStatus;
  /** null = never changed = free-signup. */
  planSlug!: string | null;
  /** Words of the account's counted requests (detector and humaniser, released ones taken off). */
  wordsUsed!: number;
  /** Last sign-in: a password sign-in, or the sign-up by code (verifying the address signs the account in). */
  lastLoginAt!: Date | null;
  /** When the account's admin role was granted (an accepted invite, the bootstrap); null while it is not an admin. */
  adminSince!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}

export const UserDirectorySchema = new EntitySchema<UserDirectoryRow>({
  class: UserDirectoryRow,
  tableName: 'users',
  schema: '*',
  properties: {
    id: { type: 'string', primary: true },
    email: { type: 'string' },
    emailLower: { type: 'string', index: true },
    name: { type: 'string' },
    nameLower: { type: 'string' },
    role: { type: 'string', index: true },
    status: { type: 'string', index: true },
    planSlug: { type: 'string', nullable: true, index: true },
    wordsUsed: { type: new BigIntType('number'), default: 0 },
    lastLoginAt: { type: 'datetime', nullable: true },
    adminSince: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
  // Cursor paging walks (created_at desc, id desc): PostgreSQL reads this index backwards.
  indexes: [{ properties: ['createdAt', 'id'] }],
});

/** Every counted request of an account (the words of a release are only known from its consumption). */
export class UserUsageRow {
  streamId!: string;
  requestId!: string;
  accountId!: string;
  words!: number;
  released!: boolean;
}

export const UserUsageSchema = new EntitySchema<UserUsageRow>({
  class: UserUsageRow,
  tableName: 'user_usage',
  schema: '*',
  properties: {
    streamId: { type: 'string', primary: true },
    requestId: { type: 'string', primary: true },
    accountId: { type: 'string', index: true },
    words: { type: 'integer' },
    released: { type: 'boolean' },
  },
});

const USERS_EVENT_TYPES = [
  'AccountRegistered',
  'RegistrationRenewed',
  'EmailVerified',
  'LoggedIn',
  'AccountStatusChanged',
  'PlanChanged',
  'RoleChanged',
  'AccountErased',
  'QuotaConsumed',
  'QuotaReleased',
] as const;

export function usersProjection(): Projection {
  return {
    name: 'users',
    entities: [UserDirectorySchema, UserUsageSchema],
    eventTypes: USERS_EVENT_TYPES,
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      // What the AI routes write, batch after batch: counted and given-back requests only.
      if (events.every((event) => event.type === 'QuotaConsumed' || event.type === 'QuotaReleased'))
        return applyUsage(events, em);
      const accountIds = new Set<string>();
      const usageStreams = new Set<string>();
      const requestIds = new Set<string>();
      for (const event of events) {
        const fromAccount = accountIdOfStream(event.streamId);
        if (fromAccount) accountIds.add(fromAccount);
        const usage = parseUsageStream(event.streamId);
        if (usage?.kind === 'account') {
          accountIds.add(usage.id);
          usageStreams.add(event.streamId);
          const requestId = (event.data as { requestId?: unknown }).requestId;
          if (typeof requestId === 'string') requestIds.add(requestId);
        }
      }
      // Two queries load every row the batch touches (only its requests: a day's stream can hold thousands); the
      // runner flushes once.
      const users = new Map((await em.find(UserDirectoryRow, { id: { $in: [...accountIds] } })).map((u) => [u.id, u]));
      const ledger = new Map(
        (requestIds.size
          ? await em.find(UserUsageRow, { streamId: { $in: [...usageStreams] }, requestId: { $in: [...requestIds] } })
          : []
        ).map((r) => [`${r.streamId}\n${r.requestId}`, r]),
      );

      for (const event of events) {
        const usage = parseUsageStream(event.streamId);
        if (usage) {
          if (usage.kind !== 'account') continue;
          const user = users.get(usage.id);
          if (event.type === 'QuotaConsumed') {
            const data = (event as RecordedEvent<'QuotaConsumed', QuotaConsumed['data']>).data;
            const key = `${event.streamId}\n${data.requestId}`;
            if (ledger.has(key)) continue;
            const n = Math.max(0, Math.trunc(Number(data.words) || 0));
            ledger.set(
              key,
              em.create(UserUsageRow, {
                streamId: event.streamId,
                requestId: data.requestId,
                accountId: usage.id,
                words: n,
                released: false,
              }),
            );
            if (user) user.wordsUsed += n;
          } else if (event.type === 'QuotaReleased') {
            const data = (event as RecordedEvent<'QuotaReleased', QuotaReleased['data']>).data;
            const row = ledger.get(`${event.streamId}\n${data.requestId}`);
            if (!row || row.released) continue;
            row.released = true;
            if (user) user.wordsUsed -= row.words;
          }
          continue;
        }

        const accountId = accountIdOfStream(event.streamId);
        if (!accountId) continue;
        const e = event as unknown as AccountEvent;
        const at = eventTime(event);
        if (e.type === 'AccountRegistered') {
          if (users.has(accountId)) continue;
          const d = e.data;
          users.set(
            accountId,
            em.create(UserDirectoryRow, {
              id: accountId,
              email: d.email,
              emailLower: d.email.toLowerCase(),
              name: d.name,
              nameLower: d.name.toLowerCase(),
              role: d.role,
              status: d.status,
              planSlug: null,
              wordsUsed: 0,
              lastLoginAt: null,
              adminSince: d.role === 'user' ? null : at,
              createdAt: at,
              updatedAt: at,
            }),
          );
          continue;
        }
        const user = users.get(accountId);
        if (!user) continue;
        if (e.type === 'AccountErased') {
          // The person is gone from the directory; their counted requests go with them.
          em.remove(user);
          users.delete(accountId);
          for (const row of await em.find(UserUsageRow, { accountId })) em.remove(row);
          for (const [key, row] of ledger) {
            if (row.accountId !== accountId) continue;
            em.remove(row);
            ledger.delete(key);
          }
          continue;
        }
        switch (e.type) {
          case 'RegistrationRenewed':
            user.name = e.data.name;
            user.nameLower = e.data.name.toLowerCase();
            break;
          case 'EmailVerified':
            // POST /auth/verify-otp verifies the address and signs in: the sign-up's first sign-in.
            user.status = 'active';
            user.lastLoginAt = at;
            break;
          case 'LoggedIn':
            user.lastLoginAt = at;
            break;
          case 'AccountStatusChanged':
            user.status = e.data.to;
            break;
          case 'PlanChanged':
            user.planSlug = e.data.to;
            break;
          case 'RoleChanged':
            user.role = e.data.to;
            // Admin since the grant; an admin made super admin stays admin since the first grant.
            user.adminSince = e.data.to === 'user' ? null : e.data.from === 'user' ? at : (user.adminSince ?? at);
            break;
          default:
            continue;
        }
        user.updatedAt = at;
      }
    },
  };
}

/**
 * A batch of counted and given-back requests (no account event): one statement, no read first. The batch's requests
 * new to the ledger are inserted (a request given back in the same batch as given back), the older ones it gives back
 * are marked, and each account's words move by what that changed. The same rows as the general path above.
 */
async function applyUsage(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
  const counted = new Map<
    string,
    { stream_id: string; request_id: string; account_id: string; words: number; released: boolean }
  >();
  const givenBack = new Map<string, { stream_id: string; request_id: string }>();
  for (const event of events) {
    const usage = parseUsageStream(event.streamId);
    if (usage?.kind !== 'account') continue;
    const data = event.data as QuotaConsumed['data'] | QuotaReleased['data'];
    const key = `${event.streamId}\n${data.requestId}`;
    if (event.type === 'QuotaConsumed') {
      if (counted.has(key)) continue;
      const words = Math.max(0, Math.trunc(Number((data as QuotaConsumed['data']).words) || 0));
      counted.set(key, {
        stream_id: event.streamId,
        request_id: data.requestId,
        account_id: usage.id,
        words,
        released: false,
      });
    } else {
      const row = counted.get(key);
      if (row) row.released = true;
      else givenBack.set(key, { stream_id: event.streamId, request_id: data.requestId });
    }
  }
  if (counted.size === 0 && givenBack.size === 0) return;
  const ledger = tableIn(em, UserUsageSchema);
  const users = tableIn(em, UserDirectorySchema);
  await em.execute(
    `with counted as (
       insert into ${ledger} (stream_id, request_id, account_id, words, released)
       select r.stream_id, r.request_id, r.account_id, r.words, r.released
       from jsonb_to_recordset(?::jsonb) as r(stream_id text, request_id text, account_id text, words integer, released boolean)
       on conflict do nothing
       returning account_id, case when released then 0 else words end as words),
     given_back as (
       update ${ledger} as u set released = true
       from jsonb_to_recordset(?::jsonb) as r(stream_id text, request_id text)
       where u.stream_id = r.stream_id and u.request_id = r.request_id and not u.released
       returning u.account_id, -u.words as words),
     moved as (
       select account_id, sum(words) as words
       from (select account_id, words from counted union all select account_id, words from given_back) as c
       group by account_id)
     update ${users} as d set words_used = d.words_used + moved.words from moved where d.id = moved.account_id`,
    [JSON.stringify([...counted.values()]), JSON.stringify([...givenBack.values()])],
  );
}
