/**
 * The 'continue' parameter (spec §5): accepted only if it is an https URL on the plans subdomain of the product's
 * host (e.g. https://plans.inkprint.app/checkout/pro); anything else is ignored (returns null).
 */
export function acceptedContinueUrl(value: unknown, productHost: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = productHost.trim().toLowerCase().replace(/\.$/, '');
  return url.hostname === `plans.${host}` ? url.toString() : null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
