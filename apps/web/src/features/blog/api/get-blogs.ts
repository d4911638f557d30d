import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newestFirst, type BlogListResponse } from '../types';

/** `GET /api/blogs`: every published post, shown newest update first. */
export const getBlogs = async () => {
  const answer = await api.request<BlogListResponse>('/api/blogs');
  return newestFirst(Array.isArray(answer?.posts) ? answer.posts : []);
};

export const useBlogs = () => useQuery({ queryKey: ['blogs'], queryFn: getBlogs });
