import { linkCopiedNote, reportUrl, shareMessage, SHARE_LINK_FEEDBACK_MS } from './share';

describe('share', () => {
  it('links to {origin}/report/{id}', () => {
    expect(reportUrl('https://inkprint.app', 'Kq3vX0_9-aZ1bC2dE3fG4h')).toBe(
      'https://inkprint.app/report/Kq3vX0_9-aZ1bC2dE3fG4h',
    );
    expect(reportUrl('http://127.0.0.1:3100/', 'abcd1234')).toBe('http://127.0.0.1:3100/report/abcd1234');
  });

  it('copies a message with the link and shows when it expires', () => {
    const expiresAt = '2026-11-25T10:20:00.000Z';
    const message = shareMessage('https://inkprint.app/report/abcd1234', expiresAt);
    expect(message).toContain('https://inkprint.app/report/abcd1234');
    const note = linkCopiedNote(expiresAt);
    expect(note).toMatch(/^Link copied\. Expires .*2026/);
    expect(note).toContain(new Date(expiresAt).getDate() === 25 ? '25 Nov 2026' : 'Nov 2026');
  });

  it('holds the Share Link feedback 1.8 s / 2 s', () => {
    expect(SHARE_LINK_FEEDBACK_MS).toEqual({ copied: 1800, failed: 2000 });
  });
});
