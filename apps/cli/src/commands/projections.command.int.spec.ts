import { describeWithService } from '@inkprint/testing';
import { Capture } from '../testing/cli-harness';
import { registerAccount, scratchData, type OpsBackend } from '../testing/ops-fixtures';
import { formatDeadLetters, rebuildProjections, resolveDeadLetters } from './projections.command';

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

  it('a sign-up the read models cannot store is parked, the others go on; dead-letters lists it, --retry keeps it, --skip clears it', async () => {
    const scratch = await scratchData(backend());
    const data = await scratch.open();
    try {
      await registerAccount(data.store, 'Ada');
      // Written straight into the log (the API refuses it at the boundary since issue 25): PostgreSQL cannot store NUL.
      const poisoned = await registerAccount(data.store, 'Mallory\u0000');
      await registerAccount(data.store, 'Grace');
      for (const p of data.runner.projections) await data.runner.catchUp(p.name);
      const names = await data.db.sql.query<{ name: string }>('select name from read_model.users order by name');
      expect(names.map((r) => r.name)).toEqual(['Ada', 'Grace']);
      for (const row of await data.runner.status()) expect(row.lag).toBe(0);

      const { left } = await resolveDeadLetters(data.runner);
      expect(left.length).toBeGreaterThan(0);
      expect(new Set(left.map((l) => l.streamId))).toEqual(new Set([`account-${poisoned}`]));
      const listing = formatDeadLetters(left);
      expect(listing).toContain('users');
      expect(listing).not.toMatch(/mallory/i);

      const eventId = left[0].eventId;
      await expect(resolveDeadLetters(data.runner, { retry: eventId })).rejects.toThrow();
      expect((await data.runner.deadLetters()).some((l) => l.eventId === eventId)).toBe(true);
      const parkedIds = new Set((await data.runner.deadLetters()).map((l) => l.eventId));
      for (const id of parkedIds) await resolveDeadLetters(data.runner, { skip: id });
      expect(formatDeadLetters(await data.runner.deadLetters())).toBe('No parked events.\n');
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
