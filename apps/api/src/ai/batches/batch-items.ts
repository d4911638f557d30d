import { expiresAfter, TEXT_RETENTION_MS, type ToolUser } from '@inkprint/ai-domain';
import type { VaultEntry } from '@inkprint/text-vault';

/** One item of a batch as it arrived: an uploaded file or a pasted text. */
export type BatchInput = { file: { bytes: Uint8Array; name: string } } | { text: string };

/**
 * The vault's entries of a batch (48 h, owned by the caller, so an erasure takes them): the items' file names, and
 * each item's detection result with the text it was run on (`{result, text}`).
 */
export const batchVaultKeys = {
  names: (owner: ToolUser, batchId: string) => `upload:${owner.type}:${owner.id}:batch:${batchId}`,
  result: (owner: ToolUser, batchId: string, index: number) =>
    `detection:${owner.type}:${owner.id}:batch:${batchId}:${index}`,
};

export function namesEntry(owner: ToolUser, batchId: string, names: Array<string | null>, at: string): VaultEntry {
  return {
    key: batchVaultKeys.names(owner, batchId),
    kind: 'upload',
    owner,
    body: { names },
    createdAt: at,
    expiresAt: expiresAfter(at, TEXT_RETENTION_MS),
  };
}

export function resultEntry(owner: ToolUser, batchId: string, index: number, result: unknown, at: string): VaultEntry {
  return {
    key: batchVaultKeys.result(owner, batchId, index),
    kind: 'detection',
    owner,
    body: result,
    createdAt: at,
    expiresAt: expiresAfter(at, TEXT_RETENTION_MS),
  };
}

/** Runs `work` on every item, at most `limit` at once (the bus orders the jobs by the plan's priority). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}
