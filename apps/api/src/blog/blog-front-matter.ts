import { z } from 'zod';

/** Front matter of a post in `content/blog/<slug>.md`; every field is required and nothing else is allowed. */
export const BlogFrontMatter = z
  .object({
    title: z.string().trim().min(1).max(140),
    description: z.string().trim().min(1).max(300),
    summary: z.string().trim().min(1).max(600),
    updatedAt: z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: 'must be an ISO date (2026-11-23) or date-time',
    }),
    /** A file in `content/blog/covers/`. */
    cover: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(svg|png|jpe?g|webp)$/, {
      error: 'must be a file name in content/blog/covers/ (lower-case letters, digits, hyphens; svg, png, jpg, webp)',
    }),
    coverAlt: z.string().trim().min(1).max(300),
  })
  .strict();
export type BlogFrontMatter = z.infer<typeof BlogFrontMatter>;

/**
 * Splits a Markdown file into its front matter and body. The front matter is the block between a first line `---`
 * and the next `---` line, one `key: value` per line; a value may be wrapped in double or single quotes (for values
 * that start with a quote or end with spaces). Blank lines and `#` comments are skipped. Anything else is an error:
 * posts are few and hand-written, so a strict, tiny format beats a YAML dependency.
 */
export function splitFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (lines[0]?.trim() !== '---') throw new Error('must start with a front matter block (a first line "---")');
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end < 0) throw new Error('the front matter block is not closed (no second "---" line)');
  const data: Record<string, string> = {};
  for (let index = 1; index < end; index++) {
    const line = lines[index];
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z][A-Za-z0-9]*)\s*:\s*(.*)$/.exec(line);
    if (!match) throw new Error(`front matter line ${index + 1} is not "key: value" (got ${JSON.stringify(line)})`);
    const [, key, raw] = match;
    if (key in data) throw new Error(`front matter key "${key}" appears twice`);
    data[key] = unquote(raw.trim());
  }
  return { data, body: lines.slice(end + 1).join('\n') };
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return JSON.parse(value) as string;
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}
