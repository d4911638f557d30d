import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openDatabase, type Database } from '@inkprint/eventstore-postgresql';
import { TextVault } from './text-vault';

describe('TextVault (purgeable store) on embedded PostgreSQL', () => {
  let db: Database;
  let vault: TextVault;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-vault-'));
  const t0 = new Date('2026-03-01T10:00:00.000Z');
  const later = (ms: number) => new Date(t0.getTime() + ms);
  const H48 = 48 * 3600_000;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: path.join(tmp, 'pglite') });
    vault = await TextVault.create(db.sql, { schema: 'vault_test' });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('answers an entry until it expires, never after, and purge deletes exactly the expired ones', async () => {
    await vault.put({
      key: 'text:a',
      kind: 'text',
      owner: { type: 'guest', id: 'g1' },
      body: { text: 'hello' },
      createdAt: t0.toISOString(),
      expiresAt: later(H48).toISOString(),
    });
    await vault.put({
      key: 'report:r',
      kind: 'report',
      owner: null,
      body: { score: 0.4 },
      createdAt: t0.toISOString(),
      expiresAt: later(24 * 3600_000).toISOString(),
    });
    expect((await vault.get<{ text: string }>('text:a', later(H48 - 1)))?.body).toEqual({ text: 'hello' });
    expect(await vault.get('text:a', later(H48))).toBeUndefined();
    expect(await vault.purge(later(25 * 3600_000), { dryRun: true })).toMatchObject({ report: 1, text: 0 });
    expect(await vault.count('report')).toBe(1);
    expect(await vault.purge(later(25 * 3600_000))).toMatchObject({ report: 1, text: 0 });
    expect(await vault.count('report')).toBe(0);
    expect(await vault.purge(later(H48))).toMatchObject({ text: 1 });
    expect(await vault.count()).toBe(0);
  });

  it('stores several entries in one write, replaces an existing key, and keeps the last of a repeated key', async () => {
    const entry = (key: string, body: unknown, owner: { type: 'user'; id: string } | null = null) => ({
      key,
      kind: 'text' as const,
      owner,
      body,
      createdAt: t0.toISOString(),
      expiresAt: later(H48).toISOString(),
    });
    await vault.put(entry('many:1', { text: 'old' }));
    await vault.put(
      entry('many:1', { text: 'new', quote: 'it\'s "quoted" \u2014 ok' }, { type: 'user', id: 'u9' }),
      entry('many:2', { nested: { n: 1.5, list: [1, 'two'] } }),
      entry('many:2', { nested: { n: 2 } }),
    );
    expect((await vault.get('many:1', t0))?.body).toEqual({ text: 'new', quote: 'it\'s "quoted" \u2014 ok' });
    expect((await vault.get('many:1', t0))?.owner).toEqual({ type: 'user', id: 'u9' });
    expect((await vault.get('many:2', t0))?.body).toEqual({ nested: { n: 2 } });
    await vault.put();
    await vault.purge(later(H48));
  });

  it('forgets everything of one owner and nothing of another', async () => {
    const owner = { type: 'user' as const, id: 'u1' };
    for (const key of ['text:1', 'detection:1', 'report:1']) {
      await vault.put({
        key,
        kind: key.split(':')[0] as 'text',
        owner,
        body: { key },
        createdAt: t0.toISOString(),
        expiresAt: later(H48).toISOString(),
      });
    }
    await vault.put({
      key: 'text:other',
      kind: 'text',
      owner: { type: 'user', id: 'u2' },
      body: {},
      createdAt: t0.toISOString(),
      expiresAt: later(H48).toISOString(),
    });
    expect(await vault.ownedBy(owner)).toEqual(['detection:1', 'report:1', 'text:1']);
    expect(await vault.ownedBy(owner, 'report')).toEqual(['report:1']);
    expect((await vault.forgetOwner(owner)).map((r) => r.key).sort()).toEqual(['detection:1', 'report:1', 'text:1']);
    expect(await vault.ownedBy(owner)).toEqual([]);
    expect(await vault.get('text:other', t0)).toBeDefined();
  });
});
