import { newDataKey, PersonalDataErasedError, type PersonalDataKeys } from '@inkprint/eventstore';
import { quoteIdentifier } from '../sql/identifiers';
import type { SqlClient } from '../sql/sql-client';

export interface SqlPersonalDataKeysOptions {
  schema?: string;
  /** How long a key (or its absence) is remembered in this process. Bounds how long another process that erased a
   * subject may still see it opened here. Default 30 s. */
  cacheTtlMs?: number;
  now?: () => number;
}

type KeyRow = { data_key: string | null };

/**
 * Keys in a table of the same PostgreSQL/PGlite database as the events (`personal_data_keys`). Unlike the event log
 * the table is mutable: erasing sets the key to NULL. A backup of the database still holds the keys it was taken
 * with: keep backups under the same retention as the personal data itself.
 */
export class SqlPersonalDataKeys implements PersonalDataKeys {
  private readonly table: string;
  private readonly cache = new Map<string, { key: Buffer | null; until: number }>();
  private readonly ttl: number;
  private readonly now: () => number;

  private constructor(
    private readonly sql: SqlClient,
    options: SqlPersonalDataKeysOptions,
  ) {
    this.table = `${quoteIdentifier(options.schema ?? 'public')}.personal_data_keys`;
    this.ttl = options.cacheTtlMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  static async create(sql: SqlClient, options: SqlPersonalDataKeysOptions = {}): Promise<SqlPersonalDataKeys> {
    const keys = new SqlPersonalDataKeys(sql, options);
    await sql.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext('inkprint:personal-data-keys-schema'))`);
      await tx.query(`create schema if not exists ${quoteIdentifier(options.schema ?? 'public')}`);
      await tx.query(`
        create table if not exists ${keys.table} (
          subject text primary key,
          data_key text,
          created_at timestamptz not null default now(),
          erased_at timestamptz
        )`);
    });
    return keys;
  }

  async keyForWriting(subject: string): Promise<Buffer> {
    const cached = this.fromCache(subject);
    if (cached) return cached;
    // Two writers creating the first key at once: the insert of one wins, both read the winner's key.
    await this.sql.query(
      `insert into ${this.table} (subject, data_key) values ($1, $2) on conflict (subject) do nothing`,
      [subject, newDataKey().toString('base64')],
    );
    const key = await this.load(subject);
    if (!key) throw new PersonalDataErasedError(subject);
    return key;
  }

  async keyForReading(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached && cached.until > this.now()) return cached.key;
    return this.load(subject);
  }

  async erase(subject: string): Promise<boolean> {
    const before = await this.sql.query<KeyRow>(`select data_key from ${this.table} where subject = $1`, [subject]);
    // An erased subject keeps its row (key NULL), so a later write cannot quietly create a fresh key for it.
    await this.sql.query(
      `insert into ${this.table} (subject, data_key, erased_at) values ($1, null, now())
       on conflict (subject) do update set data_key = null, erased_at = coalesce(${this.table}.erased_at, now())`,
      [subject],
    );
    this.cache.set(subject, { key: null, until: this.now() + this.ttl });
    return Boolean(before[0]?.data_key);
  }

  async isErased(subject: string): Promise<boolean> {
    const rows = await this.sql.query<{ erased: boolean }>(
      `select erased_at is not null as erased from ${this.table} where subject = $1`,
      [subject],
    );
    return rows[0]?.erased ?? false;
  }

  private fromCache(subject: string): Buffer | null {
    const cached = this.cache.get(subject);
    return cached && cached.until > this.now() && cached.key ? cached.key : null;
  }

  private async load(subject: string): Promise<Buffer | null> {
    const rows = await this.sql.query<KeyRow>(`select data_key from ${this.table} where subject = $1`, [subject]);
    const key = rows[0]?.data_key ? Buffer.from(rows[0].data_key, 'base64') : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(subject, { key, until: this.now() + this.ttl });
    return key;
  }
}
