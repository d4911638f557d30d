/** The recovery codes as a text file: what they are for, whose they are, when they were made, one code a line. */
export function recoveryCodesText(codes: readonly string[], account: string, createdAt: Date): string {
  return [
    'Inkprint admin console: two-factor recovery codes',
    `Account: ${account}`,
    `Created: ${createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    'Each code works once, in place of a code from your authenticator app. Keep this file somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** 'inkprint-recovery-codes-2026-11-29.txt' */
export function recoveryCodesFileName(createdAt: Date): string {
  return `inkprint-recovery-codes-${createdAt.toISOString().slice(0, 10)}.txt`;
}

/**
 * Who can reset a lost second factor, as the API does it: the super admin resets another admin's (`Reset 2FA` on the
 * admin team page); nobody resets the super admin's own (the console offers no reset of it, and no operator command
 * does), so the super admin's way back in is a recovery code.
 */
export function lostPhoneAdvice(role: string | undefined, recoveryCodesLeft: number): string {
  const left = `${recoveryCodesLeft} recovery code${recoveryCodesLeft === 1 ? '' : 's'} left.`;
  if (role === 'super_admin') {
    return (
      `${left} You are the super admin: nobody can reset your second factor for you. ` +
      'If you lose your phone, sign in with one of your recovery codes, so keep them somewhere safe.'
    );
  }
  return `${left} If you lose your phone, sign in with a recovery code, or ask the super admin to reset it.`;
}
