import type { MailKind, OutgoingMail } from '../port/mailer';

export const PRODUCT_NAME = 'Inkprint';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML element or a quoted attribute. Every interpolated value goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** Only absolute http(s) links go into an e-mail (no `javascript:`, no relative paths). */
export function assertHttpUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${what} must be an absolute http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${what} must be an absolute http(s) URL (got ${JSON.stringify(value)})`);
  }
  return url.toString();
}

/** "2 minutes", "1 minute", "1 hour", "24 hours", "90 minutes". */
export function formatDuration(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes <= 0)
    throw new TypeError(`expiresInMinutes must be a positive whole number (got ${minutes})`);
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "21 November 2026, 06:42 UTC": one unambiguous form, whatever the reader's locale. */
export function formatUtc(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime()))
    throw new TypeError(`expiresAt must be a valid date (got ${JSON.stringify(value)})`);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** "Hi Ada," from a display name (whitespace collapsed, at most 80 characters), or "Hi," without one. */
export function greeting(name: string | undefined): string {
  const clean = (name ?? '').replace(/\s+/g, ' ').trim().slice(0, 80).trim();
  return clean ? `Hi ${clean},` : 'Hi,';
}

/** The one thing the reader needs: a code to type, or a link to open. */
export type MailAction = { type: 'code'; code: string } | { type: 'link'; label: string; url: string };

export type MailContent = {
  to: string;
  kind: MailKind;
  subject: string;
  /** Hidden preview line most inboxes show next to the subject. */
  preview: string;
  greeting: string;
  /** Paragraphs before the action. */
  intro: string[];
  action: MailAction;
  /** Paragraphs after the action (validity, what to do when it expired). */
  details: string[];
  /** The "if this wasn't you" paragraph. */
  notYou: string;
};

const SIGN_OFF = `The ${PRODUCT_NAME} team`;

function footer(to: string): string {
  return `This message was sent to ${to} by ${PRODUCT_NAME}. It is an automated message: replies to it are not read.`;
}

/**
 * Renders one message as plain text and HTML from the same content, so both parts always say the same thing.
 * The HTML has inline styles only: no images, no remote resources, no tracking.
 */
export function renderMail(content: MailContent): OutgoingMail {
  return {
    to: content.to,
    kind: content.kind,
    subject: content.subject,
    text: renderText(content),
    html: renderHtml(content),
  };
}

function renderText(c: MailContent): string {
  const action = c.action.type === 'code' ? `    ${c.action.code}` : `${c.action.label}:\n${c.action.url}`;
  const blocks = [c.greeting, ...c.intro, action, ...c.details, c.notYou, `— ${SIGN_OFF}`, '--', footer(c.to)];
  return `${blocks.join('\n\n')}\n`;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const P = 'margin:0 0 16px;';

function renderHtml(c: MailContent): string {
  const paragraphs = (texts: string[]) => texts.map((text) => `<p style="${P}">${escapeHtml(text)}</p>`).join('\n');
  let action: string;
  if (c.action.type === 'code') {
    action =
      `<p style="margin:8px 0 24px;font-family:'SFMono-Regular',Consolas,'Liberation Mono',Menlo,monospace;font-size:32px;` +
      `font-weight:700;letter-spacing:8px;color:#111827;">${escapeHtml(c.action.code)}</p>`;
  } else {
    const href = escapeHtml(c.action.url);
    action =
      `<p style="margin:8px 0 24px;"><a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:6px;` +
      `background:#4338ca;color:#ffffff;font-weight:600;text-decoration:none;">${escapeHtml(c.action.label)}</a></p>\n` +
      `<p style="${P}font-size:13px;color:#4b5563;">If the button does not work, copy this address into your browser:<br>` +
      `<a href="${href}" style="color:#4338ca;word-break:break-all;">${href}</a></p>`;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(c.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(c.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:${FONT};font-size:16px;line-height:1.5;color:#1f2937;">
<tr><td style="padding:28px 32px 0;font-size:20px;font-weight:700;color:#111827;">${PRODUCT_NAME}</td></tr>
<tr><td style="padding:20px 32px 16px;">
${paragraphs([c.greeting, ...c.intro])}
${action}
${paragraphs(c.details)}
<p style="${P}color:#4b5563;">${escapeHtml(c.notYou)}</p>
<p style="${P}">— ${SIGN_OFF}</p>
</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0;font-family:${FONT};font-size:12px;line-height:1.5;color:#6b7280;">${escapeHtml(footer(c.to))}</p>
</td></tr>
</table>
</body>
</html>
`;
}
