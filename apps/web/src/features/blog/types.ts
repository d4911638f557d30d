/**
 * Spec §3 "Blog list item" / "Blog detail" and §7 `GET /api/blogs`, `GET /api/blogs/{slug}`. The API side arrives
 * with the AI-service issue; these types should move to @inkprint/contracts with it.
 */
export interface BlogListItem {
  slug: string;
  title: string;
  summary: string;
  updatedAt: string;
  coverImage: { src: string; alt: string } | null;
}
export interface BlogPost {
  slug?: string;
  title: string;
  description?: string;
  summary?: string;
  html: string;
  updatedAt: string;
  coverImage?: { src: string; alt: string } | null;
}
export interface BlogListResponse {
  posts: BlogListItem[];
}

/** Newest update first. */
export function newestFirst(posts: readonly BlogListItem[]): BlogListItem[] {
  return [...posts].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
