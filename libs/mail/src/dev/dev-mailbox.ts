import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  assertOutgoingMail,
  DEFAULT_MAIL_FROM,
  isMailKind,
  type Mailer,
  type MailKind,
  type OutgoingMail,
  type SentMail,
} from '../port/mailer';

/** A message kept by the dev mailbox: what was "sent" plus both bodies. */
export interface DevMailboxMessage extends SentMail {
  from: string;
  text: string;
  html: string;
}

export type DevMailboxOptions = {
  /**
   * JSON-lines file each message is appended to, so messages survive a restart and another process (a test, a
   * script, a second API process) can read them. Without it the mailbox lives in memory only.
   */
  file?: string;
  /** How many messages are kept (default 200); older ones are dropped, and the file is trimmed on open. */
  capacity?: number;
  /** The From shown on stored messages (default DEFAULT_MAIL_FROM). */
  from?: string;
  /** Called after each message is stored (e.g. to log where to read it). */
  onStored?: (message: DevMailboxMessage) => void;
};

export const DEV_MAILBOX_CAPACITY = 200;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function parseLine(line: string): DevMailboxMessage | undefined {
  if (!line.trim()) return undefined;
  try {
    const value = JSON.parse(line) as Partial<DevMailboxMessage>;
    const strings = [value.id, value.to, value.subject, value.sentAt, value.from, value.text, value.html];
    if (strings.every((s) => typeof s === 'string') && isMailKind(value.kind)) return value as DevMailboxMessage;
  } catch {
    // A line cut short by a crash: skip it.
  }
  return undefined;
}

/**
 * A Mailer for development and tests that delivers nothing: it keeps each message (newest first, bounded) and,
 * given a file, appends it there as one JSON line. Reads pick up lines other processes appended to the same file.
 */
export class DevMailbox implements Mailer {
  readonly file: string | undefined;
  readonly capacity: number;
  private readonly from: string;
  private readonly onStored: ((message: DevMailboxMessage) => void) | undefined;
  /** Oldest first; the getters reverse. */
  private messages: DevMailboxMessage[] = [];
  private readonly ids = new Set<string>();
  /** Bytes of the file already read. */
  private offset = 0;
  private writes: Promise<void> = Promise.resolve();

  constructor(options: DevMailboxOptions = {}) {
    this.file = options.file;
    this.capacity = options.capacity ?? DEV_MAILBOX_CAPACITY;
    if (!Number.isInteger(this.capacity) || this.capacity < 1)
      throw new TypeError('DevMailbox capacity must be a positive whole number');
    this.from = options.from ?? DEFAULT_MAIL_FROM;
    this.onStored = options.onStored;
    if (this.file) this.load(this.file);
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    assertOutgoingMail(mail);
    const message: DevMailboxMessage = {
      id: randomUUID(),
      messageId: `<${randomUUID()}@inkprint.dev-mailbox>`,
      to: mail.to,
      subject: mail.subject,
      kind: mail.kind,
      sentAt: new Date().toISOString(),
      from: this.from,
      text: mail.text,
      html: mail.html,
    };
    this.remember(message);
    this.trim();
    const file = this.file;
    if (file) {
      // One append per message, in order; a failed write does not block later ones.
      const write = this.writes.then(() => fs.promises.appendFile(file, `${JSON.stringify(message)}\n`, 'utf8'));
      this.writes = write.catch(() => undefined);
      await write;
    }
    this.onStored?.(message);
    const { from: _from, text: _text, html: _html, ...sent } = message;
    return sent;
  }

  /** Messages, newest first; `to` matches case-insensitively. */
  async list(filter: { to?: string; kind?: MailKind } = {}): Promise<DevMailboxMessage[]> {
    await this.refresh();
    return this.messages
      .filter(
        (m) =>
          (filter.to === undefined || sameAddress(m.to, filter.to)) &&
          (filter.kind === undefined || m.kind === filter.kind),
      )
      .reverse();
  }

  /** The newest message to `to` (of `kind`, when given), or undefined. */
  async latest(filter: { to: string; kind?: MailKind }): Promise<DevMailboxMessage | undefined> {
    return (await this.list(filter))[0];
  }

  async get(id: string): Promise<DevMailboxMessage | undefined> {
    await this.refresh();
    return this.messages.find((m) => m.id === id);
  }

  /** Waits for pending file writes. */
  async close(): Promise<void> {
    await this.writes;
  }

  private remember(message: DevMailboxMessage): void {
    if (this.ids.has(message.id)) return;
    this.messages.push(message);
    this.ids.add(message.id);
  }

  /** Drops the oldest messages beyond capacity. */
  private trim(): void {
    const excess = this.messages.length - this.capacity;
    if (excess <= 0) return;
    for (const dropped of this.messages.splice(0, excess)) this.ids.delete(dropped.id);
  }

  /** Reads the file's last `capacity` messages and rewrites it when it holds more, so it stays bounded. */
  private load(file: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    let content: string;
    try {
      content = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const lines = content.split('\n');
    const parsed = lines.map(parseLine).filter((m): m is DevMailboxMessage => m !== undefined);
    for (const message of parsed.slice(-this.capacity)) this.remember(message);
    this.trim();
    if (parsed.length > this.capacity || parsed.length < lines.filter((l) => l.trim()).length) {
      const kept = this.messages.map((m) => `${JSON.stringify(m)}\n`).join('');
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, kept, 'utf8');
      fs.renameSync(tmp, file);
      this.offset = Buffer.byteLength(kept);
    } else {
      this.offset = Buffer.byteLength(content);
    }
  }

  /** Picks up complete lines appended to the file since the last read (by this process or another one). */
  private async refresh(): Promise<void> {
    const file = this.file;
    if (!file) return;
    await this.writes;
    let size: number;
    try {
      size = (await fs.promises.stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (size < this.offset) {
      // Trimmed or replaced by another process: start over from its content.
      this.offset = 0;
    }
    if (size === this.offset) return;
    const handle = await fs.promises.open(file, 'r');
    try {
      const buffer = Buffer.alloc(size - this.offset);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.offset);
      const chunk = buffer.subarray(0, bytesRead);
      const end = chunk.lastIndexOf(0x0a);
      if (end < 0) return;
      const fresh = chunk
        .subarray(0, end + 1)
        .toString('utf8')
        .split('\n')
        .map(parseLine)
        .filter((m): m is DevMailboxMessage => m !== undefined);
      for (const message of fresh) this.remember(message);
      this.messages.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
      this.trim();
      this.offset += end + 1;
    } finally {
      await handle.close();
    }
  }
}
