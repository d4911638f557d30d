import {
  isExpired,
  keepLocalPreview,
  LOCAL_PREVIEW_KEY,
  LOCAL_PREVIEW_TTL_MS,
  readLocalPreviews,
} from './local-preview';
import type { ReportDraft } from './types';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const DAY = 24 * 60 * 60_000;
const T0 = Date.parse('2026-11-01T12:00:00.000Z');
const draft = (createdAt: string, score = 0.5) =>
  ({ createdAt, text: `text of ${createdAt}`, result: { score } }) as unknown as ReportDraft;

describe('local preview reports (kept 10 days, pruned on read)', () => {
  it('keeps for exactly 10 days', () => {
    expect(LOCAL_PREVIEW_TTL_MS).toBe(10 * DAY);
    const preview = { savedAt: new Date(T0).toISOString(), draft: draft('a') };
    expect(isExpired(preview, T0 + 10 * DAY - 1)).toBe(false);
    expect(isExpired(preview, T0 + 10 * DAY)).toBe(true);
    expect(isExpired({ ...preview, savedAt: 'not a date' }, T0)).toBe(true);
  });

  it('keeps the newest first, once per draft', () => {
    const storage = new MemoryStorage();
    keepLocalPreview(storage, draft('a'), T0);
    keepLocalPreview(storage, draft('b'), T0 + DAY);
    keepLocalPreview(storage, draft('a', 0.9), T0 + 2 * DAY);
    const list = readLocalPreviews(storage, T0 + 2 * DAY);
    expect(list.map((p) => [p.draft.createdAt, p.draft.result.score])).toEqual([
      ['a', 0.9],
      ['b', 0.5],
    ]);
  });

  it('removes expired and unreadable entries from storage when read', () => {
    const storage = new MemoryStorage();
    keepLocalPreview(storage, draft('old'), T0);
    keepLocalPreview(storage, draft('new'), T0 + 5 * DAY);
    const stored = JSON.parse(storage.getItem(LOCAL_PREVIEW_KEY)!);
    storage.setItem(LOCAL_PREVIEW_KEY, JSON.stringify([...stored, { savedAt: 'x' }, 42]));

    expect(readLocalPreviews(storage, T0 + 10 * DAY).map((p) => p.draft.createdAt)).toEqual(['new']);
    expect(JSON.parse(storage.getItem(LOCAL_PREVIEW_KEY)!)).toHaveLength(1);

    expect(readLocalPreviews(storage, T0 + 15 * DAY)).toEqual([]);
    expect(storage.getItem(LOCAL_PREVIEW_KEY)).toBeNull();
  });

  it('reads broken storage as empty', () => {
    const storage = new MemoryStorage();
    storage.setItem(LOCAL_PREVIEW_KEY, '{not json');
    expect(readLocalPreviews(storage, T0)).toEqual([]);
  });
});
