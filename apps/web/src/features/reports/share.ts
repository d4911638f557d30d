import { paths } from '../../config/paths';

/** `{origin}/report/{id}`: the link a shared report opens at. */
export const reportUrl = (origin: string, id: string): string => origin.replace(/\/+$/, '') + paths.report(id);

/** The expiry as people read it, e.g. '25 Nov 2026, 10:20' (24 h after sharing). */
export function expiryDate(expiresAt: string, locale = 'en-GB'): string {
  return new Date(expiresAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** What 'Share Report' copies: a short message with the link and when it stops working. */
export function shareMessage(url: string, expiresAt: string): string {
  return `Here is my Inkprint AI detection report: ${url} (the link works until ${expiryDate(expiresAt)}).`;
}

/** The note shown once the message is on the clipboard (spec §4 "Share"). */
export const linkCopiedNote = (expiresAt: string): string => `Link copied. Expires ${expiryDate(expiresAt)}`;

/** Copies text; false when the browser refuses (no permission, insecure origin). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** 'Share Link' on the report page: 'Link Copied!' for 1.8 s, 'Copy Failed' for 2 s (spec §2). */
export const SHARE_LINK_LABELS = { idle: 'Share Link', copied: 'Link Copied!', failed: 'Copy Failed' } as const;
export const SHARE_LINK_FEEDBACK_MS = { copied: 1800, failed: 2000 } as const;
