import { ERASED, fieldContext, isSealed, newDataKey, openField, sealField, SEALED_PREFIX } from './field-cipher';

describe('personal field sealing', () => {
  const key = newDataKey();
  const context = fieldContext('account-1', 'event-1', 'email');

  it('round-trips any JSON value and never repeats a ciphertext', () => {
    for (const value of ['ada@example.com', '', 'Zoë Ødegård 李', 42, null, { a: [1, 'b'] }]) {
      const sealed = sealField(key, value, context);
      expect(isSealed(sealed)).toBe(true);
      expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
      expect(openField(key, sealed, context)).toEqual(value);
    }
    expect(sealField(key, 'same', context)).not.toBe(sealField(key, 'same', context));
  });

  it('does not open with another key, in another event or field, or when a byte changed', () => {
    const sealed = sealField(key, 'ada@example.com', context);
    expect(() => openField(newDataKey(), sealed, context)).toThrow();
    expect(() => openField(key, sealed, fieldContext('account-1', 'event-2', 'email'))).toThrow();
    expect(() => openField(key, sealed, fieldContext('account-1', 'event-1', 'name'))).toThrow();
    const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => openField(key, SEALED_PREFIX + bytes.toString('base64url'), context)).toThrow();
    expect(() => openField(key, SEALED_PREFIX + 'abc', context)).toThrow(/truncated/);
  });

  it('tells sealed values from plain ones', () => {
    expect(isSealed('ada@example.com')).toBe(false);
    expect(isSealed(ERASED)).toBe(false);
    expect(isSealed(12)).toBe(false);
  });
});
