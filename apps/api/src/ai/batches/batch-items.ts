import { expiresAfter, TEXT_RETENTION_MS, type ToolUser } from '@inkprint/ai-domain';
import type { VaultEntry } from '@inkprint/text-vault';

/** One item of a batch as it arrived: an uploaded file or a pasted text. */
export type BatchInput = { file: { bytes: Uint8Array; name: string } } | { text: string };

/**
 * The vault's entries of a batch (48 h, owned by the caller, so an erasure takes them): the items' file names, each
 * item's input until it settles (what a run after a restart reads), and each item's detection result with the text
 * it was run on (`{result, text}`).
 */
export const batchVaultKeys = {
  names: (owner: ToolUser, batchId: string) => `upload:${owner.type}:${owner.id}:batch:${batchId}`,
  input: (owner: ToolUser, batchId: string, index: number) =>
    `upload:${owner.type}:${owner.id}:batch:${batchId}:${index}`,
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

/** One item's input as the vault keeps it: the pasted text, or the file with its bytes in base64. */
export function inputEntry(owner: ToolUser, batchId: string, index: number, input: BatchInput, at: string): VaultEntry {
  return {
    key: batchVaultKeys.input(owner, batchId, index),
    kind: 'upload',
    owner,
    body:
      'text' in input
        ? { text: input.text }
        : { file: { name: input.file.name, bytes: Buffer.from(input.file.bytes).toString('base64') } },
    createdAt: at,
    expiresAt: expiresAfter(at, TEXT_RETENTION_MS),
  };
}

/** The input an `inputEntry` kept; null when the body is not one. */
export function inputOf(body: unknown): BatchInput | null {
  const b = body as { text?: unknown; file?: { name?: unknown; bytes?: unknown } } | null;
  if (typeof b?.text === 'string') return { text: b.text };
  if (typeof b?.file?.name === 'string' && typeof b.file.bytes === 'string')
    return { file: { name: b.file.name, bytes: new Uint8Array(Buffer.from(b.file.bytes, 'base64')) } };
  return null;
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
