import { expiresAfter, TEXT_RETENTION_MS, type ToolUser } from '@inkprint/ai-domain';
import type { VaultEntry } from './text-vault';

/** Shared reports are kept under `report:<reportId>`. */
export const REPORT_KEY_PREFIX = 'report:';

/**
 * The vault's keys, in one place for the API, the CLI and the retention purge: who owns an entry is part of its key,
 * so an erasure finds all of it.
 */
export const vaultKeys = {
  text: (owner: ToolUser, hash: string) => `text:${owner.type}:${owner.id}:${hash}`,
  rewrite: (owner: ToolUser, hash: string) => `rewrite:${owner.type}:${owner.id}:${hash}`,
  upload: (owner: ToolUser, requestId: string) => `upload:${owner.type}:${owner.id}:${requestId}`,
  detection: (hash: string, mode: string, modelVersion: string) => `detection:${hash}:${mode}:${modelVersion}`,
  report: (reportId: string) => `${REPORT_KEY_PREFIX}${reportId}`,
  reportIdOf: (key: string) => key.slice(REPORT_KEY_PREFIX.length),
};

export interface KeptText {
  key: string;
  kind: 'text' | 'rewrite' | 'upload';
  owner: ToolUser;
  text: string;
  at: string;
}

/** A submitted text (or a rewrite, or extracted text) as the vault keeps it: for the 48 h the policy allows. */
export function textEntry(entry: KeptText): VaultEntry {
  return {
    key: entry.key,
    kind: entry.kind,
    owner: entry.owner,
    body: { text: entry.text },
    createdAt: entry.at,
    expiresAt: expiresAfter(entry.at, TEXT_RETENTION_MS),
  };
}
