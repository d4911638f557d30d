import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

const connect = async (socketDir: string, port: number) => {
  const client = new Client({ host: socketDir, port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
};

describe('startEmbeddedPostgres (PGlite in its own thread, served on a Unix socket)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'inkprint-embedded-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves pg clients, keeps what was written in its data directory across a restart, and cleans up on close', async () => {
    const first = await startEmbeddedPostgres(join(dir, 'data'));
    const client = await connect(first.socketDir, first.port);
    await client.query('CREATE TABLE notes (id int PRIMARY KEY, body text)');
    await client.query("INSERT INTO notes VALUES (1, 'kept')");
    await client.end();
    await first.close();
    await first.close(); // a second close is a no-op
    expect(existsSync(first.socketDir)).toBe(false);

    const second = await startEmbeddedPostgres(join(dir, 'data'));
    const again = await connect(second.socketDir, second.port);
    const { rows } = await again.query('SELECT body FROM notes WHERE id = 1');
    expect(rows).toEqual([{ body: 'kept' }]);
    await again.end();
    await second.close();
  }, 60_000);

  it("rejects with the database's reason when it cannot start", async () => {
    // A data directory of another PostgreSQL version: PGlite refuses it inside the database thread.
    const data = join(dir, 'foreign');
    mkdirSync(data);
    writeFileSync(join(data, 'PG_VERSION'), '9\n');
    await expect(startEmbeddedPostgres(data)).rejects.toThrow(/The embedded PostgreSQL (did not start|thread exited)/);
  }, 60_000);
});
