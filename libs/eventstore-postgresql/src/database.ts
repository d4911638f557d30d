import { MikroORM, type EntityClass, type EntitySchema, type Options } from '@mikro-orm/core';
import { PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import { KnexSqlClient, type SqlClient } from './sql/sql-client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './sql/embedded-postgres';
import { SqlStatements } from './sql/sql-statements';

export interface DatabaseOptions {
  /** PostgreSQL connection string. Absent: embedded PGlite at `dataDir` (in memory when both are absent). */
  databaseUrl?: string;
  dataDir?: string;
  /** Read-model entities (MikroORM). */
  entities?: Array<EntityClass<object> | EntitySchema>;
  /** Connection pool size on PostgreSQL (PGlite always uses 1). */
  poolSize?: number;
  debug?: boolean;
}

/** One database for events and read models: a MikroORM instance and a SqlClient sharing its connection pool. */
export interface Database {
  kind: 'postgres' | 'pglite';
  orm: MikroORM<PostgreSqlDriver>;
  em: EntityManager;
  sql: SqlClient;
  /** Every statement sent to the database (counted at the driver: SqlClient and MikroORM alike). */
  statements: SqlStatements;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  const base: Options<PostgreSqlDriver> = {
    driver: PostgreSqlDriver,
    entities: options.entities ?? [],
    discovery: { warnWhenNoEntities: false },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    ensureDatabase: false,
  };
  let config: Options<PostgreSqlDriver>;
  if (options.databaseUrl) {
    config = { ...base, clientUrl: options.databaseUrl, pool: { min: 0, max: options.poolSize ?? 10 } };
  } else {
    embedded = await startEmbeddedPostgres(options.dataDir);
    config = {
      ...base,
      host: embedded.socketDir,
      port: embedded.port,
      user: 'postgres',
      password: 'postgres',
      dbName: 'postgres',
      pool: { min: 1, max: 1 },
    };
  }
  try {
    const orm = await MikroORM.init(config);
    const knex = orm.em.getConnection().getKnex();
    const statements = new SqlStatements();
    // knex reports each statement it sends, in transactions too (begin and commit included).
    knex.on('query', (query: { sql: string }) => statements.sent(query.sql));
    const sql = new KnexSqlClient(knex);
    return {
      kind: embedded ? 'pglite' : 'postgres',
      orm,
      em: orm.em,
      sql,
      statements,
      async close() {
        await orm.close(true);
        await embedded?.close();
      },
    };
  } catch (error) {
    await embedded?.close();
    throw error;
  }
}
