import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DomainError } from '@inkprint/domain-kernel';
import { BlogContentError, BlogLibrary } from './blog-library';
import { GetBlogPost, GetBlogPostHandler, ListBlogPosts, ListBlogPostsHandler } from './blog.queries';

const COVER = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

function post(front: Record<string, string>, body: string): string {
  const lines = Object.entries(front).map(([key, value]) => `${key}: ${value}`);
  return ['---', ...lines, '---', '', body].join('\n');
}

const front = (overrides: Record<string, string> = {}) => ({
  title: 'A title',
  description: 'A description',
  summary: 'A summary',
  updatedAt: '2026-11-01',
  cover: 'cover.svg',
  coverAlt: 'Grey squares',
  ...overrides,
});

const MALICIOUS = [
  '# Heading',
  '',
  'Hello <script>alert("stolen")</script> world.',
  '',
  '<img src="/api/blogs/covers/cover.svg" onerror="alert(1)" alt="x">',
  '<img src="https://evil.example/pixel.gif" alt="tracker">',
  '<img src="//evil.example/pixel.gif" alt="protocol-relative">',
  '',
  '[click me](javascript:alert(1)) and [encoded](jav&#x61;script:alert(2)) and <a href="JAVASCRIPT:alert(3)">caps</a>',
  '',
  '<iframe src="https://evil.example"></iframe>',
  '',
  '<p style="color:red" onclick="alert(4)">styled</p>',
  '',
  '<style>body{display:none}</style>',
  '',
  '<svg><script>alert(5)</script></svg>',
  '',
  '[a real link](https://inkprint.app/docs) and [mail](mailto:hello@inkprint.app) and [relative](/blogs)',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '```ts',
  'const x = "<script>";',
  '```',
].join('\n');

describe('blog (GET /api/blogs, /api/blogs/{slug}) over a content folder', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-blog-'));
    fs.mkdirSync(path.join(dir, 'covers'));
    fs.writeFileSync(path.join(dir, 'covers', 'cover.svg'), COVER);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);

  it('given a post with script, onerror, javascript: links, an iframe and inline styles, then none of them reaches the answer', async () => {
    write('malicious.md', post(front(), MALICIOUS));
    const answer = await new GetBlogPostHandler(BlogLibrary.load(dir)).execute(new GetBlogPost('malicious'));
    const html = answer.html;
    for (const banned of [
      /<script/i,
      /alert\(/i,
      /onerror/i,
      /onclick/i,
      /javascript:/i,
      /jav&#x61;script/i,
      /<iframe/i,
      /<style/i,
      /<svg/i,
      /style=/i,
      /evil\.example/i,
    ]) {
      expect(html).not.toMatch(banned);
    }
    expect(JSON.stringify(answer)).not.toMatch(/<script|onerror|javascript:|<iframe/i);
    expect(html).toContain('<h1>Heading</h1>');
    expect(html).toContain('Hello  world.');
    expect(html).toContain('<img src="/api/blogs/covers/cover.svg" alt="x" />');
    expect(html).toContain('<a href="https://inkprint.app/docs" rel="noopener noreferrer">a real link</a>');
    expect(html).toContain('<a href="mailto:hello@inkprint.app" rel="noopener noreferrer">mail</a>');
    expect(html).toContain('<a href="/blogs" rel="noopener noreferrer">relative</a>');
    expect(html).toContain('<a rel="noopener noreferrer">click me</a>');
    expect(html).toMatch(/<table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>/);
    expect(html).toContain('<code class="language-ts">const x = "&lt;script&gt;";');
    expect(html).toContain('<p>styled</p>');
  });

  it('given posts updated on different days, then the list is newest update first, with cover and summary', async () => {
    write('oldest.md', post(front({ title: 'Oldest', updatedAt: '2026-01-05' }), 'Old.'));
    write('newest.md', post(front({ title: 'Newest', updatedAt: '2026-11-20T09:30:00Z' }), 'New.'));
    write('middle.md', post(front({ title: 'Middle', updatedAt: '2026-06-15' }), 'Mid.'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a post');
    const { posts } = await new ListBlogPostsHandler(BlogLibrary.load(dir)).execute(new ListBlogPosts());
    expect(posts.map((p) => p.slug)).toEqual(['newest', 'middle', 'oldest']);
    expect(posts[0]).toEqual({
      slug: 'newest',
      title: 'Newest',
      summary: 'A summary',
      updatedAt: '2026-11-20T09:30:00.000Z',
      coverImage: {
        src: expect.stringMatching(/^\/api\/blogs\/covers\/cover\.svg\?v=[0-9a-f]{8}$/),
        alt: 'Grey squares',
      },
    });
    expect(Object.keys(posts[0])).not.toContain('html');
  });

  it('given an unknown slug, then 404 BLOG_POST_NOT_FOUND "That story has moved" with the slug', async () => {
    write('known.md', post(front(), 'Body.'));
    const handler = new GetBlogPostHandler(BlogLibrary.load(dir));
    expect((await handler.execute(new GetBlogPost('known'))).title).toBe('A title');
    for (const slug of ['missing', '../known', 'constructor', '__proto__']) {
      const error = await handler.execute(new GetBlogPost(slug)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({
        status: 404,
        code: 'BLOG_POST_NOT_FOUND',
        message: 'That story has moved',
        details: { slug },
      });
    }
  });

  it.each([
    ['a missing field', post({ ...front(), title: '' }, 'Body.'), /title/],
    ['an unknown field', post(front({ author: 'Someone' }), 'Body.'), /author/],
    ['a date that is not ISO', post(front({ updatedAt: '23/11/2026' }), 'Body.'), /updatedAt: must be an ISO date/],
    [
      'a cover outside the covers folder',
      post(front({ cover: '../secret.svg' }), 'Body.'),
      /cover: must be a file name/,
    ],
    ['a cover that does not exist', post(front({ cover: 'nope.svg' }), 'Body.'), /covers\/nope\.svg is missing/],
    ['no front matter', 'Just text.', /must start with a front matter block/],
    ['an unclosed front matter', '---\ntitle: x\n\nBody', /not closed/],
    ['a line that is not key: value', '---\ntitle x\n---\nBody', /line 2 is not "key: value"/],
  ])('given a post with %s, then start-up fails naming the file', (_name, text, problem) => {
    write('good.md', post(front(), 'Body.'));
    write('broken-post.md', text);
    let error: unknown;
    try {
      BlogLibrary.load(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BlogContentError);
    expect((error as Error).message).toMatch(/^Invalid blog post [^\n]*broken-post\.md:\n/);
    expect((error as Error).message).toMatch(problem);
  });

  it('given a file name that is not a slug, then start-up fails naming it', () => {
    write('Bad Name.md', post(front(), 'Body.'));
    expect(() => BlogLibrary.load(dir)).toThrow(/Bad Name\.md[\s\S]*lower-case words joined by hyphens/);
  });

  it('serves only the covers the posts use, by safe file name', () => {
    write('known.md', post(front(), 'Body.'));
    fs.writeFileSync(path.join(dir, 'covers', 'unused.svg'), COVER);
    const library = BlogLibrary.load(dir);
    expect(library.cover('cover.svg')).toMatchObject({ contentType: 'image/svg+xml', body: Buffer.from(COVER) });
    for (const file of ['unused.svg', '../known.md', '..%2Fknown.md', 'cover.svg.md', '.svg', 'COVER.svg'])
      expect(library.cover(file)).toBeUndefined();
  });
});
