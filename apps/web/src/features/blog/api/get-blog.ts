import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BlogPost } from '@inkprint/contracts';

/** `GET /api/blogs/{slug}`: one post; 404 = not found. */
export const getBlog = (slug: string) => api.request<BlogPost>(`/api/blogs/${encodeURIComponent(slug)}`);

export const useBlog = (slug: string) => useQuery({ queryKey: ['blogs', slug], queryFn: () => getBlog(slug) });
