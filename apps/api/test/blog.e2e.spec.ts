import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { BlogListResponse, BlogPost } from '@inkprint/contracts';
import { BLOG_CONTENT_DIR } from '../src/blog';
import { startTestApp, type TestApp } from './support/test-app';

/** The committed posts (content/blog), over HTTP. */
describe('blog over HTTP (GET /api/blogs, /api/blogs/{slug}, /api/blogs/covers/{file})', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  }, 120_000);
  afterAll(() => t?.close());

  it('lists every committed post, newest update first, with a cover and its alt text', async () => {
    const res = await request(t.server)
      .get('/api/blogs')
      .expect(200)
      .expect('content-type', /application\/json/);
    const { posts } = BlogListResponse.parse(res.body);
    const files = fs.readdirSync(BLOG_CONTENT_DIR).filter((name) => name.endsWith('.md'));
    expect(posts.map((p) => p.slug).sort()).toEqual(files.map((name) => name.replace(/\.md$/, '')).sort());
    expect(posts.length).toBeGreaterThanOrEqual(4);
    const times = posts.map((p) => Date.parse(p.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const post of posts) {
      expect(post.coverImage.src).toMatch(/^\/api\/blogs\/covers\/[a-z0-9-]+\.svg\?v=[0-9a-f]{8}$/);
      expect(post.coverImage.alt.length).toBeGreaterThan(20);
      expect(post.summary.length).toBeGreaterThan(40);
    }
  });

  it('answers one article as sanitised HTML', async () => {
    const res = await request(t.server).get('/api/blogs/reading-a-report').expect(200);
    const post = BlogPost.parse(res.body);
    expect(post).toMatchObject({ slug: 'reading-a-report', title: 'Reading an Inkprint report, section by section' });
    expect(post.description.length).toBeGreaterThan(40);
    expect(post.html).toContain('<h2>');
    expect(post.html).toContain('<table>');
    expect(post.html).toContain('<a href="/blogs/how-a-verdict-is-reached" rel="noopener noreferrer">');
    expect(post.html).not.toMatch(/<script|<iframe|<style|\son[a-z]+=|javascript:/i);
  });

  it('answers 404 "That story has moved" for an unknown slug', async () => {
    const res = await request(t.server).get('/api/blogs/no-such-story').expect(404);
    expect(res.body).toEqual({
      message: 'That story has moved',
      status: 404,
      code: 'BLOG_POST_NOT_FOUND',
      details: { slug: 'no-such-story' },
    });
  });

  it('serves a cover image as SVG with long cache headers and an ETag; unknown or unsafe names are 404', async () => {
    const { body } = await request(t.server).get('/api/blogs').expect(200);
    const src: string = (body as BlogListResponse).posts[0].coverImage.src;
    const res = await request(t.server).get(src).buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const file = src.replace(/^\/api\/blogs\/covers\//, '').replace(/\?.*$/, '');
    const onDisk = fs.readFileSync(path.join(BLOG_CONTENT_DIR, 'covers', file));
    expect(Buffer.from(res.body as Buffer).equals(onDisk)).toBe(true);
    expect(onDisk.length).toBeLessThan(20 * 1024);
    await request(t.server).get(src).set('If-None-Match', res.headers.etag).expect(304);
    for (const bad of ['nope.svg', '..%2F..%2Fpackage.json', 'reading-a-report.md', '.svg']) {
      const missing = await request(t.server).get(`/api/blogs/covers/${bad}`).expect(404);
      expect(missing.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('is documented in the OpenAPI document: JSON contracts for posts, a binary image for covers', async () => {
    const { body: doc } = await request(t.server).get('/api/docs-json').expect(200);
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    expect(paths['/api/blogs'].get.responses['200'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/BlogListResponse' } },
    });
    const article = paths['/api/blogs/{slug}'].get.responses;
    expect(article['200'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/BlogPost' } },
    });
    expect(article['404'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } },
    });
    const cover = paths['/api/blogs/covers/{file}'].get.responses;
    expect(cover['200'].content).toMatchObject({ 'image/svg+xml': { schema: { type: 'string', format: 'binary' } } });
    expect(cover['404'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } },
    });
  });
});
