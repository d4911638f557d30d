import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { noTextFound } from '../errors';
import { normaliseText } from '../text';
import type { Extracted } from './extracted';

const BLOCKS = new Set(
  'ADDRESS ARTICLE ASIDE BLOCKQUOTE BR DD DETAILS DIV DL DT FIELDSET FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR LI MAIN NAV OL P PRE SECTION SUMMARY TABLE TR UL'.split(
    ' ',
  ),
);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'HEAD']);

/** The readable article of an HTML page (Readability), or the page's body text when no article is found. */
export function extractHtml(html: string): Extracted {
  const warnings: string[] = [];
  const { document } = parseHTML(html);
  let article: { content?: string | null } | null = null;
  try {
    article = new Readability(document as never).parse();
  } catch {
    article = null;
  }
  let text = '';
  if (article?.content) {
    text = blockText(parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body);
  }
  if (!text) {
    // Readability mutates the document; parse afresh for the fallback.
    const fresh = parseHTML(html).document;
    text = blockText(fresh.body ?? fresh.documentElement);
    if (text) warnings.push('No article was found on the page; its whole text was used.');
  }
  if (!text) throw noTextFound('No readable text was found at the URL.');
  return { text, warnings };
}

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

function blockText(root: unknown): string {
  const parts: string[] = [];
  const walk = (node: DomNode, depth: number): void => {
    if (depth > 200) return;
    if (node.nodeType === 3) {
      parts.push((node.textContent ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) return;
    const block = BLOCKS.has(name);
    if (block) parts.push('\n\n');
    for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i], depth + 1);
    if (block) parts.push('\n\n');
  };
  if (root) walk(root as DomNode, 0);
  return normaliseText(parts.join(''));
}
