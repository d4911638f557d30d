import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** A PGlite database (PostgreSQL in WASM) served over a private Unix socket to ordinary `pg` clients. */
export interface EmbeddedPostgres {
  /** Directory of the Unix socket: use as `host` with port 5432 in pg / MikroORM. */
  socketDir: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Opens PGlite at `dataDir` (or in memory when omitted) and serves it on a Unix socket.
 * PGlite is a single session: clients must use ONE connection (pool size 1) so transactions never interleave.
 */
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const socketDir = mkdtempSync(join(tmpdir(), 'inkprint-pg-'));
  const port = 5432;
  const server = new PGLiteSocketServer({ db, path: join(socketDir, `.s.PGSQL.${port}`), maxConnections: 1 });
  await server.start();
  return {
    socketDir,
    port,
    async close() {
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
