import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** A root-relative path of this app (`/api/blogs/covers/x.svg`): not protocol-relative (`//host`), no backslashes. */
const OWN_PATH = /^\/(?![/\\])[^\\\s]*$/;

/**
 * The allow-list for post HTML. Everything not listed is dropped: script, style, iframe, object, form, svg, every
 * `on*` attribute, `style`, `id`; links keep http(s), mailto and relative targets only; images only from the app's own
 * paths.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'em',
    'strong',
    'del',
    'code',
    'pre',
    'blockquote',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped tags lose their text too (sanitize-html's default keeps the text of unknown tags, but never of these).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        rel: 'noopener noreferrer',
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_PATH.test(frame.attribs.src ?? ''),
};

/** Markdown (GitHub flavour) to HTML that passed the allow-list; raw HTML in the Markdown goes through it too. */
export function renderPostHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, POLICY).trim();
}
