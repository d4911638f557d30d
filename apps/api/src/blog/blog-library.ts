import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BlogListItem, BlogPost } from '@inkprint/contracts';
import { BlogFrontMatter, splitFrontMatter } from './blog-front-matter';
import { renderPostHtml } from './blog-html';

/** Post file names are their slugs: lower-case words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Cover file names the covers route accepts (no dots but the extension's, no slashes: no way out of the folder). */
export const COVER_FILE = /^[a-z0-9][a-z0-9-]*\.(svg|png|jpe?g|webp)$/;
const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
/** Where the API serves the covers (`GET /api/blogs/covers/:file`). */
export const COVERS_PATH = '/api/blogs/covers/';

export interface BlogCover {
  file: string;
  contentType: string;
  body: Buffer;
  /** Strong ETag from the content hash. */
  etag: string;
}

/** A post failed to load: names the file and every problem, so a bad post stops start-up with a clear message. */
export class BlogContentError extends Error {
  constructor(
    readonly file: string,
    problems: string[],
  ) {
    super(`Invalid blog post ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'BlogContentError';
  }
}

/**
 * The blog, read once at start-up from a content folder (`content/blog/*.md` and `content/blog/covers/`): each post's
 * front matter validated, its Markdown rendered to sanitised HTML, its cover read into memory. Nothing touches the
 * disk after start, so requests can never reach a file outside the folder.
 */
export class BlogLibrary {
  private readonly bySlug: ReadonlyMap<string, BlogPost>;
  private readonly covers: ReadonlyMap<string, BlogCover>;
  /** Newest update first; ties by slug so the order is stable. */
  private readonly ordered: readonly BlogListItem[];

  private constructor(posts: BlogPost[], covers: Map<string, BlogCover>) {
    this.bySlug = new Map(posts.map((post) => [post.slug, post]));
    this.covers = covers;
    this.ordered = [...posts]
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.slug.localeCompare(b.slug))
      .map(({ slug, title, summary, updatedAt, coverImage }) => ({ slug, title, summary, updatedAt, coverImage }));
  }

  /** Loads every `*.md` of `dir`; throws BlogContentError naming the first malformed post. */
  static load(dir: string): BlogLibrary {
    if (!fs.existsSync(dir)) throw new Error(`The blog content folder ${dir} does not exist`);
    const coversDir = path.join(dir, 'covers');
    const covers = new Map<string, BlogCover>();
    const posts: BlogPost[] = [];
    const files = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .sort();
    for (const file of files) {
      const shown = path.join(path.basename(dir), file);
      const slug = file.slice(0, -'.md'.length);
      if (!SLUG.test(slug))
        throw new BlogContentError(shown, ['the file name (the slug) must be lower-case words joined by hyphens']);
      let parsed: ReturnType<typeof splitFrontMatter>;
      try {
        parsed = splitFrontMatter(fs.readFileSync(path.join(dir, file), 'utf8'));
      } catch (error) {
        throw new BlogContentError(shown, [(error as Error).message]);
      }
      const front = BlogFrontMatter.safeParse(parsed.data);
      if (!front.success) {
        throw new BlogContentError(
          shown,
          front.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`),
        );
      }
      const meta = front.data;
      if (parsed.body.trim() === '') throw new BlogContentError(shown, ['the post has no body']);
      let cover = covers.get(meta.cover);
      if (!cover) {
        const coverPath = path.join(coversDir, meta.cover);
        if (!fs.existsSync(coverPath))
          throw new BlogContentError(shown, [
            `cover: ${path.join(path.basename(dir), 'covers', meta.cover)} is missing`,
          ]);
        const body = fs.readFileSync(coverPath);
        const extension = meta.cover.slice(meta.cover.lastIndexOf('.') + 1);
        cover = {
          file: meta.cover,
          contentType: CONTENT_TYPES[extension],
          body,
          etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`,
        };
        covers.set(meta.cover, cover);
      }
      posts.push({
        slug,
        title: meta.title,
        description: meta.description,
        summary: meta.summary,
        html: renderPostHtml(parsed.body),
        updatedAt: new Date(meta.updatedAt).toISOString(),
        // The content hash in the query makes the URL change with the image, so browsers may cache it for a year.
        coverImage: { src: `${COVERS_PATH}${meta.cover}?v=${cover.etag.slice(1, 9)}`, alt: meta.coverAlt },
      });
    }
    return new BlogLibrary(posts, covers);
  }

  list(): BlogListItem[] {
    return [...this.ordered];
  }

  get(slug: string): BlogPost | undefined {
    return this.bySlug.get(slug);
  }

  /** A cover that a post uses; undefined for any other name. */
  cover(file: string): BlogCover | undefined {
    return COVER_FILE.test(file) ? this.covers.get(file) : undefined;
  }
}
