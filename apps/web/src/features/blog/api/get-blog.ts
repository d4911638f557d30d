import { BlogPost } from '@inkprint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/blogs/{slug}`: one post; 404 = not found. */
export const getBlog = (slug: string) => api.request(`/api/blogs/${encodeURIComponent(slug)}`, { schema: BlogPost });

export const blogQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blogs', slug], queryFn: () => getBlog(slug) });

export const useBlog = (slug: string) => useQuery(blogQueryOptions(slug));
