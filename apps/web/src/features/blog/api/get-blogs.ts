import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BlogListResponse } from '@inkprint/contracts';
import { newestFirst } from '../posts';

/** `GET /api/blogs`: every published post, shown newest update first. */
export const getBlogs = async () => {
  const answer = await api.request<BlogListResponse>('/api/blogs');
  return newestFirst(Array.isArray(answer?.posts) ? answer.posts : []);
};

export const useBlogs = () => useQuery({ queryKey: ['blogs'], queryFn: getBlogs });
