// Control and zero-width characters are exactly what this pattern removes.
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f\u200b\u200c\u200d\u2060\ufeff]/g;
const SPACES = /[ \t\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;

/**
 * Readable plain text: line endings unified, control and zero-width characters dropped, runs of spaces collapsed,
 * lines trimmed, and paragraphs separated by exactly one blank line.
 * `joinLines` joins the lines of a paragraph with spaces (PDF, OCR: line breaks there are layout, not meaning)
 * and mends words hyphenated across lines.
 */
export function normaliseText(raw: string, options: { joinLines?: boolean } = {}): string {
  const paragraphs = raw
    .replace(/\r\n?/g, '\n')
    .replace(/\u2028|\u2029/g, '\n')
    .replace(CONTROL, '')
    .split(/\n[ \t\f\u00a0]*\n\s*/)
    .map((paragraph) => {
      const lines = paragraph
        .split('\n')
        .map((line) => line.replace(SPACES, ' ').trim())
        .filter((line) => line.length > 0);
      if (!options.joinLines) return lines.join('\n');
      return lines.reduce((text, line) => {
        if (!text) return line;
        if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line)) return text.slice(0, -1) + line;
        return `${text} ${line}`;
      }, '');
    })
    .filter((paragraph) => paragraph.length > 0);
  return paragraphs.join('\n\n');
}
