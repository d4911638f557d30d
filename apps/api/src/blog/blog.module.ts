import * as path from 'node:path';
import { Module } from '@nestjs/common';
import { REPO_ROOT } from '../config';
import { BlogController } from './blog.http.controller';
import { BlogLibrary } from './blog-library';
import { GetBlogPostHandler, ListBlogPostsHandler } from './blog.queries';

/** Where the posts live: Markdown files with front matter, covers in `covers/`. */
export const BLOG_CONTENT_DIR = path.join(REPO_ROOT, 'content', 'blog');

/** The public blog (spec §2 /blogs, §7 GET /api/blogs): posts loaded and rendered once at start-up. */
@Module({
  providers: [
    { provide: BlogLibrary, useFactory: () => BlogLibrary.load(BLOG_CONTENT_DIR) },
    ListBlogPostsHandler,
    GetBlogPostHandler,
  ],
  controllers: [BlogController],
})
export class BlogModule {}
