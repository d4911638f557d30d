/** Base path the admin app is served under (Vite `base` and the router basename). */
export const ADMIN_BASENAME = '/admin';

/**
 * The API origin: the page's own origin unless the build sets VITE_API_URL (admin hosted on a CDN, API elsewhere).
 * Admin calls go to `<origin>/admin/...`, auth calls to `<origin>/auth/...` (product spec §7).
 */
export function apiOrigin(pageOrigin: string, configured?: string): string {
  return ((configured && configured.trim()) || pageOrigin).replace(/\/+$/, '');
}

/** The admin API base, `<API origin>/admin`. */
export function adminApiUrl(pageOrigin: string, configured?: string): string {
  return `${apiOrigin(pageOrigin, configured)}${ADMIN_BASENAME}`;
}
