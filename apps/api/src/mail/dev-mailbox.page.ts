import { escapeHtml, type DevMailboxMessage } from '@inkprint/mail';

/** Escapes text and turns the http(s) links in it into anchors (each piece escaped on its own). */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/)
    .map((piece, i) => (i % 2 === 1 ? `<a href="${escapeHtml(piece)}">${escapeHtml(piece)}</a>` : escapeHtml(piece)))
    .join('');
}

function article(message: DevMailboxMessage, open: boolean): string {
  const e = escapeHtml;
  return `<article id="m-${e(message.id)}">
<h2>${e(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${e(message.to)}</dd>
<dt>From</dt><dd>${e(message.from)}</dd>
<dt>Kind</dt><dd><code>${e(message.kind)}</code></dd>
<dt>Sent</dt><dd><time datetime="${e(message.sentAt)}">${e(message.sentAt)}</time></dd>
<dt>Id</dt><dd><code>${e(message.id)}</code></dd>
</dl>
<details${open ? ' open' : ''}><summary>Text part</summary><pre>${linkify(message.text)}</pre></details>
<details><summary>HTML part</summary><iframe sandbox="" srcdoc="${e(message.html)}" title="HTML part of ${e(message.subject)}"></iframe></details>
</article>`;
}

/**
 * The dev mailbox as one HTML page. Every value is escaped; each message's HTML part is shown in a sandboxed
 * iframe (no scripts, opaque origin) through `srcdoc`, so it cannot touch this page.
 */
export function devMailboxPage(
  messages: readonly DevMailboxMessage[],
  filter: { to?: string },
  capacity: number,
): string {
  const e = escapeHtml;
  const to = filter.to ?? '';
  const body =
    messages.length === 0
      ? `<p class="empty">No e-mails${to ? ` to ${e(to)}` : ''} yet. Sign up, ask for a password reset or send an invite, then reload this page.</p>`
      : messages.map((message, i) => article(message, i === 0)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox · Inkprint</title>
<style>
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2937; background: #f3f4f6; }
header, main { max-width: 920px; margin: 0 auto; padding: 16px 20px; }
h1 { margin: 8px 0; font-size: 22px; }
h2 { margin: 0 0 8px; font-size: 17px; }
article { background: #fff; border-radius: 8px; padding: 16px 20px; margin: 0 0 16px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; font-size: 14px; }
dt { color: #6b7280; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f9fafb; padding: 12px; border-radius: 6px; }
iframe { width: 100%; height: 520px; border: 1px solid #e5e7eb; border-radius: 6px; background: #fff; }
summary { cursor: pointer; margin: 6px 0; font-weight: 600; }
form { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
input { font: inherit; padding: 4px 8px; min-width: 260px; }
.note { color: #4b5563; }
.empty { background: #fff; padding: 16px 20px; border-radius: 8px; }
</style>
</head>
<body>
<header>
<h1>Dev mailbox</h1>
<p class="note">Development only: Inkprint delivers no e-mail here; it keeps the last ${capacity} messages (newest first). Same data as JSON: <a href="/dev/mailbox${to ? `?to=${e(encodeURIComponent(to))}` : ''}">/dev/mailbox</a>.</p>
<form method="get" action="/dev/mailbox.html">
<label for="to">Recipient</label>
<input id="to" name="to" type="text" value="${e(to)}" placeholder="ada@example.com">
<button type="submit">Filter</button>
<a href="/dev/mailbox.html">Show all</a>
</form>
</header>
<main>
${body}
</main>
</body>
</html>
`;
}
