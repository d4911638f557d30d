import list from './common-password-list.json';

const COMMON = new Set([...list.top, ...list.variants].map((p) => p.toLowerCase()));

/**
 * A password on the list of common passwords (issue 39 item 7: `Passw0rd` passed the composition rule), compared
 * case-insensitively: `PASSWORD1`, `Password1` and `password1` are the same guess to an attacker. The list and its
 * source: `common-password-list.json`, docs/licences/common-passwords.
 */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
