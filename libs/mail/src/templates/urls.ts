/** Web routes the e-mails link to (product spec §2). */
export const RESET_PASSWORD_PATH = '/reset-password';
export const ADMIN_INVITE_PATH = '/admin/invite';

/**
 * An absolute link into the web app: `appUrl('https://inkprint.example.com', '/reset-password', { token })`.
 * `base` is the configured public address (APP_PUBLIC_URL); a path in it is kept (`https://host/app` + `/x` →
 * `https://host/app/x`). Query values are URL-encoded; undefined ones are left out.
 */
export function appUrl(base: string, path: string, query: Record<string, string | undefined> = {}): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new TypeError(`The public base URL must be an absolute http(s) URL (got ${JSON.stringify(base)})`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new TypeError(
      `The public base URL must be an absolute http(s) URL without credentials (got ${JSON.stringify(base)})`,
    );
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  url.search = '';
  url.hash = '';
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** `<base>/reset-password?token=…` */
export function passwordResetUrl(base: string, token: string): string {
  return appUrl(base, RESET_PASSWORD_PATH, { token });
}

/** `<base>/admin/invite?token=…` */
export function adminInviteUrl(base: string, token: string): string {
  return appUrl(base, ADMIN_INVITE_PATH, { token });
}
