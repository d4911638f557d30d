import type { ReportDraft } from './types';

/** Spec §9: a local preview report is kept 10 days; older ones are dropped whenever the list is read. */
export const LOCAL_PREVIEW_TTL_MS = 10 * 24 * 60 * 60_000;
export const LOCAL_PREVIEW_KEY = 'inkprint.reportPreviews';
const MAX_PREVIEWS = 20;

export interface LocalPreview {
  /** ISO date-time the preview was kept at. */
  savedAt: string;
  draft: ReportDraft;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const isExpired = (preview: LocalPreview, now: number): boolean =>
  !(now - Date.parse(preview.savedAt) < LOCAL_PREVIEW_TTL_MS);

function isPreview(value: unknown): value is LocalPreview {
  const v = value as Partial<LocalPreview> | null;
  return (
    !!v &&
    typeof v.savedAt === 'string' &&
    !!v.draft &&
    typeof v.draft.text === 'string' &&
    typeof v.draft.createdAt === 'string' &&
    typeof v.draft.result?.score === 'number'
  );
}

/** The kept previews younger than 10 days, newest first; expired or unreadable entries are removed from storage. */
export function readLocalPreviews(storage: Storage, now: number): LocalPreview[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(LOCAL_PREVIEW_KEY) ?? '[]');
  } catch {
    stored = [];
  }
  const all = Array.isArray(stored) ? stored : [];
  const kept = all.filter(isPreview).filter((p) => !isExpired(p, now));
  if (kept.length !== all.length) {
    if (kept.length) storage.setItem(LOCAL_PREVIEW_KEY, JSON.stringify(kept));
    else storage.removeItem(LOCAL_PREVIEW_KEY);
  }
  return kept;
}

/** Keeps a draft as the newest local preview (the same draft is kept once; at most 20). */
export function keepLocalPreview(storage: Storage, draft: ReportDraft, now: number): LocalPreview[] {
  const others = readLocalPreviews(storage, now).filter((p) => p.draft.createdAt !== draft.createdAt);
  const list = [{ savedAt: new Date(now).toISOString(), draft }, ...others].slice(0, MAX_PREVIEWS);
  try {
    storage.setItem(LOCAL_PREVIEW_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the preview still shows, it just is not kept.
  }
  return list;
}
