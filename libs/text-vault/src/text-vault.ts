import { quoteIdentifier, type SqlClient } from '@inkprint/eventstore-postgresql';

/** What the vault keeps, each with its own expiry (docs/retention.md). */
export type VaultKind = 'text' | 'detection' | 'rewrite' | 'report' | 'upload';
export type VaultOwner = { type: 'user' | 'guest'; id: string } | null;

export interface VaultEntry<T = unknown> {
  key: string;
  kind: VaultKind;
  owner: VaultOwner;
  body: T;
  createdAt: string;
  expiresAt: string;
}

/**
 * The purgeable store: submitted text, cached detection results, rewrites, shared reports and extracted files live
 * here, never in the immutable event log (events carry hashes, lengths and scores). Every entry has an expiry; reads
 * never return an expired entry, purge() deletes them, and forgetOwner() deletes everything of an erased account.
 */
export class TextVault {
  private readonly table: string;

  private constructor(
    private readonly sql: SqlClient,
    schema: string,
  ) {
    this.table = `${quoteIdentifier(schema)}.${quoteIdentifier('vault_entries')}`;
  }

  static async create(sql: SqlClient, options: { schema?: string } = {}): Promise<TextVault> {
    const schema = options.schema ?? 'text_vault';
    const vault = new TextVault(sql, schema);
    await sql.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext('inkprint:text-vault-schema'))`);
      await tx.query(`create schema if not exists ${quoteIdentifier(schema)}`);
      await tx.query(`create table if not exists ${vault.table} (
        key text primary key,
        kind text not null,
        owner_type text,
        owner_id text,
        body jsonb not null,
        bytes integer not null,
        created_at timestamptz not null,
        expires_at timestamptz not null)`);
      await tx.query(`create index if not exists vault_entries_expiry on ${vault.table} (expires_at)`);
      await tx.query(`create index if not exists vault_entries_owner on ${vault.table} (owner_type, owner_id)`);
    });
    return vault;
  }

  /** Stores (or replaces) entries, all in one statement (one commit: what a request keeps costs one write). */
  async put(...entries: VaultEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // One row per key (the last entry wins), so the upsert never meets the same key twice.
    const rows = [...new Map(entries.map((entry) => [entry.key, entry])).values()].map((entry) => {
      const body = JSON.stringify(entry.body);
      return {
        key: entry.key,
        kind: entry.kind,
        ownerType: entry.owner?.type ?? null,
        ownerId: entry.owner?.id ?? null,
        body,
        bytes: Buffer.byteLength(body),
        createdAt: entry.createdAt,
        expiresAt: entry.expiresAt,
      };
    });
    await this.sql.query(
      `insert into ${this.table} (key, kind, owner_type, owner_id, body, bytes, created_at, expires_at)
       select x->>'key', x->>'kind', x->>'ownerType', x->>'ownerId', (x->>'body')::jsonb, (x->>'bytes')::int,
              (x->>'createdAt')::timestamptz, (x->>'expiresAt')::timestamptz
       from jsonb_array_elements($1::jsonb) as x
       on conflict (key) do update set kind = excluded.kind, owner_type = excluded.owner_type, owner_id = excluded.owner_id,
         body = excluded.body, bytes = excluded.bytes, created_at = excluded.created_at, expires_at = excluded.expires_at`,
      [JSON.stringify(rows)],
    );
  }

  async get<T>(key: string, now: Date): Promise<VaultEntry<T> | undefined> {
    const rows = await this.sql.query<{
      key: string;
      kind: VaultKind;
      owner_type: string | null;
      owner_id: string | null;
      body: T | string;
      created_at: Date | string;
      expires_at: Date | string;
    }>(
      `select key, kind, owner_type, owner_id, body, created_at, expires_at from ${this.table} where key = $1 and expires_at > $2::timestamptz`,
      [key, now.toISOString()],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      key: row.key,
      kind: row.kind,
      owner: row.owner_type && row.owner_id ? { type: row.owner_type as 'user' | 'guest', id: row.owner_id } : null,
      body: typeof row.body === 'string' ? (JSON.parse(row.body) as T) : row.body,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
    };
  }

  async delete(key: string): Promise<boolean> {
    return (await this.sql.query(`delete from ${this.table} where key = $1 returning key`, [key])).length > 0;
  }

  /** Deletes every entry expired by `now`; answers how many of each kind (dryRun: counts only). */
  async purge(now: Date, options: { dryRun?: boolean } = {}): Promise<Record<VaultKind, number>> {
    const verb = options.dryRun ? 'select kind from' : 'delete from';
    const rows = await this.sql.query<{ kind: VaultKind }>(
      `${verb} ${this.table} where expires_at <= $1::timestamptz${options.dryRun ? '' : ' returning kind'}`,
      [now.toISOString()],
    );
    const counts: Record<VaultKind, number> = { text: 0, detection: 0, rewrite: 0, report: 0, upload: 0 };
    for (const row of rows) counts[row.kind] += 1;
    return counts;
  }

  /** Keys of what an account or guest stored (of one kind, or all), expired or not: what forgetOwner would delete. */
  async ownedBy(owner: NonNullable<VaultOwner>, kind?: VaultKind): Promise<string[]> {
    const rows = await this.sql.query<{ key: string }>(
      `select key from ${this.table} where owner_type = $1 and owner_id = $2${kind ? ' and kind = $3' : ''} order by key`,
      kind ? [owner.type, owner.id, kind] : [owner.type, owner.id],
    );
    return rows.map((row) => row.key);
  }

  /** Deletes everything an account or guest stored; answers the keys removed (reports among them). */
  async forgetOwner(owner: NonNullable<VaultOwner>): Promise<Array<{ key: string; kind: VaultKind }>> {
    return this.sql.query<{ key: string; kind: VaultKind }>(
      `delete from ${this.table} where owner_type = $1 and owner_id = $2 returning key, kind`,
      [owner.type, owner.id],
    );
  }

  /** Keys of reports that expired by `now` (their report streams get ReportExpired before the rows go). */
  async expiredReports(now: Date): Promise<string[]> {
    const rows = await this.sql.query<{ key: string }>(
      `select key from ${this.table} where kind = 'report' and expires_at <= $1::timestamptz`,
      [now.toISOString()],
    );
    return rows.map((r) => r.key);
  }

  async count(kind?: VaultKind): Promise<number> {
    const rows = await this.sql.query<{ n: string }>(
      `select count(*)::text as n from ${this.table}${kind ? ' where kind = $1' : ''}`,
      kind ? [kind] : [],
    );
    return Number(rows[0].n);
  }
}
