/** Word-level before/after of a rewrite: the longest common subsequence of words, whitespace kept with each word. */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** Above this many word pairs the middle is shown as one removal and one addition (keeps the page responsive). */
export const MAX_DIFF_CELLS = 4_000_000;

const tokens = (text: string): string[] => text.match(/\s*\S+\s*/g) ?? [];
const word = (token: string) => token.trim();

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && word(a[start]) === word(b[start])) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && word(a[endA - 1]) === word(b[endB - 1])) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  for (const t of b.slice(0, start)) push(parts, 'same', t);
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_DIFF_CELLS) {
    if (n) push(parts, 'removed', midA.join(''));
    if (m) push(parts, 'added', midB.join(''));
  } else {
    // lcs[i][j] = LCS length of midA[i..] and midB[j..]
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] =
          word(midA[i]) === word(midB[j])
            ? lcs[(i + 1) * width + j + 1] + 1
            : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && word(midA[i]) === word(midB[j])) {
        push(parts, 'same', midB[j]);
        i++;
        j++;
      } else if (j < m && (i === n || lcs[i * width + j + 1] >= lcs[(i + 1) * width + j])) {
        push(parts, 'added', midB[j++]);
      } else {
        push(parts, 'removed', midA[i++]);
      }
    }
  }
  for (const t of b.slice(endB)) push(parts, 'same', t);
  return parts;
}

/** Counts for the summary line: words kept, added and removed. */
export function diffStats(parts: DiffPart[]): { same: number; added: number; removed: number } {
  const stats = { same: 0, added: 0, removed: 0 };
  for (const p of parts) stats[p.kind] += tokens(p.text).length;
  return stats;
}
