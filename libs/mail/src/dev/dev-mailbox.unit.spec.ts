import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { OutgoingMail } from '../port/mailer';
import { passwordResetMail, verificationCodeMail } from '../templates/account-mails';
import { DevMailbox, type DevMailboxMessage } from './dev-mailbox';

const code = (to: string, value: string) => verificationCodeMail({ to, code: value, expiresInMinutes: 2 });

describe('DevMailbox', () => {
  let tmp: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-dev-mailbox-'));
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  describe('in memory', () => {
    it('stores each message with both bodies and answers what a mailer answers', async () => {
      const mailbox = new DevMailbox();
      const mail = code('ada@example.com', '123456');
      const sent = await mailbox.send(mail);
      expect(sent).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        messageId: expect.stringMatching(/^<.+@inkprint\.dev-mailbox>$/),
        to: 'ada@example.com',
        subject: mail.subject,
        kind: 'verification_code',
        sentAt: expect.any(String),
      });
      expect(await mailbox.get(sent.id)).toEqual({
        ...sent,
        from: 'Inkprint <no-reply@inkprint.local>',
        text: mail.text,
        html: mail.html,
      });
      expect(await mailbox.get('missing')).toBeUndefined();
    });

    it('lists newest first, filters by recipient (case-insensitively) and kind', async () => {
      const mailbox = new DevMailbox();
      await mailbox.send(code('ada@example.com', '111111'));
      await mailbox.send(code('grace@example.com', '222222'));
      await mailbox.send(
        passwordResetMail({
          to: 'Ada@Example.com',
          resetUrl: 'http://localhost:3000/reset-password?token=t',
          expiresInMinutes: 30,
        }),
      );
      await mailbox.send(code('ada@example.com', '333333'));

      expect((await mailbox.list()).map((m) => m.subject.slice(0, 6))).toEqual([
        '333333',
        'Reset ',
        '222222',
        '111111',
      ]);
      expect((await mailbox.list({ to: 'ADA@example.com' })).length).toBe(3);
      expect((await mailbox.latest({ to: 'ada@example.com' }))?.subject).toMatch(/^333333/);
      expect((await mailbox.latest({ to: 'ada@example.com', kind: 'password_reset' }))?.kind).toBe('password_reset');
      expect(await mailbox.latest({ to: 'nobody@example.com' })).toBeUndefined();
    });

    it('keeps at most `capacity` messages, dropping the oldest', async () => {
      const mailbox = new DevMailbox({ capacity: 3 });
      for (const n of [1, 2, 3, 4, 5]) await mailbox.send(code(`u${n}@example.com`, `00000${n}`));
      expect((await mailbox.list()).map((m) => m.to)).toEqual(['u5@example.com', 'u4@example.com', 'u3@example.com']);
    });

    it('refuses a malformed message', async () => {
      const mailbox = new DevMailbox();
      const bad: OutgoingMail = { ...code('a@example.com', '123456'), to: 'a@example.com, b@example.com' };
      await expect(mailbox.send(bad)).rejects.toThrow(/one e-mail address/);
      await expect(mailbox.send({ ...code('a@example.com', '123456'), subject: 'a\r\nBcc: x@y' })).rejects.toThrow(
        /one non-empty line/,
      );
    });

    it('calls onStored with the stored message', async () => {
      const stored: DevMailboxMessage[] = [];
      const mailbox = new DevMailbox({ onStored: (m) => stored.push(m) });
      const sent = await mailbox.send(code('a@example.com', '123456'));
      expect(stored.map((m) => m.id)).toEqual([sent.id]);
    });
  });

  describe('with a file', () => {
    it('appends one JSON line per message, creating the folder', async () => {
      const file = path.join(tmp, 'nested', 'dev-mailbox.jsonl');
      const mailbox = new DevMailbox({ file });
      const sent = await Promise.all([
        mailbox.send(code('a@example.com', '111111')),
        mailbox.send(code('b@example.com', '222222')),
      ]);
      await mailbox.close();
      const lines = fs
        .readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as DevMailboxMessage);
      expect(lines.map((m) => m.id)).toEqual(sent.map((m) => m.id));
      expect(lines[0]).toMatchObject({
        to: 'a@example.com',
        kind: 'verification_code',
        text: expect.stringContaining('111111'),
      });
    });

    it('survives a restart', async () => {
      const file = path.join(tmp, 'dev-mailbox.jsonl');
      const first = new DevMailbox({ file });
      await first.send(code('a@example.com', '111111'));
      await first.close();

      const second = new DevMailbox({ file });
      expect((await second.latest({ to: 'a@example.com' }))?.text).toContain('111111');
      await second.send(code('a@example.com', '222222'));
      expect((await second.list()).map((m) => m.subject.slice(0, 6))).toEqual(['222222', '111111']);
    });

    it('sees messages another process appended to the same file', async () => {
      const file = path.join(tmp, 'dev-mailbox.jsonl');
      const reader = new DevMailbox({ file });
      const writer = new DevMailbox({ file });
      expect(await reader.list()).toEqual([]);
      const sent = await writer.send(code('a@example.com', '987654'));
      expect((await reader.latest({ to: 'a@example.com' }))?.id).toBe(sent.id);
      // A line still being written (no newline yet) is not read until it is complete.
      const line = JSON.stringify({
        ...(await writer.get(sent.id)),
        id: 'late',
        sentAt: new Date(Date.now() + 1000).toISOString(),
      });
      fs.appendFileSync(file, line.slice(0, 20));
      expect((await reader.list()).length).toBe(1);
      fs.appendFileSync(file, `${line.slice(20)}\n`);
      expect((await reader.list()).map((m) => m.id)).toEqual(['late', sent.id]);
    });

    it('trims the file to `capacity` on open and skips broken lines', async () => {
      const file = path.join(tmp, 'dev-mailbox.jsonl');
      const writer = new DevMailbox({ file, capacity: 10 });
      for (const n of [1, 2, 3, 4]) await writer.send(code(`u${n}@example.com`, `00000${n}`));
      fs.appendFileSync(file, '{"broken": \n');

      const reopened = new DevMailbox({ file, capacity: 2 });
      expect((await reopened.list()).map((m) => m.to)).toEqual(['u4@example.com', 'u3@example.com']);
      expect(fs.readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(2);
      await reopened.send(code('u5@example.com', '000005'));
      expect((await reopened.list()).map((m) => m.to)).toEqual(['u5@example.com', 'u4@example.com']);
    });
  });
});
