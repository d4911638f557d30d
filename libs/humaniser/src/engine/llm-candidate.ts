// The LLM provider's rewrite as a candidate: asked for once, and refused before the judge when it added text, lost a
// name or number, dropped a sentence or moved too far in meaning.
import { wordCount } from '../core/document';
import { noChanges } from '../core/operators';
import { similarity, SIMILARITY_THRESHOLD } from '../core/similarity';
import { LLM_MAX_GROWTH, requestRewrite, type LlmConfig } from './llm';
import { PARAGRAPH_COSINE, SENTENCE_COSINE, type EncoderState } from './meaning';
import { alignedMeaning } from './meaning-guard';
import type { Candidate, RewriteRequest } from './result';

export type LlmState = 'used' | 'rejected' | 'failed';

export async function llmCandidate(
  llm: LlmConfig,
  meaning: EncoderState,
  request: RewriteRequest,
): Promise<{ state?: LlmState; reason?: string; candidate?: Candidate }> {
  const { text, profile, ignore } = request;
  const reply = await requestRewrite(llm, text, profile);
  if (!reply.ok) return { state: 'failed', reason: reply.error };
  const s = similarity(text, reply.text, { ignoreSentences: ignore });
  const m = meaning.encoder ? await alignedMeaning(meaning, text, reply.text, ignore) : undefined;
  const [inWords, outWords] = [wordCount(text), wordCount(reply.text)];
  if (outWords > LLM_MAX_GROWTH * inWords + 10) {
    // a small model's commentary ("I made the following changes: …") keeps every fact and adds text
    return { state: 'rejected', reason: `it added text (${outWords} words for ${inWords})` };
  } else if (s.missing.length) {
    return {
      state: 'rejected',
      reason: `it changed or dropped ${s.missing
        .slice(0, 2)
        .map((x) => `"${x.slice(0, 30)}"`)
        .join(', ')}`,
    };
  } else if (s.dropped.length) {
    return {
      state: 'rejected',
      reason: `it dropped ${s.dropped.length === 1 ? 'a sentence' : `${s.dropped.length} sentences`}`,
    };
  } else if (s.score < SIMILARITY_THRESHOLD) {
    return { state: 'rejected', reason: `similarity ${s.score.toFixed(2)} below ${SIMILARITY_THRESHOLD}` };
  } else if (m && !m.passes) {
    return {
      state: 'rejected',
      reason: `meaning similarity ${Math.min(m.sentenceMin, m.paragraphMin).toFixed(2)} below ${
        m.sentenceMin < SENTENCE_COSINE ? SENTENCE_COSINE : PARAGRAPH_COSINE
      }`,
    };
  }
  return { candidate: { text: reply.text, changes: noChanges(), sim: s, engine: 'llm' } };
}
