/** Password policy of spec §5: at least 8 characters and at least 3 of 4 categories. */
export const PASSWORD_POLICY_MESSAGE =
  'Password must be at least 8 characters and include at least 3 of: lowercase, uppercase, number, symbol.';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RECOMMENDED_LENGTH = 12;
/** Longer inputs are refused before hashing (argon2 cost grows with input). */
export const PASSWORD_MAX_LENGTH = 256;

/** Characters as a person counts them: Unicode code points, so an emoji is one character, not two UTF-16 units. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** Lowercase, uppercase, digit, symbol: letters of any script count by their case, anything else is a symbol. */
export function passwordCategories(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
}

export function meetsPasswordPolicy(password: string): boolean {
  const length = passwordLength(password);
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH && passwordCategories(password) >= 3;
}

export type PasswordStrength = 'Very weak' | 'Weak' | 'Medium' | 'Strong';

export function passwordStrength(password: string): PasswordStrength {
  const n = passwordCategories(password);
  const length = passwordLength(password);
  if (length >= 12 && n === 4) return 'Strong';
  if (length >= 8 && n >= 3) return 'Medium';
  if (length >= 8 && n >= 2) return 'Weak';
  return 'Very weak';
}
