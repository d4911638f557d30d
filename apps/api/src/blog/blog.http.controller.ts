import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { BlogListResponse, BlogPost } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { ApiContract } from '../http/api-contract';
import { BlogLibrary } from './blog-library';
import { GetBlogPost, ListBlogPosts } from './blog.queries';

/** Covers are addressed with a content hash (`?v=`), so a changed image is a new URL: cache for a year. */
const COVER_CACHE = 'public, max-age=31536000, immutable';

@ApiTags('blog')
@Controller('api/blogs')
export class BlogController {
  constructor(
    private readonly queries: QueryBus,
    private readonly library: BlogLibrary,
  ) {}

  @Get()
  @ApiContract({ summary: 'Every blog post, newest update first', responses: { 200: BlogListResponse } })
  list(): Promise<BlogListResponse> {
    return this.queries.execute(new ListBlogPosts());
  }

  /** A cover image of a post (static content read at start-up; not a query of the domain). */
  @Get('covers/:file')
  @ApiContract({ summary: "A post's cover image", responses: {}, errors: ['NOT_FOUND'] })
  @ApiParam({ name: 'file', description: 'File name from a post’s coverImage.src', example: 'reading-a-report.svg' })
  @ApiResponse({
    status: 200,
    description: 'The image, cached for a year (the URL carries a content hash)',
    content: {
      'image/svg+xml': { schema: { type: 'string', format: 'binary' } },
      'image/png': { schema: { type: 'string', format: 'binary' } },
      'image/jpeg': { schema: { type: 'string', format: 'binary' } },
      'image/webp': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  cover(
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): void {
    const cover = this.library.cover(file);
    if (!cover) throw new DomainError('NOT_FOUND', 'No such cover image.', 404, { file });
    res.setHeader('Content-Type', cover.contentType);
    res.setHeader('Cache-Control', COVER_CACHE);
    res.setHeader('ETag', cover.etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // An SVG opened on its own is a document: no scripts, no external loads.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === cover.etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', String(cover.body.length));
    res.status(200).end(cover.body);
  }

  @Get(':slug')
  @ApiContract({ summary: 'One blog post', responses: { 200: BlogPost }, errors: ['BLOG_POST_NOT_FOUND'] })
  @ApiParam({ name: 'slug', description: 'The post’s slug (from the list)' })
  get(@Param('slug') slug: string): Promise<BlogPost> {
    return this.queries.execute(new GetBlogPost(slug));
  }
}
