/** Password policy of spec §5: at least 8 characters and at least 3 of 4 categories. */
export const PASSWORD_POLICY_MESSAGE =
  'Password must be at least 8 characters and include at least 3 of: lowercase, uppercase, number, symbol.';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RECOMMENDED_LENGTH = 12;
/** Longer inputs are refused before hashing (argon2 cost grows with input). */
export const PASSWORD_MAX_LENGTH = 256;

export function passwordCategories(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    passwordCategories(password) >= 3
  );
}

export type PasswordStrength = 'Very weak' | 'Weak' | 'Medium' | 'Strong';

export function passwordStrength(password: string): PasswordStrength {
  const n = passwordCategories(password);
  if (password.length >= 12 && n === 4) return 'Strong';
  if (password.length >= 8 && n >= 3) return 'Medium';
  if (password.length >= 8 && n >= 2) return 'Weak';
  return 'Very weak';
}
