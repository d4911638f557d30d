import type { Knex } from 'knex';

/** The SQL the event store and projections need: parameterised queries ($1, $2...) and transactions. */
export interface SqlClient {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
}

/**
 * Converts `$n` placeholders to knex's positional `?` bindings (repeating values where `$n` repeats).
 * Our SQL never uses the jsonb `?` operators, so a literal `?` would be a bug: it is rejected.
 */
export function toKnexBindings(sql: string, params: readonly unknown[]): { sql: string; bindings: unknown[] } {
  if (sql.includes('?')) throw new Error('SQL for SqlClient must use $n placeholders, not ?');
  const bindings: unknown[] = [];
  const converted = sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length)
      throw new Error(`SQL references $${n} but ${params.length} params were given`);
    bindings.push(params[index]);
    return '?';
  });
  return { sql: converted, bindings };
}

/**
 * SqlClient over a knex instance (MikroORM's own, so the event store and the read models share one pool:
 * essential on embedded PGlite, which is a single session where transactions must not interleave).
 */
export class KnexSqlClient implements SqlClient {
  constructor(private readonly knex: Knex | Knex.Transaction) {}

  async query<Row extends object = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<Row[]> {
    const { sql: text, bindings } = toKnexBindings(sql, params);
    const result = (await this.knex.raw(text, bindings as Knex.RawBinding[])) as { rows?: Row[] };
    return result.rows ?? [];
  }

  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.knex.transaction((trx) => work(new KnexSqlClient(trx)));
  }
}
