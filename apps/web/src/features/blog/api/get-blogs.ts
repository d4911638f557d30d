import { BlogListResponse } from '@inkprint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newestFirst } from '../posts';

/** `GET /api/blogs`: every published post, shown newest update first. */
export const getBlogs = async () => {
  const answer = await api.request('/api/blogs', { schema: BlogListResponse });
  return newestFirst(answer.posts);
};

export const blogsQueryOptions = () => queryOptions({ queryKey: ['blogs'], queryFn: getBlogs });

export const useBlogs = () => useQuery(blogsQueryOptions());
