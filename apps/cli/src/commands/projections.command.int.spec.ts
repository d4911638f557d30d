import { describeWithService } from '@inkprint/testing';
import { Capture } from '../testing/cli-harness';
import { registerAccount, scratchData, type OpsBackend } from '../testing/ops-fixtures';
import { rebuildProjections } from './projections.command';

jest.setTimeout(120_000);

function suite(backend: () => OpsBackend) {
  it('rebuilds every projection into shadow tables and swaps them in: same rows, checkpoints at the head', async () => {
    const scratch = await scratchData(backend());
    const data = await scratch.open();
    try {
      for (const name of ['Ada', 'Grace', 'Edsger']) await registerAccount(data.store, name);
      await data.runner.catchUpAll();
      const users = () =>
        data.db.sql.query<{ id: string; name: string }>('select id, name from read_model.users order by id');
      const before = await users();
      expect(before).toHaveLength(3);
      // A read model that lost its rows (what a rebuild is for) comes back from the log.
      await data.db.sql.query('delete from read_model.users');

      const progress = new Capture();
      const names = (await data.runner.status()).map((row) => row.name);
      const result = await rebuildProjections(data.runner, names, progress);

      expect(result.projections).toBe(names.length);
      expect(result.events).toBeGreaterThanOrEqual(3);
      expect(await users()).toEqual(before);
      for (const row of await data.runner.status()) expect(row.lag).toBe(0);
      // Not a terminal: plain lines, the last one complete.
      expect(progress.text.trim().split('\n').at(-1)).toBe(
        `rebuilding projections: ${names.length}/${names.length} projections`,
      );
      expect(progress.text).not.toContain('\r');
      // No shadow schema is left behind.
      const shadows = await data.db.sql.query(`select nspname from pg_namespace where nspname like 'rb\\_%'`);
      expect(shadows).toEqual([]);
    } finally {
      await data.close();
      await scratch.dispose();
    }
  });

  it('refuses an unknown projection before rebuilding anything', async () => {
    const scratch = await scratchData(backend());
    const data = await scratch.open();
    try {
      const progress = new Capture();
      await expect(rebuildProjections(data.runner, ['users', 'nope'], progress)).rejects.toThrow(
        /Unknown projection "nope"/,
      );
      expect(progress.text).toBe('');
    } finally {
      await data.close();
      await scratch.dispose();
    }
  });
}

describe('inkprint projections rebuild (PGlite)', () => suite(() => ({ kind: 'pglite' })));
describeWithService('postgres', 'inkprint projections rebuild (PostgreSQL)', (url) =>
  suite(() => ({ kind: 'postgres', baseUrl: url })),
);
