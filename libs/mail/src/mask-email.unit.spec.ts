import { maskEmail, maskEmailsIn } from './mask-email';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('alice.smith@example.com')).toBe('a***@example.com');
    expect(maskEmail('élodie@exemple.fr')).toBe('é***@exemple.fr');
    expect(maskEmail('not-an-address')).toBe('***');
  });

  it('masks every address in a text, URL-encoded ones too', () => {
    expect(maskEmailsIn('550 5.1.1 <bob@example.org>: Recipient address rejected')).toBe(
      '550 5.1.1 <b***@example.org>: Recipient address rejected',
    );
    expect(maskEmailsIn('GET /dev/mailbox/latest?to=carol%40example.net&kind=x')).toBe(
      'GET /dev/mailbox/latest?to=c***@example.net&kind=x',
    );
    expect(maskEmailsIn('no address here')).toBe('no address here');
  });
});
