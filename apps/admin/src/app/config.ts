/** Base path the admin app is served under (Vite `base` and the router basename). */
export const ADMIN_BASENAME = '/admin';

/**
 * The admin API lives at `<API origin>/admin/...` (product spec §7). The API origin is the page's own origin
 * unless the build sets VITE_API_URL (admin hosted on a CDN, API elsewhere).
 */
export function adminApiUrl(pageOrigin: string, apiOrigin?: string): string {
  const origin = (apiOrigin && apiOrigin.trim()) || pageOrigin;
  return `${origin.replace(/\/+$/, '')}${ADMIN_BASENAME}`;
}
