import { reportStreamId } from '@inkprint/ai-domain';
import { TextVault } from '@inkprint/text-vault';
import { Capture } from '../testing/cli-harness';
import { scratchData, shareReport } from '../testing/ops-fixtures';
import { purgeSummaryLine, runRetentionPurge } from './retention.command';

jest.setTimeout(120_000);

const H = 3600_000;

describe('inkprint retention purge (PGlite)', () => {
  it('dry-run counts what would go and changes nothing; the purge then expires reports and deletes expired entries', async () => {
    const scratch = await scratchData({ kind: 'pglite' });
    const data = await scratch.open();
    try {
      const vault = await TextVault.create(data.db.sql);
      const now = new Date();
      const ago = (hours: number) => new Date(now.getTime() - hours * H);
      const oldReport = await shareReport(data.store, ago(30), ago(6));
      const freshReport = await shareReport(data.store, ago(1), new Date(now.getTime() + 23 * H));
      const entry = (key: string, kind: 'text' | 'report', createdAt: Date, expiresAt: Date) => ({
        key,
        kind,
        owner: kind === 'text' ? { type: 'guest' as const, id: 'g1' } : null,
        body: { text: key },
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      await vault.put(
        entry('text:guest:g1:old-1', 'text', ago(50), ago(2)),
        entry('text:guest:g1:old-2', 'text', ago(49), ago(1)),
        entry('text:guest:g1:new', 'text', ago(1), new Date(now.getTime() + 47 * H)),
        entry(`report:${oldReport}`, 'report', ago(30), ago(6)),
        entry(`report:${freshReport}`, 'report', ago(1), new Date(now.getTime() + 23 * H)),
      );
      const types = async (reportId: string) =>
        (await data.store.readStream(reportStreamId(reportId))).map((event) => event.type);

      const progress = new Capture();
      const dry = await runRetentionPurge(data.store, vault, { dryRun: true, now, progress });
      expect(dry).toMatchObject({ expiredReports: 1, dryRun: true, deleted: { text: 2, report: 1, detection: 0 } });
      expect(purgeSummaryLine(dry, '0.1 s')).toBe('would purge 2 texts, 1 report in 0.1 s');
      expect(await types(oldReport)).toEqual(['ReportShared']);
      expect(await vault.purge(now, { dryRun: true })).toMatchObject({ text: 2, report: 1 });
      expect(progress.text).toBe('');

      const done = await runRetentionPurge(data.store, vault, { now, progress });
      expect(done).toMatchObject({ expiredReports: 1, dryRun: false, deleted: { text: 2, report: 1 } });
      expect(purgeSummaryLine(done, '0.4 s')).toBe('purged 2 texts, 1 report (1 report expired) in 0.4 s');
      expect(await types(oldReport)).toEqual(['ReportShared', 'ReportExpired']);
      expect(await types(freshReport)).toEqual(['ReportShared']);
      expect(progress.text.trim()).toBe('expiring reports: 1/1 reports');

      const again = await runRetentionPurge(data.store, vault, { now, progress: new Capture() });
      expect(purgeSummaryLine(again, '0.0 s')).toBe('purged nothing in 0.0 s');
      expect(await types(oldReport)).toEqual(['ReportShared', 'ReportExpired']);
    } finally {
      await data.close();
      await scratch.dispose();
    }
  });
});
