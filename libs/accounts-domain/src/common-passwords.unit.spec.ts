import { isCommonPassword, meetsPasswordPolicy } from './index';

describe('isCommonPassword', () => {
  it('finds the leaked favourites whatever their case', () => {
    for (const p of ['Passw0rd', 'PASSWORD1', 'password1', '12345678', 'P@ssw0rd', 'Qwerty123!', 'Michael1'])
      expect(isCommonPassword(p)).toBe(true);
  });

  it('leaves a strong password alone', () => {
    expect(isCommonPassword('Corr3ct-horse-battery')).toBe(false);
    expect(isCommonPassword('Tr0mbone-sunrise')).toBe(false);
  });

  it('catches passwords the composition rule alone let through', () => {
    expect(meetsPasswordPolicy('Passw0rd')).toBe(true);
    expect(isCommonPassword('Passw0rd')).toBe(true);
  });
});
