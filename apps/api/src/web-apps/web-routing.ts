/**
 * Which handler a request belongs to. The rule (documented in docs/api.md):
 * - `/auth`, `/ai`, `/api`, `/health`, `/metrics`, `/dev` (and anything below them) are API paths: never the SPA.
 * - `/admin` and below: a static file of the admin build if one matches; otherwise the admin SPA's index.html
 *   for a GET/HEAD that prefers HTML over JSON (a browser navigation); everything else (fetch/XHR sending
 *   `Accept: application/json`, `*\/*`, or no Accept) goes to the admin API controllers. `/admin` itself
 *   (no API there) is served like a web path, so `curl /admin` gets the app too.
 * `pathname` is relative to the app's mount point (`/admin/users` → `/users` for the admin app).
 * - Any other path: a static file of the web build if one matches; otherwise the web SPA's index.html for a
 *   browser navigation, or for any GET/HEAD not preferring JSON whose path does not look like a file
 *   (a script or image request for `/assets/missing.js` stays a 404). The index is answered with the status of
 *   the page the app will show (`webPageStatus`): 200 for the web app's routes, 500 for `/500`, 404 for any other
 *   path (the app's 'Page not found').
 */
export const API_PREFIXES = ['auth', 'ai', 'api', 'health', 'metrics', 'dev'] as const;
export const ADMIN_PREFIX = 'admin';

export type WebTarget = 'api' | 'admin' | 'web';

export function firstSegment(pathname: string): string {
  return pathname.split('/').find((segment) => segment.length > 0) ?? '';
}

export function webTargetOf(pathname: string): WebTarget {
  const first = firstSegment(pathname);
  if ((API_PREFIXES as readonly string[]).includes(first)) return 'api';
  if (first === ADMIN_PREFIX) return 'admin';
  return 'web';
}

/** The last path segment has an extension, so a miss is a missing asset, not a client-side route. */
export function looksLikeFile(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}

/**
 * The content type a client prefers, as `req.accepts()` answers: `'html'`, `'json'` or false. The order of
 * the candidates decides ties (`*\/*`, no Accept header): admin paths list json first, web paths html first.
 */
export type AcceptPreference = (candidates: string[]) => string | false;

export function servesSpaIndex(
  target: Exclude<WebTarget, 'api'>,
  method: string,
  pathname: string,
  accepts: AcceptPreference,
): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  // HTML beats JSON even when JSON is listed first: only an explicit HTML preference (a browser navigation) wins.
  const navigation = accepts(['json', 'html']) === 'html';
  // The admin root has no API behind it, so it is served like a web path; deeper admin paths are shared.
  if (target === 'admin' && pathname !== '/' && pathname !== '') return navigation;
  return navigation || (!looksLikeFile(pathname) && accepts(['html', 'json']) === 'html');
}

/**
 * The web app's routes (apps/web/src/app/router.tsx; a test keeps the two lists equal) and the status each answers
 * with: the spec's route table, `/500` with 500, and any other path (the app's 404 page) with 404. A trailing
 * slash matches as React Router matches it.
 */
export const WEB_ROUTES: readonly string[] = [
  '/',
  '/privacy',
  '/terms',
  '/security',
  '/contact',
  '/blogs',
  '/blogs/:slug',
  '/signup',
  '/signin',
  '/forgot-password',
  '/reset-password',
  '/report/:id',
  '/account',
  '/account/api-keys',
  '/batch',
  '/batch/:id',
];
export const SERVER_ERROR_ROUTE = '/500';

function routePattern(route: string): RegExp {
  const body = route
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/${body}${body ? '/?' : ''}$`);
}
const WEB_ROUTE_PATTERNS = WEB_ROUTES.map(routePattern);

export function webPageStatus(pathname: string): 200 | 404 | 500 {
  if (routePattern(SERVER_ERROR_ROUTE).test(pathname)) return 500;
  return WEB_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname)) ? 200 : 404;
}
