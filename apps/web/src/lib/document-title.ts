import { useEffect } from 'react';

export const SITE_TITLE = 'Inkprint: AI text detector and humaniser';

/** The browser tab's text for a page: `<page> · Inkprint`, or the site's own title on the landing page. */
export function documentTitle(page?: string): string {
  const name = page?.trim();
  return name ? `${name} · Inkprint` : SITE_TITLE;
}

/** Names the tab (and history entry, bookmark, screen-reader page announcement) after the page being shown. */
export function useDocumentTitle(page?: string): void {
  const title = documentTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
