import * as path from 'node:path';
import { accountsPersonalData } from '@inkprint/accounts-domain';
import { KurrentDbEventStore } from '@inkprint/eventstore-kurrentdb';
import { openDatabase, openEventStore } from '@inkprint/eventstore-postgresql';
import { ProjectionRunner } from '@inkprint/projections';
import { inkprintProjections } from '@inkprint/read-models';

/** Repository root: this file sits at apps/cli/{src,dist}/ops/. */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** The variables that say where the API keeps its data; the CLI reads the same ones. */
export interface DataEnvironment {
  DATABASE_URL?: string;
  DATA_DIR?: string;
  KURRENTDB_URL?: string;
}

/**
 * Opens the same database, event store (personal data sealed and opened as in the API) and projections as the API,
 * from the same variables: DATABASE_URL (PostgreSQL), else PGlite in DATA_DIR (default .data/pglite, relative to
 * the repository root), and KURRENTDB_URL when the events live in KurrentDB.
 */
export async function openInkprintData(env: DataEnvironment = process.env) {
  const projections = inkprintProjections();
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : path.resolve(REPO_ROOT, env.DATA_DIR || '.data/pglite'),
    entities: projections.flatMap((p) => [...p.entities]),
  });
  const store = await openEventStore(db, {
    personalData: accountsPersonalData,
    events: env.KURRENTDB_URL ? KurrentDbEventStore.connect(env.KURRENTDB_URL) : undefined,
  });
  const runner = new ProjectionRunner(db, store, projections);
  await runner.init();
  return {
    db,
    store,
    runner,
    async close() {
      await store.close();
      await db.close();
    },
  };
}

export type InkprintData = Awaited<ReturnType<typeof openInkprintData>>;
