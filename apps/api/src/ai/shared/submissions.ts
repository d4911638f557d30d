import { expiresAfter, TEXT_RETENTION_MS, type ToolUser } from '@inkprint/ai-domain';
import type { Plan } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import type { TextVault, VaultEntry } from '@inkprint/text-vault';

/** The vault's keys, in one place: who owns an entry is part of its key, so an erasure finds all of it. */
export const vaultKeys = {
  text: (owner: ToolUser, hash: string) => `text:${owner.type}:${owner.id}:${hash}`,
  rewrite: (owner: ToolUser, hash: string) => `rewrite:${owner.type}:${owner.id}:${hash}`,
  upload: (owner: ToolUser, requestId: string) => `upload:${owner.type}:${owner.id}:${requestId}`,
  detection: (hash: string, mode: string, modelVersion: string) => `detection:${hash}:${mode}:${modelVersion}`,
  report: (reportId: string) => `report:${reportId}`,
  reportIdOf: (key: string) => key.slice('report:'.length),
};

/** Words as the product counts them for usage (whitespace-separated). */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** The plan's character limit for a tool, with the spec's code and message (details.max) when the text exceeds it. */
export function checkPlanLimit(plan: Plan, tool: 'detector' | 'humaniser', text: string): void {
  const max = tool === 'detector' ? plan.detectorMaxChars : plan.humaniserMaxChars;
  if (text.length <= max) return;
  const [code, message] =
    tool === 'detector'
      ? ['DETECTOR_CHAR_LIMIT', `Maximum ${max} characters.`]
      : ['HUMANISER_CHAR_LIMIT', `Input exceeds ${max} chars.`];
  throw new DomainError(code, message, 400, { max, length: text.length });
}

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

/** Keeps texts in the vault for 48 h (one write for all of them). */
export function keepText(vault: TextVault, ...entries: KeptText[]): Promise<void> {
  return vault.put(...entries.map(textEntry));
}
