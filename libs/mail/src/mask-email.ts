/**
 * E-mail addresses as log lines may show them (issue 39 item 7: addresses are personal data, log lines carry none):
 * the first character of the local part and the domain, `a***@example.com`.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${[...address.slice(0, at)][0]}***${address.slice(at)}`;
}

// The local part's usual characters (not `/`, `?`, `=`, `&`, which would eat a URL's path and query).
const EMAIL_IN_TEXT = /[\p{L}\p{N}._+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** Text (an error's message or stack, a URL) with every address in it masked, its URL-encoded `%40` form included. */
export function maskEmailsIn(text: string): string {
  return text.replace(/%40/gi, '@').replace(EMAIL_IN_TEXT, maskEmail);
}
