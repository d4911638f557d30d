/**
 * Spec §3 "Humanizer result": the rewrite may arrive as a plain string or wrapped in assorted JSON shapes (keys such
 * as humanized_text, text, result, output, choices, data, message), possibly as a JSON string. Returns the text, or
 * null when none of the shapes holds one.
 */
const TEXT_KEYS = [
  'humanised',
  'humanized',
  'humanised_text',
  'humanized_text',
  'humanisedText',
  'humanizedText',
  'rewrite',
  'text',
  'content',
  'output',
  'result',
  'data',
  'message',
  'choices',
] as const;
const MAX_DEPTH = 8;

export function extractHumanisedText(value: unknown, depth = 0): string | null {
  if (depth > MAX_DEPTH || value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed) return null;
    if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
      try {
        return extractHumanisedText(JSON.parse(trimmed), depth + 1) ?? trimmed;
      } catch {
        return trimmed;
      }
    }
    return trimmed;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = extractHumanisedText(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of TEXT_KEYS) {
      if (key in record) {
        const found = extractHumanisedText(record[key], depth + 1);
        if (found) return found;
      }
    }
  }
  return null;
}
