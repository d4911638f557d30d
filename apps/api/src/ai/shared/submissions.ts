import type { Plan } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { textEntry, type KeptText, type TextVault } from '@inkprint/text-vault';

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

/** Keeps texts in the vault for 48 h (one write for all of them). */
export function keepText(vault: TextVault, ...entries: KeptText[]): Promise<void> {
  return vault.put(...entries.map(textEntry));
}
