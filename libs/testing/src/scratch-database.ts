import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  name: string;
  /** Drops the database (disconnecting whoever is still on it). */
  drop(): Promise<void>;
}

/**
 * Creates an empty PostgreSQL database next to the test database at `baseUrl` (for tests that run a whole app,
 * which owns its schemas). Refuses a base database whose name does not say it is for tests.
 */
export async function createScratchDatabase(baseUrl: string, label = 'scratch'): Promise<ScratchDatabase> {
  const base = new URL(baseUrl);
  const baseName = base.pathname.replace(/^\//, '');
  if (!/test/i.test(baseName))
    throw new Error(`Refusing to create test databases from "${baseName}": its name must contain "test"`);
  const name = `inkprint_test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  await withClient(baseUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withClient(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
