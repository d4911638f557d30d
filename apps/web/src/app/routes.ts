import { paths } from '../config/paths';

/** The pages this placeholder knows; the full web app (a later issue) swaps this for a real router. */
export type PageKey = 'landing' | 'not-found';

export function pageFor(pathname: string): PageKey {
  const normalised = pathname.replace(/\/+$/, '') || '/';
  if (normalised === paths.home) return 'landing';
  return 'not-found';
}
