import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A PGlite database (PostgreSQL in WASM) served over a private Unix socket to ordinary `pg` clients. */
export interface EmbeddedPostgres {
  /** Directory of the Unix socket: use as `host` with port 5432 in pg / MikroORM. */
  socketDir: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The database thread: PGlite and its socket server, answering 'close' with a clean stop. CommonJS run with
 * `eval`, so it needs no TypeScript loader in development and tests; the two packages are resolved by the caller.
 */
const DATABASE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const { PGLiteSocketServer } = require(workerData.socketServer);
(async () => {
  const db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 1 });
  await server.start();
  parentPort.once('message', async () => {
    await server.stop();
    await db.close();
    parentPort.postMessage({ closed: true });
    process.exit(0);
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => {
  parentPort.postMessage({ failed: { message: String(error && error.message), stack: error && error.stack } });
  process.exit(1);
});
`;

/**
 * Opens PGlite at `dataDir` (or in memory when omitted) in a thread of its own and serves it on a Unix socket.
 * PGlite is a single session: clients must use ONE connection (pool size 1) so transactions never interleave.
 *
 * Its own thread: PostgreSQL's work (the WASM engine, its file system calls, the wire protocol's server side) was a
 * third of the API's main thread under load (issue 28, `docs/benchmarks.md`); the clients are unchanged, since they
 * already talked to it over the socket. If the thread stops without being closed, the embedded database is gone:
 * the error is thrown where nothing can catch it, so the process stops instead of answering without a database.
 */
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const socketDir = mkdtempSync(join(tmpdir(), 'inkprint-pg-'));
  const port = 5432;
  const worker = new Worker(DATABASE_THREAD, {
    eval: true,
    workerData: {
      pglite: require.resolve('@electric-sql/pglite'),
      socketServer: require.resolve('@electric-sql/pglite-socket'),
      dataDir,
      socketPath: join(socketDir, `.s.PGSQL.${port}`),
    },
  });
  let closing = false;
  const onUnexpectedExit = (code: number) => {
    if (closing) return;
    throw new Error(`The embedded PostgreSQL thread stopped unexpectedly (exit code ${code})`);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; failed?: { message: string; stack?: string } }) => {
        if (message.ready) return done(resolve);
        if (message.failed) {
          const error = new Error(`The embedded PostgreSQL did not start: ${message.failed.message}`);
          if (message.failed.stack) error.stack = message.failed.stack;
          done(() => reject(error));
        }
      };
      const onError = (error: Error) => done(() => reject(error));
      const onExit = (code: number) =>
        done(() => reject(new Error(`The embedded PostgreSQL thread exited while starting (exit code ${code})`)));
      const done = (settle: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settle();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  } catch (error) {
    closing = true;
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  worker.on('exit', onUnexpectedExit);
  return {
    socketDir,
    port,
    async close() {
      if (closing) return;
      closing = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      await exited;
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
