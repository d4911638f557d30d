import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EventStore } from '@inkprint/eventstore';
import { accountPlan, usageDay, usageStreamId } from '@inkprint/plans-domain';
import { UsageService, type UsageHolder } from '../src/usage';
import { INTERRUPTED_AFTER_MS } from '../src/ai/shared/interrupted-runs';
import { EVENT_STORE } from '../src/platform/tokens';
import { startTestApp } from './support/test-app';

// Issue 25 item 7 over a restart of the real app (PGlite, its checkpoint in es_checkpoints): a request counted but
// cut off before it answered (here: counted, then the process stops) is given back when the API starts again.
describe('a request cut off by a stop is given back on the next start', () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-interrupted-'));
  afterAll(() => fs.rmSync(data, { recursive: true, force: true }));

  it('counted before the stop, released at start, and only once', async () => {
    const env = { DATA_DIR: path.join(data, 'pglite') };
    const holder: UsageHolder = { kind: 'account', accountId: randomUUID(), plan: accountPlan(null) };
    const at = new Date(Date.now() - INTERRUPTED_AFTER_MS - 1_000);
    const before = await startTestApp({ kind: 'pglite' }, { env });
    try {
      await before.app.get(UsageService).consume(holder, 'detector', { words: 42, now: at });
      expect(await before.app.get(UsageService).usedToday(holder, 'detector', at)).toBe(1);
    } finally {
      await before.close();
    }
    for (let start = 0; start < 2; start++) {
      const after = await startTestApp({ kind: 'pglite' }, { env });
      try {
        expect(await after.app.get(UsageService).usedToday(holder, 'detector', at)).toBe(0);
        const stream = usageStreamId('detector', usageDay(at), { kind: 'account', id: holder.accountId });
        const events = await after.app.get<symbol, EventStore>(EVENT_STORE).readStream(stream);
        expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
          ['QuotaConsumed', undefined],
          ['QuotaReleased', 'interrupted'],
        ]);
      } finally {
        await after.close();
      }
    }
  });
});
