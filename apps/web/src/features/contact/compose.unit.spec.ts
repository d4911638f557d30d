import { mailtoUrl, missingFields, webmailUrl } from './compose';

const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hello there', message: 'Line one' };

describe('contact compose (spec §2)', () => {
  it('requires every field', () => {
    expect(missingFields({ ...message, subject: ' ', message: '' })).toEqual(['subject', 'message']);
    expect(missingFields(message)).toEqual([]);
  });
  it('addresses the info contact', () => {
    expect(mailtoUrl('info@inkprint.app', message)).toMatch(
      /^mailto:info@inkprint\.app\?subject=Hello%20there&body=Line%20one/,
    );
    const gmail = new URL(webmailUrl('gmail', 'info@inkprint.app', message));
    expect(gmail.searchParams.get('to')).toBe('info@inkprint.app');
    expect(gmail.searchParams.get('su')).toBe('Hello there');
    expect(new URL(webmailUrl('outlook', 'info@inkprint.app', message)).searchParams.get('subject')).toBe(
      'Hello there',
    );
  });
});
