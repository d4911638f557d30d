import { z } from 'zod';

const iso = z.string().meta({ format: 'date-time' });

/** A post's cover: `src` is a path the API serves (`/api/blogs/covers/{file}`), `alt` describes the image. */
export const BlogCoverImage = z.object({ src: z.string(), alt: z.string() }).meta({ id: 'BlogCoverImage' });
export type BlogCoverImage = z.infer<typeof BlogCoverImage>;

/** Spec §3 "Blog list item": a card of the `/blogs` page. */
export const BlogListItem = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    /** When the post was last updated (ISO 8601); the list is ordered by it, newest first. */
    updatedAt: iso,
    coverImage: BlogCoverImage,
  })
  .meta({ id: 'BlogListItem' });
export type BlogListItem = z.infer<typeof BlogListItem>;

/** `GET /api/blogs` (spec §7): every published post, newest update first. */
export const BlogListResponse = z.object({ posts: z.array(BlogListItem) }).meta({ id: 'BlogListResponse' });
export type BlogListResponse = z.infer<typeof BlogListResponse>;

/** Spec §3 "Blog detail", `GET /api/blogs/{slug}`: `html` is the post rendered from Markdown and sanitised. */
export const BlogPost = z
  .object({
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    summary: z.string(),
    html: z.string(),
    updatedAt: iso,
    coverImage: BlogCoverImage,
  })
  .meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof BlogPost>;
