import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openDatabase, type Database } from '@inkprint/eventstore-postgresql';
import { ProjectionRunner, ReadModelFreshness } from '@inkprint/projections';
import { inkprintProjections, ReadModels } from '@inkprint/read-models';
import type { SignedInAccount } from '../accounts/auth/current-account';
import { AdminReads } from '../admin/shared/admin-reads';
import { AdministeredAccounts } from '../admin/shared/administered-accounts';
import {
  BootstrapSuperAdmin,
  BootstrapSuperAdminHandler,
} from '../accounts/super-admin-bootstrap/bootstrap-super-admin.handler';
import { accountsHarness } from './accounts-harness';

/**
 * The admin slices read projections, so their harness adds the read models: the events stay in the in-memory store,
 * the projections run (for real, in the background as in the API) into one embedded PostgreSQL per test file.
 */
export async function openReadModels() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-admin-handlers-'));
  const projections = inkprintProjections();
  const db: Database = await openDatabase({
    dataDir: path.join(tmp, 'pglite'),
    entities: projections.flatMap((p) => [...p.entities]),
  });
  let schema = 0;
  return {
    /** A fresh event log and fresh read-model tables (own schema) for one test, with the super admin bootstrapped. */
    async harness() {
      const t = accountsHarness();
      const runner = new ProjectionRunner(db, t.store, projections, {
        schema: `admin_t${++schema}`,
        pollIntervalMs: 20,
      });
      await runner.init();
      runner.start();
      const freshness = new ReadModelFreshness(runner, t.store, { timeoutMs: 10_000 });
      const reads = new AdminReads(new ReadModels(db.em, runner.schema), freshness);
      const administered = new AdministeredAccounts(t.accounts, reads, t.ids);
      const root = await new BootstrapSuperAdminHandler(t.accounts, t.ids).execute(
        new BootstrapSuperAdmin({ email: 'root@example.com', password: 'Sup3r-secret!', name: 'Root' }),
      );
      const superAdmin: SignedInAccount = {
        accountId: root.accountId,
        email: 'root@example.com',
        name: 'Root',
        role: 'super_admin',
        sessionId: t.ids.uuid(),
        planSlug: null,
      };
      t.mark();
      return { t, runner, freshness, reads, administered, superAdmin, stop: () => runner.stop() };
    },
    async close() {
      await db.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
