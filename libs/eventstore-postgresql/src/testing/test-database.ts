import { randomUUID } from 'node:crypto';
import { openDatabase, type Database, type DatabaseOptions } from '../database';

/** Which database a test file runs against: the shared embedded PGlite, or a real PostgreSQL URL. */
export type TestBackend = { kind: 'pglite' } | { kind: 'postgres'; url: string };

/** A unique schema name per test file, so files never see each other's tables. */
export function testSchemaName(prefix = 't'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

/** Opens a database for tests; refuses a PostgreSQL database whose name does not say it is for tests. */
export async function openTestDatabase(
  backend: TestBackend,
  options: Omit<DatabaseOptions, 'databaseUrl'> = {},
): Promise<Database> {
  if (backend.kind === 'pglite') return openDatabase(options);
  const name = new URL(backend.url).pathname.replace(/^\//, '');
  if (!/test/i.test(name))
    throw new Error(`Refusing to run tests against database "${name}": its name must contain "test"`);
  return openDatabase({ ...options, databaseUrl: backend.url, poolSize: options.poolSize ?? 4 });
}

export async function dropSchema(db: Database, schema: string): Promise<void> {
  await db.sql.query(`drop schema if exists "${schema}" cascade`);
}
