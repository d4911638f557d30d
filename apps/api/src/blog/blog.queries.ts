import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BlogListResponse, BlogPost } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { BlogLibrary } from './blog-library';

/** The 404 of `GET /api/blogs/{slug}` (spec §2 not-found state). */
export const BLOG_POST_NOT_FOUND = 'BLOG_POST_NOT_FOUND';

export class ListBlogPosts extends Query<BlogListResponse> {}

/** `GET /api/blogs`: every post, newest update first. */
@QueryHandler(ListBlogPosts)
export class ListBlogPostsHandler implements IQueryHandler<ListBlogPosts> {
  constructor(private readonly library: BlogLibrary) {}

  async execute(_query?: ListBlogPosts): Promise<BlogListResponse> {
    return { posts: this.library.list() };
  }
}

export class GetBlogPost extends Query<BlogPost> {
  constructor(readonly slug: string) {
    super();
  }
}

/** `GET /api/blogs/{slug}`: the post, or 404 BLOG_POST_NOT_FOUND. */
@QueryHandler(GetBlogPost)
export class GetBlogPostHandler implements IQueryHandler<GetBlogPost> {
  constructor(private readonly library: BlogLibrary) {}

  async execute({ slug }: GetBlogPost): Promise<BlogPost> {
    const post = this.library.get(slug);
    if (!post) throw new DomainError(BLOG_POST_NOT_FOUND, 'That story has moved', 404, { slug });
    return post;
  }
}
