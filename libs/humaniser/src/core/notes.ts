// The user-facing `notes`: one short line saying what changed, in the product's words.
import type { Changes } from './operators';
import { styleLabel, type StyleReport } from './style';
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
  /** Candidate rewrites the search weighed (when it kept the text as written, the notes say so). */
  candidates?: number;
  /** No candidate stayed as fluent as human text (the language model's check), so the text is returned unchanged. */
  disfluent?: boolean;
  /** The meaning guard's figure, or that it fell back to word overlap. */
  meaning?: string;
  /** How the rewrite was chosen. */
  judge?: string;
  /** What the guided edit search did (engine/guided.ts), when its rewrite was chosen. */
  guided?: string;
  /** The tone's style targets met and missed by the result (omitted when the text is returned unchanged). */
  style?: Pick<StyleReport, 'met' | 'missed'>;
}

export function composeNotes(n: NoteInput): string {
  const c = n.changes;
  const parts: string[] = [];
  if (n.unchanged) parts.push('No safe rewrite kept the meaning, so the text is returned unchanged');
  if (n.disfluent)
    parts.push('No rewrite read as fluently as human text to the language model, so the text is returned unchanged');
  if (n.removed.preamble) parts.push('removed the assistant preamble');
  if (n.removed.closing) parts.push(`removed the closing line "${n.removed.closing.slice(0, 60)}"`);
  if (c.phrases) parts.push(`replaced ${plural(c.phrases, 'stock phrase', 'stock phrases')}`);
  if (c.plain) parts.push(`put ${plural(c.plain, 'wordy phrase', 'wordy phrases')} plainly`);
  if (c.hedges) parts.push(`cut ${plural(c.hedges, 'hedge', 'hedges')}`);
  if (c.transitions) parts.push(`dropped or simplified ${plural(c.transitions, 'transition', 'transitions')}`);
  if (c.words) parts.push(`swapped ${plural(c.words, 'overused word', 'overused words')} for plainer ones`);
  const rhythm: string[] = [];
  if (c.splits) rhythm.push(`split ${c.splits}`);
  if (c.merges) rhythm.push(`merged ${c.merges}`);
  if (c.reorders) rhythm.push(`reordered ${c.reorders}`);
  if (rhythm.length) parts.push(`varied sentence rhythm (${rhythm.join(', ')})`);
  if (c.voice) parts.push(`made ${plural(c.voice, 'passive sentence', 'passive sentences')} active`);
  if (c.person) parts.push(`addressed the reader directly in ${plural(c.person, 'sentence', 'sentences')}`);
  if (c.register)
    parts.push(
      `moved ${plural(c.register, 'word', 'words')} to a ${n.profile.registerShift === 'formal' ? 'formal' : 'plainer'} register`,
    );
  if (c.lists) parts.push(`turned ${plural(c.lists, 'short list', 'short lists')} into prose`);
  if (c.dashes) parts.push(`replaced ${plural(c.dashes, 'dash', 'dashes')} with plainer punctuation`);
  if (c.contractions) parts.push(`contractions for a ${n.profile.tone} tone`);
  if (c.expansions) parts.push(`no contractions for a ${n.profile.tone} tone`);
  if (n.dropped.length) parts.push(`${plural(n.dropped.length, 'sentence', 'sentences')} reworded beyond recognition`);
  if (n.llm === 'used') parts.push('rewritten by the configured language model');
  if (n.llm === 'rejected')
    parts.push(`the language model's rewrite was not used (${n.llmReason ?? 'failed the meaning check'})`);
  if (n.llm === 'failed')
    parts.push(`the language model was unavailable (${n.llmReason ?? 'error'}), so the built-in engine ran`);
  if (parts.length === 0 && !n.unchanged && !n.disfluent)
    parts.push(
      n.candidates
        ? `kept as written: none of ${plural(n.candidates, 'candidate rewrite', 'candidate rewrites')} scored better with the detector and the ${n.profile.tone} style targets`
        : 'nothing needed changing',
    );
  if (n.guided) parts.push(n.guided);
  if (n.meaning) parts.push(n.meaning);
  if (n.judge) parts.push(n.judge);
  if (n.style && n.style.met.length + n.style.missed.length > 0) {
    const total = n.style.met.length + n.style.missed.length;
    parts.push(
      `${n.profile.tone} style targets met ${n.style.met.length} of ${total}` +
        (n.style.missed.length ? ` (not met: ${n.style.missed.map(styleLabel).join(', ')})` : ''),
    );
  }
  let text = parts.join('; ');
  text = text[0].toUpperCase() + text.slice(1);
  if (n.requestedTone === 'auto') text += ` (auto tone: ${n.profile.tone})`;
  return `${text}.`;
}
