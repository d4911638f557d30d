// The user-facing `notes`: one short line saying what changed, in the product's words.
import type { Changes } from './operators';
import type { ToneProfile } from './tones';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export interface NoteInput {
  changes: Changes;
  profile: ToneProfile;
  requestedTone: string;
  removed: { preamble?: string; closing?: string };
  dropped: string[];
  llm?: 'used' | 'rejected' | 'failed';
  llmReason?: string;
  unchanged?: boolean;
}

export function composeNotes(n: NoteInput): string {
  const c = n.changes;
  const parts: string[] = [];
  if (n.unchanged) parts.push('No safe rewrite kept the meaning, so the text is returned unchanged');
  if (n.removed.preamble) parts.push('removed the assistant preamble');
  if (n.removed.closing) parts.push(`removed the closing line "${n.removed.closing.slice(0, 60)}"`);
  if (c.phrases) parts.push(`replaced ${plural(c.phrases, 'stock phrase', 'stock phrases')}`);
  if (c.hedges) parts.push(`cut ${plural(c.hedges, 'hedge', 'hedges')}`);
  if (c.transitions) parts.push(`dropped or simplified ${plural(c.transitions, 'transition', 'transitions')}`);
  if (c.words) parts.push(`swapped ${plural(c.words, 'overused word', 'overused words')} for plainer ones`);
  const rhythm: string[] = [];
  if (c.splits) rhythm.push(`split ${c.splits}`);
  if (c.merges) rhythm.push(`merged ${c.merges}`);
  if (rhythm.length) parts.push(`varied sentence rhythm (${rhythm.join(', ')})`);
  if (c.dashes) parts.push(`replaced ${plural(c.dashes, 'dash', 'dashes')} with plainer punctuation`);
  if (c.contractions) parts.push(`contractions for a ${n.profile.tone} tone`);
  if (c.expansions) parts.push(`no contractions for a ${n.profile.tone} tone`);
  if (n.dropped.length) parts.push(`${plural(n.dropped.length, 'sentence', 'sentences')} reworded beyond recognition`);
  if (n.llm === 'used') parts.push('rewritten by the configured language model');
  if (n.llm === 'rejected')
    parts.push(`the language model's rewrite was not used (${n.llmReason ?? 'failed the meaning check'})`);
  if (n.llm === 'failed')
    parts.push(`the language model was unavailable (${n.llmReason ?? 'error'}), so the built-in engine ran`);
  if (parts.length === 0) parts.push('nothing needed changing');
  let text = parts.join('; ');
  text = text[0].toUpperCase() + text.slice(1);
  if (n.requestedTone === 'auto') text += ` (auto tone: ${n.profile.tone})`;
  return `${text}.`;
}
