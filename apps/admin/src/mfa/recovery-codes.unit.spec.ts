import { lostPhoneAdvice, recoveryCodesFileName, recoveryCodesText } from './recovery-codes';

describe('recovery codes', () => {
  const at = new Date('2026-11-29T07:05:09.000Z');

  it('writes one code a line under whose they are and when they were made', () => {
    expect(recoveryCodesText(['abcde-12345', 'fghij-67890'], 'root@example.com', at)).toBe(
      [
        'Inkprint admin console: two-factor recovery codes',
        'Account: root@example.com',
        'Created: 2026-11-29 07:05 UTC',
        'Each code works once, in place of a code from your authenticator app. Keep this file somewhere safe.',
        '',
        'abcde-12345',
        'fghij-67890',
        '',
      ].join('\n'),
    );
    expect(recoveryCodesFileName(at)).toBe('inkprint-recovery-codes-2026-11-29.txt');
  });

  it('tells the super admin that nobody resets their factor, and an admin that the super admin can', () => {
    expect(lostPhoneAdvice('super_admin', 10)).toBe(
      '10 recovery codes left. You are the super admin: nobody can reset your second factor for you. ' +
        'If you lose your phone, sign in with one of your recovery codes, so keep them somewhere safe.',
    );
    expect(lostPhoneAdvice('admin', 1)).toBe(
      '1 recovery code left. If you lose your phone, sign in with a recovery code, or ask the super admin to reset it.',
    );
    expect(lostPhoneAdvice('admin', 0)).not.toContain('nobody');
  });
});
