import type { BlogListItem } from '@inkprint/contracts';

/** Newest update first. */
export function newestFirst(posts: readonly BlogListItem[]): BlogListItem[] {
  return [...posts].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
